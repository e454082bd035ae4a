/**
 * Additional checkout fields (spec §2 "additional contact and order fields", §5 field ids): fields
 * an extension registers in code, or a shop owner lists in the `checkoutFields` setting, shown in
 * the contact or order-information part of the checkout and kept with the order under
 * `additional_fields`. The server checks every value again and keeps only fields it knows.
 */
import { StoreError } from "../../http/errors.ts";
import type { CheckoutFieldSetting, ShopSettings } from "../settings/index.ts";

export type CheckoutField = CheckoutFieldSetting & {
  /** An extra check in code; returns a message when the value is not acceptable. */
  validate?: (value: string | boolean) => string | null;
};

const registered = new Map<string, CheckoutField>();

/** Field ids are namespaced, as in 'my-plugin/gift-message', so two extensions never collide. */
const ID_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+$/;

export function registerCheckoutField(field: CheckoutField): void {
  if (!ID_PATTERN.test(field.id)) throw new Error(`A checkout field id must look like 'namespace/field-name' (got '${field.id}').`);
  if (!field.label.trim()) throw new Error(`The checkout field '${field.id}' needs a label.`);
  if (!["contact", "order"].includes(field.location))
    throw new Error(`The checkout field '${field.id}' must be in the contact or order location.`);
  if (field.type === "select" && !field.options?.length) throw new Error(`The select field '${field.id}' needs options.`);
  registered.set(field.id, field);
}

/** The fields of this shop: those registered in code, then those of the settings (a code field wins an id clash). */
export function checkoutFields(settings: ShopSettings): CheckoutField[] {
  const fromSettings = settings.checkoutFields.filter((f) => ID_PATTERN.test(f.id) && !registered.has(f.id));
  return [...registered.values(), ...fromSettings];
}

/** What the page needs to draw the fields (no functions). */
export const publicCheckoutFields = (settings: ShopSettings): CheckoutFieldSetting[] =>
  checkoutFields(settings).map(({ validate: _validate, ...field }) => field);

export const fieldErrors = {
  invalid: (field: CheckoutField, message: string) =>
    new StoreError("cw_rest_checkout_invalid_additional_field", message, 400, { field: field.id, location: field.location }),
};

/** The additional fields to keep: only known ids, each value checked; the first problem is an error. */
export function checkedAdditionalFields(settings: ShopSettings, sent: Record<string, unknown>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const field of checkoutFields(settings)) {
    const raw = sent[field.id];
    if (field.type === "checkbox") {
      const checked = raw === true || raw === "true" || raw === "1";
      if (field.required && !checked) throw fieldErrors.invalid(field, "Please check this box if you want to proceed.");
      kept[field.id] = checked;
    } else {
      const value = typeof raw === "string" ? raw.trim() : raw === undefined || raw === null ? "" : String(raw);
      if (value.length > 1000) throw fieldErrors.invalid(field, `${field.label} is too long.`);
      if (!value) {
        if (field.required)
          throw fieldErrors.invalid(
            field,
            field.type === "select" ? "Please select a valid option" : `Please enter a valid ${field.label.toLowerCase()}`,
          );
        continue;
      }
      if (field.type === "select" && !field.options?.some((o) => o.value === value)) {
        throw fieldErrors.invalid(field, "Please select a valid option");
      }
      kept[field.id] = value;
    }
    const problem = field.validate?.(kept[field.id] ?? "");
    if (problem) throw fieldErrors.invalid(field, problem);
  }
  return kept;
}

/** For the draft order: the known fields' values as sent so far, unchecked (the shopper is still typing). */
export function knownAdditionalFields(settings: ShopSettings, sent: Record<string, unknown>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const field of checkoutFields(settings)) {
    const value = sent[field.id];
    if (typeof value === "boolean" || (typeof value === "string" && value.length <= 1000)) kept[field.id] = value;
  }
  return kept;
}
