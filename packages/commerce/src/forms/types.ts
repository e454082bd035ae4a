/**
 * The form definition document (decision 0024; spec visitor-widget-forms-attribution §2.2, §3.5):
 * one JSON document per form, stored as it is, checked by `checkDefinition`, read by the server,
 * the browser's renderer and the console's builder. Field ids are stable numbers; money is in
 * integer minor units of the shop's currency (the currency itself is the shop's, never stored here).
 */

/** Logic operators (show/hide a field by other fields' values). */
export const LOGIC_OPERATORS = ["is", "is_not", "contains", ">", "<", "empty", "not_empty"] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];

/** One condition: `field`'s value compared with `value` (a choice id for choice fields). */
export interface LogicRule {
  field: number;
  operator: LogicOperator;
  value?: string;
}

/** Show or hide the field when any or all of the rules hold. */
export interface FieldLogic {
  action: "show" | "hide";
  match: "any" | "all";
  rules: LogicRule[];
}

/** A choice of a choice or payment field; its id is what the browser submits. */
export interface Choice {
  id: number;
  label: string;
  /** Payment choices only. */
  priceMinor?: number;
  imageUrl?: string;
  /** Checked or selected at first. */
  selected?: boolean;
}

interface FieldBase {
  id: number;
  /** 1-based page number the field sits on. */
  page: number;
  label: string;
  description?: string;
  placeholder?: string;
  /** The starting value (a choice id for choice fields). */
  default?: string;
  required: boolean;
  cssClass?: string;
  logic?: FieldLogic;
}

export interface NameField extends FieldBase {
  type: "name";
  /** "simple" is one input; "first-last" submits [first] and [last]. */
  format: "simple" | "first-last";
}
export interface EmailField extends FieldBase {
  type: "email";
  /** A second input ([secondary]) that must match; the first is then [primary]. */
  confirmation: boolean;
  /** Domains refused (and their subdomains), e.g. "mailinator.com". */
  restrictedDomains: string[];
  /** Offer the typo suggestion on leaving the field. */
  suggestTypos: boolean;
  /** The owner's own domains a typo is also compared with, before the common webmail ones (spec §5.4: lists extended by settings). */
  suggestionDomains?: string[];
}
export interface TextField extends FieldBase {
  type: "text";
  maxLength?: number;
  /** "9" a digit, "a" a letter, "*" either; anything else is written as it is. */
  inputMask?: string;
}
export interface TextareaField extends FieldBase {
  type: "textarea";
  maxLength?: number;
}
export interface UrlField extends FieldBase {
  type: "url";
}
export interface NumberField extends FieldBase {
  type: "number";
  min?: number;
  max?: number;
  /** Counted from `min` (or 0). */
  step?: number;
}
export interface TelField extends FieldBase {
  type: "tel";
  inputMask?: string;
}
export interface PasswordField extends FieldBase {
  type: "password";
  confirmation: boolean;
  /** 0 none; 1 Weak, 2 Medium, 3 Strong (reading B's levels; decision 0024). */
  minStrength: 0 | 1 | 2 | 3;
}
export interface SelectField extends FieldBase {
  type: "select";
  choices: Choice[];
  multiple: boolean;
}
export interface RadioField extends FieldBase {
  type: "radio";
  choices: Choice[];
}
export interface CheckboxField extends FieldBase {
  type: "checkbox";
  choices: Choice[];
  /** At most this many checked; 0 = unlimited. */
  choiceLimit: number;
}
export interface DateField extends FieldBase {
  type: "date";
  /** YYYY-MM-DD bounds. */
  minDate?: string;
  maxDate?: string;
  /** At least this many days after today. */
  minDaysAhead?: number;
}
export interface TimeField extends FieldBase {
  type: "time";
  format: "12h" | "24h";
  /** "HH:MM", 24-hour; a max earlier than min wraps around midnight. */
  minTime?: string;
  maxTime?: string;
}
export interface RatingField extends FieldBase {
  type: "rating";
  /** Number of stars. */
  scale: number;
}
export interface LikertField extends FieldBase {
  type: "likert";
  /** Rows submit as [1], [2]… (1-based), each the 1-based column chosen. */
  rows: string[];
  columns: string[];
  /** Several columns per row. */
  multiple: boolean;
}
export interface ImageChoiceField extends FieldBase {
  type: "image-choice";
  choices: Choice[];
  multiple: boolean;
  choiceLimit: number;
}
export interface SignatureField extends FieldBase {
  type: "signature";
}
export interface CameraField extends FieldBase {
  type: "camera";
  extensions: string[];
  maxFileBytes: number;
}
export interface FileUploadField extends FieldBase {
  type: "file-upload";
  /** Lower case, without the dot; from ALLOWED_EXTENSIONS. */
  extensions: string[];
  maxFileBytes: number;
  maxFiles: number;
}
export interface AddressField extends FieldBase {
  type: "address";
  /** Country codes listed first in the select. */
  preferredCountries: string[];
  defaultCountry?: string;
  /** Countries whose state input is cleared, disabled and not required (default COUNTRIES_WITHOUT_STATES). */
  countriesWithoutStates?: string[];
  /** Whether the second address line is shown. */
  address2: boolean;
}
export interface PaymentSingleField extends FieldBase {
  type: "payment-single";
  priceMinor: number;
}
export interface PaymentChoicesField extends FieldBase {
  type: "payment-multiple" | "payment-select";
  choices: Choice[];
  /** Show the choices' images (image choice). */
  showImages: boolean;
}
export interface PaymentCheckboxField extends FieldBase {
  type: "payment-checkbox";
  choices: Choice[];
  showImages: boolean;
  choiceLimit: number;
}
export interface PaymentQuantityField extends FieldBase {
  type: "payment-quantity";
  /** The payment field (single, multiple or select) this quantity multiplies. */
  forField: number;
  min: number;
  max: number;
}
export interface PaymentUserAmountField extends FieldBase {
  type: "payment-user-amount";
  minimumMinor: number;
}
export interface PaymentTotalField extends FieldBase {
  type: "payment-total";
  /** Show the order summary table above the total. */
  summary: boolean;
}
export interface CreditCardField extends FieldBase {
  type: "credit-card";
}
export interface CheckboxTermsField extends FieldBase {
  type: "checkbox-terms";
  /** The text beside the box. */
  text: string;
}
export interface CaptchaField extends FieldBase {
  type: "captcha";
}
export interface HtmlField extends FieldBase {
  type: "html";
  /** Owner's markup, rendered sanitised. */
  content: string;
}
export interface SectionField extends FieldBase {
  type: "section";
}

