/**
 * The single-value rules of spec §5.4 and their messages, one catalogue for the browser and the
 * server. Quoted texts are the spec's; the rest are ours. {0}, {#}, {minTime}, {maxTime},
 * {totalSize} and {maxSize} are filled by `fill`.
 */
import { isValidUrl } from "../contact-widget/contact-form.ts";

export { isValidEmail } from "../contact-widget/contact-form.ts";

export const FORM_MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address.",
  emailRestricted: "This email address is not accepted here.",
  mismatch: "The two entries do not match.",
  maxLength: "Please enter no more than {0} characters.",
  min: "Please enter a value greater than or equal to {0}",
  max: "Please enter a value less than or equal to {0}",
  step: "Please enter a value in steps of {0} from {1}.",
  number: "Please enter a number.",
  integer: "Please enter a whole number.",
  url: "Please enter a valid web address.",
  phone: "Please enter a valid phone number.",
  choice: "Please choose one of the options.",
  checkLimit: "Please choose no more than {#} options.",
  date: "Please enter a date as YYYY-MM-DD.",
  dateMin: "Please choose {0} or later.",
  dateMax: "Please choose {0} or earlier.",
  time12h: "Please enter a time like 9:30 AM.",
  time24h: "Please enter a time like 17:30.",
  timeLimit: "Please enter a time from {minTime} to {maxTime}.",
  mask: "Please complete this field in the format {0}.",
  passwordStrength: "Please choose a stronger password: use more characters and mix letters, digits and symbols.",
  creditCard: "Please enter a valid card number.",
  cardExpiry: "Please enter a valid expiry date (MM/YY).",
  cardCvc: "Please enter the card's security code.",
  requiredPayment: "Please choose an amount above 0.",
  minimumPrice: "Please enter at least {0}.",
  amount: "Please enter an amount such as {0}.",
  amountDecimals: "Please enter no more than {0} decimal places, such as {1}.",
  fileExtension: "Files of this type are not accepted here.",
  fileSize: "This file is larger than {0} MB.",
  fileCount: "Please choose no more than {0} files.",
  totalSize: "The selected files come to {totalSize} MB, above the limit of {maxSize} MB.",
  signature: "Please sign again: the signature could not be read.",
} as const;

/** Longest text kept from one input, whatever the field says (a line, a paragraph). */
export const TEXT_LIMITS = { line: 1000, paragraph: 20000, signature: 400_000 } as const;

export type FormMessageKey = keyof typeof FORM_MESSAGES;

/** A catalogue text with its placeholders filled: numbers by position ({0}), names by key. */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(#|\d+|[A-Za-z]+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Length in characters as the visitor sees them (code points: an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Spec §5.4: "https://" goes in front of an address written without a scheme. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (trimmed === "" || /^[a-z][a-z\d+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/\//, "")}`;
}

/**
 * An http(s) address (after `withScheme`) of a named site: exactly two slashes after the scheme,
 * none of the characters RFC 3986 leaves out (spaces, quotes, angle brackets, braces, backslash),
 * no user or password (`https://bank.example@evil.example` reads as one site and opens another),
 * a port above 0, and a host of 2+ labels of letters, digits and inner hyphens (as punycode),
 * the last one with a letter (so no bare IP addresses).
 */
export function isValidWebAddress(url: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(url) || /[\s<>"{}|\\^`]/.test(url) || /^https?:\/\/[^/?#]*@/i.test(url)) return false;
  if (!isValidUrl(url)) return false;
  const parsed = new URL(url);
  const labels = parsed.hostname.split(".");
  return (
    parsed.port !== "0" &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/.test(label)) &&
    /[a-z]/.test(labels.at(-1) ?? "")
  );
}

/** Whether the address's domain is a restricted one or under it ("a.mailinator.com"). */
export function isRestrictedDomain(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domains.some((item) => {
    const restricted = item.trim().toLowerCase().replace(/^@/, "");
    return restricted !== "" && (domain === restricted || domain.endsWith(`.${restricted}`));
  });
}

