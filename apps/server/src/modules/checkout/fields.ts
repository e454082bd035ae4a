/**
 * Additional checkout fields (spec §2 "additional contact and order fields", §3 locations, §5 field
 * ids): fields an extension registers in code, or a shop owner lists in the `checkoutFields`
 * setting, shown in the contact or order-information part of the checkout, or in both address
 * forms (location 'address'). Contact and order values are kept with the order under
 * `additional_fields`; address values inside the order's billing and shipping address. The server
 * checks every value again and keeps only fields it knows. A field's `rules` (JSON Schemas, spec §3)
 * are checked against the {cart, checkout, customer} document of the order being placed.
 */
import { requiredFieldMessage } from "@cartwright/commerce";
import {
  CHECKOUT_FIELD_ID_PATTERN,
  type FieldRuleDocument,
  type FieldState,
  fieldRulesProblem,
  fieldState,
  ruleValue,
  withAddress,
} from "@cartwright/commerce/field-rules";
import { StoreError } from "../../http/errors.ts";
import type { CheckoutFieldSetting, ShopSettings } from "../settings/index.ts";
import { shopLocale } from "../settings/index.ts";

export type CheckoutField = CheckoutFieldSetting & {
  /** An extra check in code; returns a message when the value is not acceptable. */
  validate?: (value: string | boolean) => string | null;
};

export type FieldLocation = CheckoutFieldSetting["location"];
const LOCATIONS: readonly FieldLocation[] = ["contact", "order", "address"];

const registered = new Map<string, CheckoutField>();

export const FIELD_ID_PATTERN = CHECKOUT_FIELD_ID_PATTERN;
const MAX_LENGTH = 1000;

/** The answer takes the field back. */
export function registerCheckoutField(field: CheckoutField): () => void {
  if (!FIELD_ID_PATTERN.test(field.id)) throw new Error(`A checkout field id must look like 'namespace/field-name' (got '${field.id}').`);
  if (!field.label.trim()) throw new Error(`The checkout field '${field.id}' needs a label.`);
  if (!LOCATIONS.includes(field.location))
    throw new Error(`The checkout field '${field.id}' must be in the contact, order or address location.`);
  if (field.type === "select" && !field.options?.length) throw new Error(`The select field '${field.id}' needs options.`);
  const rulesProblem = fieldRulesProblem(field.rules);
  if (rulesProblem) throw new Error(`The checkout field '${field.id}' has rules that cannot be used: ${rulesProblem}.`);
  registered.set(field.id, field);
  return () => {
    if (registered.get(field.id) === field) registered.delete(field.id);
  };
}

/** The ids of the fields registered in code. */
export const registeredFieldIds = (): string[] => [...registered.keys()];

/** The fields of this shop: those registered in code, then those of the settings (a code field wins an id clash). */
export function checkoutFields(settings: ShopSettings): CheckoutField[] {
  const fromSettings = settings.checkoutFields.filter(
    (f) => FIELD_ID_PATTERN.test(f.id) && LOCATIONS.includes(f.location) && !registered.has(f.id),
  );
  return [...registered.values(), ...fromSettings];
}

/** What the page needs to draw the fields (no functions). */
export const publicCheckoutFields = (settings: ShopSettings): CheckoutFieldSetting[] =>
  checkoutFields(settings).map(({ validate: _validate, ...field }) => field);

export const fieldErrors = {
  invalid: (field: CheckoutField, message: string) =>
    new StoreError("cw_rest_checkout_invalid_additional_field", message, 400, { field: field.id, location: field.location }),
};

type Checked = { value: string | boolean | undefined; problem: string | null };

/** A field's state from its rules for this document (no document: the shop has no rules). */
const stateOf = (field: CheckoutField, document: FieldRuleDocument | null, raw: unknown): FieldState =>
  document ? fieldState(field, document, ruleValue(raw)) : { hidden: false, required: field.required, invalid: null };

/** One field's value as kept (undefined: nothing to keep) and its problem, if any. A hidden field keeps nothing. */
function checkFieldValue(field: CheckoutField, raw: unknown, locale: string, state: FieldState): Checked {
  if (state.hidden) return { value: undefined, problem: null };
  const required = state.required;
  let value: string | boolean | undefined;
  if (field.type === "checkbox") {
    value = raw === true || raw === "true" || raw === "1";
    if (required && !value) return { value, problem: "Please check this box if you want to proceed." };
  } else {
    const text = typeof raw === "string" ? raw.trim() : raw === undefined || raw === null ? "" : String(raw);
    if (text.length > MAX_LENGTH) return { value: undefined, problem: `${field.label} is too long.` };
    if (!text) {
      const missing = field.type === "select" ? "Please select a valid option" : requiredFieldMessage(field.label, locale);
      return { value: undefined, problem: required ? missing : null };
    }
    if (field.type === "select" && !field.options?.some((o) => o.value === text))
      return { value: undefined, problem: "Please select a valid option" };
    value = text;
  }
  return { value, problem: state.invalid ?? field.validate?.(value ?? "") ?? null };
}

/** Whether any field of the shop has rules (then the order's document is built). */
export const hasFieldRules = (settings: ShopSettings) => checkoutFields(settings).some((field) => field.rules);

/** The contact and order fields to keep: only known ids, each value checked; the first problem is an error. */
export function checkedAdditionalFields(
  settings: ShopSettings,
  sent: Record<string, unknown>,
  document: FieldRuleDocument | null = null,
): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  const locale = shopLocale(settings);
  for (const field of checkoutFields(settings)) {
    if (field.location === "address") continue;
    const raw = sent[field.id];
    const { value, problem } = checkFieldValue(field, raw, locale, stateOf(field, document, raw));
    if (problem) throw fieldErrors.invalid(field, problem);
    if (value !== undefined) kept[field.id] = value;
  }
  return kept;
}

/**
 * One address's additional fields (location 'address'), read from the namespaced keys sent inside
 * the address: the values to keep and a message per field with a problem (all of them, so the
 * shopper sees every one at once). Rules see `address` (the address with these values) as `customer.address`.
 */
export function checkedAddressFields(
  settings: ShopSettings,
  sent: Record<string, unknown>,
  document: FieldRuleDocument | null = null,
  address: object = {},
): { values: Record<string, string | boolean>; errors: Record<string, string> } {
  const values: Record<string, string | boolean> = {};
  const errors: Record<string, string> = {};
  const locale = shopLocale(settings);
  const addressDocument = document && withAddress(document, { ...address, ...sent });
  for (const field of checkoutFields(settings)) {
    if (field.location !== "address") continue;
    const raw = sent[field.id];
    const { value, problem } = checkFieldValue(field, raw, locale, stateOf(field, addressDocument, raw));
    if (problem) errors[field.id] = problem;
    else if (value !== undefined) values[field.id] = value;
  }
  return { values, errors };
}

/** For the draft order: the known contact and order fields' values as sent so far, unchecked (the shopper is still typing). */
export function knownAdditionalFields(settings: ShopSettings, sent: Record<string, unknown>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const field of checkoutFields(settings)) {
    if (field.location === "address") continue;
    const value = sent[field.id];
    if (typeof value === "boolean" || (typeof value === "string" && value.length <= MAX_LENGTH)) kept[field.id] = value;
  }
  return kept;
}