export type FormField =
  | NameField
  | EmailField
  | TextField
  | TextareaField
  | UrlField
  | NumberField
  | TelField
  | PasswordField
  | SelectField
  | RadioField
  | CheckboxField
  | DateField
  | TimeField
  | RatingField
  | LikertField
  | ImageChoiceField
  | SignatureField
  | CameraField
  | FileUploadField
  | AddressField
  | PaymentSingleField
  | PaymentChoicesField
  | PaymentCheckboxField
  | PaymentQuantityField
  | PaymentUserAmountField
  | PaymentTotalField
  | CreditCardField
  | CheckboxTermsField
  | CaptchaField
  | HtmlField
  | SectionField;

export type FieldType = FormField["type"];

export const FIELD_TYPES: readonly FieldType[] = [
  "name",
  "email",
  "text",
  "textarea",
  "url",
  "number",
  "tel",
  "password",
  "select",
  "radio",
  "checkbox",
  "date",
  "time",
  "rating",
  "likert",
  "image-choice",
  "signature",
  "camera",
  "file-upload",
  "address",
  "payment-single",
  "payment-multiple",
  "payment-select",
  "payment-checkbox",
  "payment-quantity",
  "payment-user-amount",
  "payment-total",
  "credit-card",
  "checkbox-terms",
  "captcha",
  "html",
  "section",
];

/** Kinds without an input of their own: nothing is submitted or stored for them. */
export const DISPLAY_ONLY_TYPES: readonly FieldType[] = ["captcha", "html", "section", "payment-single", "payment-total"];

/** Payment fields that carry a price (quantity and total only refer to them). */
export const PRICED_TYPES: readonly FieldType[] = [
  "payment-single",
  "payment-multiple",
  "payment-select",
  "payment-checkbox",
  "payment-user-amount",
];

export type Confirmation =
  | { type: "message"; message: string }
  | { type: "page"; path: string }
  | { type: "redirect"; url: string; newTab: boolean };

