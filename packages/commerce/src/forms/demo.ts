/**
 * The demo shop's three public forms (shared/DEMO.md "Public forms"), with DEMO's field ids,
 * pages, rules and texts, so the seed, the tests and the journeys share one copy.
 */
import type { Choice, FormDefinition, FormSettings } from "./types.ts";

const MB = 1024 * 1024;

/** Settings a new form starts with. */
export function defaultFormSettings(overrides: Partial<FormSettings> = {}): FormSettings {
  return {
    submitText: "Submit",
    processingText: "Sending...",
    confirmation: { type: "message", message: "Thanks for contacting us! We will be in touch with you shortly." },
    notifications: {
      owner: { enabled: true, subject: "New entry: {form_title}" },
      visitor: { enabled: false, subject: "", message: "" },
    },
    pageIndicator: { style: "progress", color: "#066aab", showTitles: true },
    antiSpam: { honeypot: true, captcha: "none", token: true, minSeconds: 0 },
    scrollToTop: true,
    ajax: true,
    saveProgress: { browser: true, email: false },
    embedOrigins: [],
    ...overrides,
  };
}

function choices(labels: string[]): Choice[] {
  return labels.map((label, index) => ({ id: index + 1, label }));
}

export const CONTACT_FORM: FormDefinition = {
  id: 1,
  slug: "contact",
  title: "Contact us",
  pages: [{ title: "" }],
  fields: [
    { id: 1, page: 1, type: "name", label: "Name", format: "first-last", required: true },
    { id: 2, page: 1, type: "email", label: "Email", confirmation: true, restrictedDomains: [], suggestTypos: true, required: true },
    {
      id: 3,
      page: 1,
      type: "select",
      label: "Topic",
      choices: choices(["Order question", "Returns", "Wholesale", "Other"]),
      multiple: false,
      required: true,
    },
    { id: 4, page: 1, type: "textarea", label: "Message", maxLength: 2000, required: true },
    {
      id: 5,
      page: 1,
      type: "file-upload",
      label: "Attachment",
      extensions: ["png", "jpg", "jpeg", "pdf"],
      maxFileBytes: 2 * MB,
      maxFiles: 2,
      required: false,
    },
  ],
  settings: defaultFormSettings({
    submitText: "Send",
    confirmation: { type: "message", message: "Thanks for contacting us! We will be in touch with you shortly." },
    antiSpam: { honeypot: true, captcha: "altcha", token: true, minSeconds: 0 },
  }),
};

export const CUSTOM_TEE_FORM: FormDefinition = {
  id: 2,
  slug: "custom-tee",
  title: "Custom T-shirt order",
  pages: [{ title: "Your details" }, { title: "Your shirt" }, { title: "Review and pay" }],
  fields: [
    { id: 1, page: 1, type: "name", label: "Name", format: "first-last", required: true },
    { id: 2, page: 1, type: "email", label: "Email", confirmation: false, restrictedDomains: [], suggestTypos: true, required: true },
    { id: 3, page: 1, type: "tel", label: "Phone", required: false },
    { id: 4, page: 1, type: "address", label: "Address", preferredCountries: ["US"], defaultCountry: "US", address2: true, required: true },
    {
      id: 5,
      page: 2,
      type: "payment-multiple",
      label: "Style",
      choices: [
        { id: 1, label: "Classic", priceMinor: 2000, imageUrl: "/media/forms/tee-classic.svg" },
        { id: 2, label: "Premium", priceMinor: 2800, imageUrl: "/media/forms/tee-premium.svg" },
      ],
      showImages: true,
      required: true,
    },
    { id: 6, page: 2, type: "payment-quantity", label: "Quantity", forField: 5, min: 1, max: 10, default: "1", required: false },
    {
      id: 7,
      page: 2,
      type: "payment-checkbox",
      label: "Extras",
      choices: [
        { id: 1, label: "Gift wrap", priceMinor: 500 },
        { id: 2, label: "Express printing", priceMinor: 1200 },
      ],
      showImages: false,
      choiceLimit: 0,
      required: false,
    },
    {
      id: 8,
      page: 2,
      type: "textarea",
      label: "Gift message",
      required: true,
      logic: { action: "show", match: "all", rules: [{ field: 7, operator: "is", value: "1" }] },
    },
    {
      id: 9,
      page: 2,
      type: "file-upload",
      label: "Design",
      extensions: ["png", "jpg", "jpeg", "pdf", "svg"],
      maxFileBytes: 5 * MB,
      maxFiles: 1,
      required: true,
    },
    { id: 10, page: 2, type: "date", label: "Delivery date", minDaysAhead: 3, required: false },
    { id: 11, page: 3, type: "payment-user-amount", label: "Tip", minimumMinor: 0, required: false },
    { id: 12, page: 3, type: "payment-total", label: "Order summary", summary: true, required: false },
    { id: 13, page: 3, type: "signature", label: "Signature", required: true },
    // Required only while the total is above 0 (validate.ts).
    { id: 14, page: 3, type: "credit-card", label: "Card", required: true },
    { id: 15, page: 3, type: "checkbox-terms", label: "Terms", text: "I accept the terms", required: true },
  ],
  settings: defaultFormSettings({
    submitText: "Place order",
    processingText: "Placing your order...",
    confirmation: { type: "message", message: "Thank you! Your custom T-shirt order is in." },
    pageIndicator: { style: "progress", color: "#066aab", showTitles: true },
    antiSpam: { honeypot: true, captcha: "none", token: true, minSeconds: 0 },
  }),
};

export const FEEDBACK_FORM: FormDefinition = {
  id: 3,
  slug: "feedback",
  title: "Store feedback",
  pages: [{ title: "Your visit" }, { title: "What went wrong" }, { title: "Stay in touch" }],
  fields: [
    { id: 1, page: 1, type: "rating", label: "Rating", scale: 5, required: true },
    {
      id: 2,
      page: 1,
      type: "likert",
      label: "How was your visit?",
      rows: ["The shop was easy to use", "Delivery was quick"],
      columns: ["Strongly disagree", "Disagree", "Neutral", "Agree", "Strongly agree"],
      multiple: false,
      required: false,
    },
    {
      id: 3,
      page: 1,
      type: "email",
      label: "Email",
      confirmation: false,
      restrictedDomains: ["mailinator.com", "example.org"],
      suggestTypos: true,
      required: false,
    },
    {
      id: 4,
      page: 2,
      type: "textarea",
      label: "What went wrong?",
      required: true,
      logic: { action: "show", match: "all", rules: [{ field: 1, operator: "<", value: "3" }] },
    },
    { id: 5, page: 3, type: "camera", label: "Photo", extensions: ["jpg", "jpeg", "png"], maxFileBytes: 5 * MB, required: false },
    { id: 6, page: 3, type: "time", label: "Best time to call", format: "12h", minTime: "09:00", maxTime: "17:00", required: false },
  ],
  settings: defaultFormSettings({
    confirmation: { type: "redirect", url: "/shop", newTab: false },
    pageIndicator: { style: "circles", color: "#066aab", showTitles: true },
    antiSpam: { honeypot: true, captcha: "none", token: true, minSeconds: 0 },
  }),
};

export const DEMO_FORMS: readonly FormDefinition[] = [CONTACT_FORM, CUSTOM_TEE_FORM, FEEDBACK_FORM];
