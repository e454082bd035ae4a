/**
 * Checks one checkout address field as the shopper edits it (spec §5 "Field messages",
 * "Address rules"). The address rules themselves live in @cartwright/commerce (validateAddress);
 * this wraps them for a single field and adds the form-only messages (required selects).
 */
import {
  ADDRESS_MESSAGES,
  type AddressFieldDefinition,
  type AddressFieldKey,
  normalisePostcode,
  validateAddress,
} from "@cartwright/commerce";

export type AddressKind = "billing" | "shipping";

/** The form's messages (spec §5 "Field messages"); the address ones come from commerce. */
export const FIELD_MESSAGES = Object.freeze({
  ...ADDRESS_MESSAGES,
  selectOption: "Please select a valid option",
  /** The placeholder of a select: 'Select a {label}'. */
  selectPlaceholder: (label: string) => `Select a ${label}`,
});

export interface CheckFieldContext {
  /** The address's country (any case); '' when none is chosen. */
  country: string;
  kind: AddressKind;
  /** Billing: the countries the shop sells to (all when absent). */
  allowedCountries?: readonly string[];
  /** Shipping: the countries the shop ships to (all when absent). */
  shipToCountries?: readonly string[];
  /** "en", "de_DE"…: labels in messages are lower-cased except in German. Default "en". */
  locale?: string;
}

/** The field id used for validation errors and inputs: billing_first_name, shipping_postcode… */
export function fieldId(kind: AddressKind, key: AddressFieldKey): string {
  return `${kind}_${key}`;
}

/** The value as checked: trimmed; the postcode also upper-cased. */
export function checkedValue(key: AddressFieldKey, value: string | null | undefined): string {
  const text = typeof value === "string" ? value : "";
  return key === "postcode" ? normalisePostcode(text).trim() : text.trim();
}

const NEEDS_COUNTRY: ReadonlySet<AddressFieldKey> = new Set(["city", "state", "postcode"]);

/**
 * The message for one field's value, or null when it is valid. `definition` is the field as the
 * form shows it (fieldsForCountry for the address's country, with the shop's overrides): its
 * label, required and hidden flags win. A hidden field is never invalid.
 */
export function checkField(
  definition: Readonly<AddressFieldDefinition>,
  value: string | null | undefined,
  context: CheckFieldContext,
): string | null {
  if (definition.hidden) return null;
  const key = definition.key;
  const checked = checkedValue(key, value);
  const country = (key === "country" ? checked : context.country.trim()).toUpperCase();

  // A select left empty: the country select, or a state select (spec: 'Please select a {label}', via commerce).
  if (key === "country" && checked === "") return definition.required ? FIELD_MESSAGES.selectOption : null;
  if (definition.type === "select" && key !== "state" && checked === "") return definition.required ? FIELD_MESSAGES.selectOption : null;
  if (NEEDS_COUNTRY.has(key) && checked !== "" && country === "") return FIELD_MESSAGES.missingCountry;

  const errors = validateAddress(
    { country, [key]: checked },
    {
      // The e-mail belongs to the billing address (commerce checks it for billing only).
      kind: key === "email" ? "billing" : context.kind,
      allowedCountries: context.allowedCountries,
      shipToCountries: context.shipToCountries,
      requireFields: true,
      locale: context.locale ?? "en",
      fieldOverrides: { [key]: { label: definition.label, required: definition.required, hidden: definition.hidden } },
    },
  );
  return errors[key]?.message ?? null;
}
