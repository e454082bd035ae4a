/**
 * The contact-us form's field checks (spec §3.3, §5.3), the same in the widget and on the server:
 * required after trimming, e-mail (WPForms' rules, reference §2), phone ("+" then digits), url,
 * number, date, dropdown options and file extensions. Messages live in one catalogue.
 */
import type { ContactField } from "./types.ts";

export { sift4Distance, suggestEmail } from "./email-suggestion.ts";

export const CONTACT_FORM_MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  url: "Please enter a valid URL.",
  number: "Please enter a valid number.",
  date: "Please enter a valid date.",
  dropdown: "Please choose one of the options.",
  fileType: "This file type is not allowed.",
  tooLong: "Please enter no more than {0} characters.",
  /** Shown under the e-mail field; the suggestion is a button that fills it in. */
  suggestion: "Did you mean {suggestion}?",
} as const;

/** Spec §5.3: what file fields accept (lower case, without the dot). */
export const CONTACT_FILE_EXTENSIONS: readonly string[] = [
  "jpg",
  "jpeg",
  "png",
  "gif",
  "pdf",
  "doc",
  "docx",
  "ppt",
  "pptx",
  "pps",
  "ppsx",
  "odt",
  "xls",
  "xlsx",
  "mp3",
  "mp4",
  "wav",
  "mpg",
  "avi",
  "mov",
  "wmv",
  "3gp",
  "ogv",
];

/** The file input's accept attribute. */
export const CONTACT_FILE_ACCEPT = CONTACT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/**
 * Longest text each field takes (characters): the page checks it, sets it as the input's maxlength, and the server
 * checks it again. The four standard fields by name; a custom field by its kind, one line or several.
 */
export const CONTACT_TEXT_LIMITS = { name: 200, email: 254, phone: 40, message: 5000, customLine: 500, customText: 1000 } as const;

const STANDARD_TEXT_FIELDS = ["name", "email", "phone", "message"] as const;

/** The longest text `field` takes (CONTACT_TEXT_LIMITS). */
export function contactTextLimit(field: ContactField): number {
  const standard = STANDARD_TEXT_FIELDS.find((name) => name === field.field);
  if (standard && !field.is_custom) return CONTACT_TEXT_LIMITS[standard];
  return field.type === "textarea" ? CONTACT_TEXT_LIMITS.customText : CONTACT_TEXT_LIMITS.customLine;
}

export interface ContactFieldError {
  field: string;
  message: string;
}

export interface ContactFile {
  field: string;
  name: string;
}

/** A file name's extension, lower case, "" when it has none. */
export function fileExtension(name: string): string {
  const base = (name ?? "").trim().split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : "";
}

export function isAllowedContactFile(name: string): boolean {
  return CONTACT_FILE_EXTENSIONS.includes(fileExtension(name));
}

/** Non-ASCII domains are checked in their punycode form, as the server's mail code sees them. */
function asciiDomain(domain: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(domain)) return domain;
  if (/[\s/\\?#@:%]/.test(domain)) return null;
  // Labels of letters, marks and digits (no symbols such as ©), with no full-width look-alikes of ASCII (NFKC-stable).
  const composed = domain.normalize("NFC");
  if (composed.normalize("NFKC") !== composed || !composed.split(".").every((label) => /^[\p{L}\p{M}\p{N}-]+$/u.test(label))) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * WPForms' e-mail rules: 6 to 254 characters, one "@", a local part of at most 63 allowed characters,
 * no leading dot, no "..", no trailing dot; a domain of 2 or more labels, each 1–63 letters, digits
 * or hyphens, not starting or ending with a hyphen.
 */
export function isValidEmail(address: string): boolean {
  const text = (address ?? "").trim();
  if (text.length < 6 || text.length > 254) return false;
  const at = text.indexOf("@");
  if (at < 1 || at !== text.lastIndexOf("@")) return false;
  if (text.startsWith(".") || text.endsWith(".") || text.includes("..")) return false;
  const local = text.slice(0, at);
  if (local.length > 63 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  const domain = asciiDomain(text.slice(at + 1));
  if (!domain) return false;
  const labels = domain.split(".");
  return labels.length >= 2 && labels.every((label) => label.length <= 63 && /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label));
}

/** Spec §5.3: an optional leading "+" followed only by digits. */
export function isValidPhone(value: string): boolean {
  return /^\+?\d+$/.test(value);
}

/** A web address, with or without its scheme ("example.com/help" is read as https). */
export function isValidUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(value);
  try {
    const url = new URL(hasScheme ? value : `https://${value}`);
    return (url.protocol === "http:" || url.protocol === "https:") && /\.[a-z\d-]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Whole or decimal, optionally signed ("12", "-3", "2.5"). */
export function isValidNumber(value: string): boolean {
  return /^[+-]?\d+(?:\.\d+)?$/.test(value);
}

/** A real calendar day as YYYY-MM-DD. */
export function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What a field's value must be, by its type (standard fields also by their name). */
function kindOf(field: ContactField): string {
  if (field.type === "email" || field.field === "email") return "email";
  if (field.type === "tel" || field.field === "phone") return "phone";
  return field.type;
}

/** The first rule the value breaks, or null. */
function valueError(field: ContactField, value: string): string | null {
  const kind = kindOf(field);
  const max = contactTextLimit(field);
  if (value.length > max) return CONTACT_FORM_MESSAGES.tooLong.replace("{0}", String(max));
  switch (kind) {
    case "email":
      return isValidEmail(value) ? null : CONTACT_FORM_MESSAGES.email;
    case "phone":
      return isValidPhone(value) ? null : CONTACT_FORM_MESSAGES.phone;
    case "url":
      return isValidUrl(value) ? null : CONTACT_FORM_MESSAGES.url;
    case "number":
      return isValidNumber(value) ? null : CONTACT_FORM_MESSAGES.number;
    case "date":
      return isValidDate(value) ? null : CONTACT_FORM_MESSAGES.date;
    case "dropdown":
      return field.field_dropdown.some((option) => option.trim() === value) ? null : CONTACT_FORM_MESSAGES.dropdown;
    default:
      return null;
  }
}

/**
 * The form's field errors, in the fields' order, at most one per field; [] when it may be sent.
 * `values` are keyed by each field's `field` (the standard name or the custom slug); `files` name the
 * file field they were chosen in. Textblocks hold no input and are skipped.
 */
export function checkContactForm(fields: ContactField[], values: Record<string, string>, files: ContactFile[]): ContactFieldError[] {
  const errors: ContactFieldError[] = [];
  for (const field of fields) {
    if (field.type === "textblock") continue;
    let message: string | null;
    if (field.type === "file") {
      const chosen = files.filter((file) => file.field === field.field);
      if (chosen.length === 0) message = field.is_required ? CONTACT_FORM_MESSAGES.required : null;
      else message = chosen.every((file) => isAllowedContactFile(file.name)) ? null : CONTACT_FORM_MESSAGES.fileType;
    } else {
      const value = String(values[field.field] ?? "").trim();
      if (value === "") message = field.is_required ? CONTACT_FORM_MESSAGES.required : null;
      else message = valueError(field, value);
    }
    if (message) errors.push({ field: field.field, message });
  }
  return errors;
}
