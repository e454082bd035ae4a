/** The builder's palette: every field kind, its name in the owner's words, grouped as the console reference groups them. */
import type { FieldType, FormField } from "@cartwright/commerce/forms";

export const KIND_LABELS: Record<FieldType, string> = {
  name: "Name",
  email: "Email",
  text: "Single line text",
  textarea: "Paragraph text",
  url: "Website",
  number: "Number",
  tel: "Phone",
  password: "Password",
  select: "Dropdown",
  radio: "Multiple choice",
  checkbox: "Checkboxes",
  date: "Date",
  time: "Time",
  rating: "Rating",
  likert: "Likert scale",
  "image-choice": "Image choice",
  signature: "Signature",
  camera: "Camera",
  "file-upload": "File upload",
  address: "Address",
  "payment-single": "Single item",
  "payment-multiple": "Multiple items (choose one)",
  "payment-select": "Items dropdown",
  "payment-checkbox": "Items checkboxes",
  "payment-quantity": "Quantity",
  "payment-user-amount": "Amount the visitor chooses",
  "payment-total": "Total",
  "credit-card": "Credit card",
  "checkbox-terms": "Terms checkbox",
  captcha: "Captcha",
  html: "HTML content",
  section: "Section divider",
};

export const PALETTE: { group: string; types: FieldType[] }[] = [
  { group: "Standard", types: ["name", "email", "text", "textarea", "number", "tel", "url"] },
  { group: "Choices", types: ["select", "radio", "checkbox", "image-choice", "rating", "likert"] },
  { group: "Fancy", types: ["date", "time", "address", "password", "file-upload", "camera", "signature", "checkbox-terms", "captcha"] },
  {
    group: "Payment",
    types: [
      "payment-single",
      "payment-multiple",
      "payment-select",
      "payment-checkbox",
      "payment-quantity",
      "payment-user-amount",
      "payment-total",
      "credit-card",
    ],
  },
  { group: "Layout", types: ["html", "section"] },
];

/** Kinds whose value is one of their choices (logic rules compare with a choice id). */
export const CHOICE_TYPES: readonly FieldType[] = [
  "select",
  "radio",
  "checkbox",
  "image-choice",
  "payment-multiple",
  "payment-select",
  "payment-checkbox",
];

export function hasChoices(field: FormField): field is Extract<FormField, { choices: unknown }> {
  return "choices" in field && Array.isArray(field.choices);
}

/** A field's name in lists and messages: its label, else its kind and id. */
export function fieldName(field: FormField): string {
  return field.label.trim() || `${KIND_LABELS[field.type]} #${field.id}`;
}