export interface FormNotifications {
  owner: { enabled: boolean; subject: string };
  /** Sent to the address in `emailField` when it is filled and visible. */
  visitor: { enabled: boolean; emailField?: number; subject: string; message: string };
}

export const CAPTCHA_PROVIDERS = ["none", "altcha", "recaptcha-v2", "recaptcha-v3", "turnstile", "hcaptcha"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface FormSettings {
  submitText: string;
  /** Shown on the submit button while sending. */
  processingText: string;
  confirmation: Confirmation;
  notifications: FormNotifications;
  pageIndicator: { style: "connector" | "circles" | "progress" | "none"; color: string; showTitles: boolean };
  /**
   * `minSeconds`: a send sooner than this after its token was issued is refused (decision 0163); 0 is off, as is
   * its absence in a form saved before the rule.
   */
  antiSpam: { honeypot: boolean; captcha: CaptchaProvider; token: boolean; minSeconds?: number };
  /** A page change scrolls to the form's top. */
  scrollToTop: boolean;
  /** Sent by fetch (true) or as a normal page post. */
  ajax: boolean;
  /** Save and resume: a partly filled form kept in the visitor's browser; a resume link by e-mail (no files kept). */
  saveProgress: { browser: boolean; email: boolean };
  /** Origins (https://blog.example.com) whose pages may carry the one-tag embed and send it; empty: any site. */
  embedOrigins: string[];
}

export interface FormPage {
  title: string;
}

export interface FormDefinition {
  id: number;
  slug: string;
  title: string;
  /** At least one page; fields name theirs by number (1-based). */
  pages: FormPage[];
  fields: FormField[];
  settings: FormSettings;
}

/** One submitted input: a value, a list ([]), or sub-inputs by name ([first], [primary]…). */
export type FormInput = string | string[] | { [sub: string]: string | string[] | undefined };
/** Submitted inputs by field id. */
export type FormValues = Record<string, FormInput | undefined>;

/** A file chosen in a field (its bytes are the server's business). */
export interface SubmittedFile {
  fieldId: number;
  name: string;
  size: number;
}

/** The input the solved captcha travels in. */
export const CAPTCHA_FIELD = "forms[captcha]";
/** The input carrying the key a page sends each send under, new after every answer (decision 0184). */
export const SUBMISSION_FIELD = "forms[submission]";

/** `forms[fields][{id}]`, or `forms[fields][{id}][{sub}]` for a sub-input (spec §3.5, DEMO.md). */
export function inputName(fieldId: number, sub?: string): string {
  return sub === undefined ? `forms[fields][${fieldId}]` : `forms[fields][${fieldId}][${sub}]`;
}

/** Reads an input name back: its field id, its sub-input, and whether it ends in [] (a list). */
export function parseInputName(name: string): { fieldId: number; sub?: string; list: boolean } | null {
  const match = /^forms\[fields\]\[(\d{1,9})\](?:\[([A-Za-z0-9_-]{1,32})\])?(\[\])?$/.exec(name);
  if (!match) return null;
  const result: { fieldId: number; sub?: string; list: boolean } = { fieldId: Number(match[1]), list: match[3] !== undefined };
  if (match[2] !== undefined) result.sub = match[2];
  return result;
}

/**
 * Puts submitted name/value pairs into `FormValues`: a repeated or [] name becomes a list, a
 * sub-input goes under its field. Names that are not field inputs are ignored.
 */
export function collectValues(entries: Iterable<[string, string]>): FormValues {
  const values: Record<string, FormInput> = {};
  for (const [name, value] of entries) {
    const parsed = parseInputName(name);
    if (!parsed) continue;
    const key = String(parsed.fieldId);
    if (parsed.sub === undefined) {
      const current = values[key];
      if (parsed.list || Array.isArray(current)) values[key] = [...(Array.isArray(current) ? current : []), value];
      else if (typeof current === "string") values[key] = [current, value];
      else values[key] = value;
      continue;
    }
    const group =
      values[key] && typeof values[key] === "object" && !Array.isArray(values[key])
        ? (values[key] as Record<string, string | string[]>)
        : {};
    const current = group[parsed.sub];
    group[parsed.sub] =
      parsed.list || current !== undefined
        ? [...(current === undefined ? [] : Array.isArray(current) ? current : [current]), value]
        : value;
    values[key] = group;
  }
  return values;
}