/** Spec §5.4 number inputs: "-", digits and "."; one optional sign, one optional point. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  return Number(trimmed);
}

function decimals(value: number): number {
  const text = String(value);
  if (text.includes("e-")) return Number(text.split("e-")[1]);
  return text.includes(".") ? (text.split(".")[1] as string).length : 0;
}

/** Spec §5.4 step: (value − base) is a whole number of steps, counted in exact decimals. */
export function isOnStep(value: number, step: number, base = 0): boolean {
  if (!(step > 0)) return true;
  const scale = 10 ** Math.min(12, Math.max(decimals(value), decimals(step), decimals(base)));
  const offset = Math.round(value * scale) - Math.round(base * scale);
  return offset % Math.round(step * scale) === 0;
}

/** Spec §5.4 time12h: h, optional :mm, optional :ss, then AM or PM → minutes since midnight. */
export function parseTime12h(text: string): number | null {
  const match = /^(1[0-2]|0?[1-9])(?::([0-5]\d))?(?::([0-5]\d))?\s*([AaPp])\.?[Mm]\.?$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]) % 12;
  return (hour + (match[4]?.toLowerCase() === "p" ? 12 : 0)) * 60 + Number(match[2] ?? 0);
}

/** Spec §5.4 time24h: 0–23 : 0–59 → minutes since midnight. */
export function parseTime24h(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A minutes-since-midnight time as the field writes it ("9:00 AM" or "09:00"). */
export function formatTime(minutes: number, format: "12h" | "24h"): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, "0");
  if (format === "24h") return `${String(hour).padStart(2, "0")}:${minute}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`;
}

/** Spec §5.4 time-limit: inside [min, max], or outside (max, min) when max is earlier (past midnight). */
export function isWithinTimeLimit(minutes: number, min: number, max: number): boolean {
  return min <= max ? minutes >= min && minutes <= max : minutes >= min || minutes <= max;
}

/** Spec §5.4 masks: "9" a digit, "a" a letter, "*" a letter or digit; other characters as written. */
export function isMaskComplete(mask: string, value: string): boolean {
  const slots = [...mask];
  const chars = [...value];
  if (chars.length !== slots.length) return false;
  return slots.every((slot, index) => {
    const char = chars[index] as string;
    if (slot === "9") return /^\d$/.test(char);
    if (slot === "a") return /^\p{L}$/u.test(char);
    if (slot === "*") return /^[\p{L}\d]$/u.test(char);
    return char === slot;
  });
}

/** A phone number: an optional "+", then digits with spaces, dots, hyphens or brackets; 4–15 digits. */
export function isValidPhoneNumber(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "").length;
  return digits >= 4 && digits <= 15;
}

/**
 * Password strength by reading B's class rules (DESIGN §4, shop spec "Password strength"): counts
 * lowercase, uppercase, digit and other; 3 Strong = 4 classes and 10+, 2 Medium = 4 and 8+,
 * 1 Weak = 2 and 6+, else 0. The server's check (decision 0024); zxcvbn only drives the meter.
 */
export function passwordClassLevel(password: string): 0 | 1 | 2 | 3 {
  const length = characterCount(password);
  let classes = 0;
  if (/\p{Ll}/u.test(password)) classes++;
  if (/\p{Lu}/u.test(password)) classes++;
  if (/\p{Nd}/u.test(password)) classes++;
  if (/[^\p{Ll}\p{Lu}\p{Nd}]/u.test(password)) classes++;
  if (classes >= 4 && length >= 10) return 3;
  if (classes >= 4 && length >= 8) return 2;
  if (classes >= 2 && length >= 6) return 1;
  return 0;
}

/** A real calendar day as YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day `days` after `today` (both YYYY-MM-DD). */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Bytes as MB with two decimals, as the upload messages write them. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2).replace(/\.?0+$/, "");
}
