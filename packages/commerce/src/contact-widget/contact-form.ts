/**
 * STAND-IN for H1's contact-form.ts (issue 16 contract): the contact-us form's field checks, as
 * the contract names them, so the server's messages can be built and tested before H1's file is
 * merged. The lead keeps H1's version.
 */
import type { ContactField } from "./types.ts";

/** Spec §5.3. */
export const CONTACT_FILE_EXTENSIONS = [
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
] as const;

export const CONTACT_FORM_MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  url: "Please enter a valid URL.",
  number: "Please enter a number.",
  date: "Please enter a date as YYYY-MM-DD.",
  dropdown: "Please choose one of the options.",
  fileType: `This file type is not allowed. Allowed: ${CONTACT_FILE_EXTENSIONS.join(", ")}.`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function invalid(field: ContactField, value: string): string | null {
  if (field.field === "email" || field.type === "email") return EMAIL.test(value) ? null : CONTACT_FORM_MESSAGES.email;
  if (field.field === "phone" || field.type === "tel") return /^\+?\d+$/.test(value) ? null : CONTACT_FORM_MESSAGES.phone;
  if (field.type === "url") return /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value) ? null : CONTACT_FORM_MESSAGES.url;
  if (field.type === "number") return /^\+?\d+$/.test(value) ? null : CONTACT_FORM_MESSAGES.number;
  if (field.type === "date")
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : CONTACT_FORM_MESSAGES.date;
  if (field.type === "dropdown") return field.field_dropdown.includes(value) ? null : CONTACT_FORM_MESSAGES.dropdown;
  return null;
}

export function checkContactForm(
  fields: ContactField[],
  values: Record<string, string>,
  files: { field: string; name: string }[],
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const field of fields) {
    if (field.type === "textblock") continue;
    if (field.type === "file") {
      const chosen = files.filter((f) => f.field === field.field);
      if (!chosen.length) {
        if (field.is_required) errors.push({ field: field.field, message: CONTACT_FORM_MESSAGES.required });
        continue;
      }
      const allowed: readonly string[] = CONTACT_FILE_EXTENSIONS;
      if (chosen.some((f) => !allowed.includes((f.name.split(".").pop() ?? "").toLowerCase())))
        errors.push({ field: field.field, message: CONTACT_FORM_MESSAGES.fileType });
      continue;
    }
    const value = (values[field.field] ?? "").trim();
    if (!value) {
      if (field.is_required) errors.push({ field: field.field, message: CONTACT_FORM_MESSAGES.required });
      continue;
    }
    const message = invalid(field, value);
    if (message) errors.push({ field: field.field, message });
  }
  return errors;
}
