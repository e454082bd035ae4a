/** Test payloads: every field kind on one form, and the demo forms as a page would get them. */
import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { defaultFormSettings, type FormDefinition, type FormField, type FormPagePayload, publicForm } from "@cartwright/commerce/forms";

const choices = [
  { id: 1, label: "One", priceMinor: 1000, imageUrl: "/media/one.svg" },
  { id: 2, label: "Two", priceMinor: 2550, imageUrl: "/media/two.svg" },
];

/** One field of each of the kinds, ids 1…32 in FIELD_TYPES order, on two pages. */
export const EVERY_KIND: FormField[] = [
  { id: 1, page: 1, type: "name", label: "Name", format: "first-last", required: true },
  { id: 2, page: 1, type: "email", label: "Email", confirmation: true, restrictedDomains: [], suggestTypos: true, required: true },
  { id: 3, page: 1, type: "text", label: "Order number", maxLength: 20, inputMask: "aa-9999", required: false },
  { id: 4, page: 1, type: "textarea", label: "Message", maxLength: 2000, required: true },
  { id: 5, page: 1, type: "url", label: "Website", required: false },
  { id: 6, page: 1, type: "number", label: "Age", min: 18, max: 99, step: 1, required: false },
  { id: 7, page: 1, type: "tel", label: "Phone", required: false },
  { id: 8, page: 1, type: "password", label: "Password", confirmation: true, minStrength: 2, required: false },
  { id: 9, page: 1, type: "select", label: "Colours", choices, multiple: true, required: false },
  { id: 10, page: 1, type: "radio", label: "Size", choices, required: true },
  { id: 11, page: 1, type: "checkbox", label: "Extras", choices, choiceLimit: 1, required: false },
  { id: 12, page: 1, type: "date", label: "Day", minDate: "2026-01-01", required: false },
  { id: 13, page: 1, type: "time", label: "Time", format: "12h", required: false },
  { id: 14, page: 1, type: "rating", label: "Rating", scale: 5, required: true },
  {
    id: 15,
    page: 1,
    type: "likert",
    label: "Opinion",
    rows: ["Fast", "Friendly"],
    columns: ["No", "Maybe", "Yes"],
    multiple: false,
    required: false,
  },
  { id: 16, page: 1, type: "image-choice", label: "Picture", choices, multiple: false, choiceLimit: 0, required: false },
  { id: 17, page: 2, type: "signature", label: "Signature", required: true },
  { id: 18, page: 2, type: "camera", label: "Photo", extensions: ["jpg", "png"], maxFileBytes: 5 * 1024 * 1024, required: false },
  {
    id: 19,
    page: 2,
    type: "file-upload",
    label: "Files",
    extensions: ["pdf"],
    maxFileBytes: 2 * 1024 * 1024,
    maxFiles: 2,
    required: false,
  },
  { id: 20, page: 2, type: "address", label: "Address", preferredCountries: ["GB"], defaultCountry: "US", address2: true, required: true },
  { id: 21, page: 2, type: "payment-single", label: "Fee", priceMinor: 500, required: false },
  { id: 22, page: 2, type: "payment-multiple", label: "Plan", choices, showImages: true, required: false },
  { id: 23, page: 2, type: "payment-select", label: "Box", choices, showImages: false, required: false },
  { id: 24, page: 2, type: "payment-checkbox", label: "Add-ons", choices, showImages: false, choiceLimit: 0, required: false },
  { id: 25, page: 2, type: "payment-quantity", label: "Quantity", forField: 22, min: 1, max: 5, default: "1", required: false },
  { id: 26, page: 2, type: "payment-user-amount", label: "Tip", minimumMinor: 0, required: false },
  { id: 27, page: 2, type: "payment-total", label: "Order summary", summary: true, required: false },
  { id: 28, page: 2, type: "credit-card", label: "Card", required: true },
  { id: 29, page: 2, type: "checkbox-terms", label: "Terms", text: "I accept the terms", required: true },
  { id: 30, page: 2, type: "captcha", label: "Captcha", required: false },
  { id: 31, page: 2, type: "html", label: "Note", content: "<p>Read <a href='/terms'>the terms</a></p>", required: false },
  { id: 32, page: 2, type: "section", label: "The end", description: "Almost done", required: false },
];

export const KINDS_FORM: FormDefinition = {
  id: 7,
  slug: "kinds",
  title: "Every kind",
  pages: [{ title: "First" }, { title: "Second" }],
  fields: EVERY_KIND,
  settings: defaultFormSettings({ antiSpam: { honeypot: true, captcha: "altcha", token: true } }),
};

export function payloadFor(definition: FormDefinition, overrides: Partial<FormPagePayload> = {}): FormPagePayload {
  return {
    form: publicForm(definition),
    token: "abc.def",
    tokenIssuedAt: 1_790_000_000_000,
    tokenLifetimeSeconds: 3600,
    currency: DEFAULT_CURRENCY,
    ajaxUrl: "/ajax",
    pageUrl: `/forms/${definition.slug}`,
    assetsBase: "/forms/static/",
    honeypot: { name: "forms[fields][33]", label: "Name Email Message" },
    captcha: definition.settings.antiSpam.captcha === "none" ? null : { provider: "altcha", siteKey: "" },
    countries: [
      { code: "DE", name: "Germany", states: [] },
      { code: "GB", name: "United Kingdom", states: [] },
      {
        code: "US",
        name: "United States",
        states: [
          { code: "CA", name: "California" },
          { code: "NY", name: "New York" },
        ],
      },
    ],
    maxUploadTotalBytes: 10 * 1024 * 1024,
    ...overrides,
  };
}
