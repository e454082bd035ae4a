/** update-customer: validates every field of the addresses sent, and stores them only when all pass. */

import {
  ADDRESS_FIELD_KEYS,
  type AddressFieldKey,
  normaliseAddress,
  normaliseState,
  type StoreAddress,
  validateAddress,
  withoutHiddenValues,
} from "@cartwright/commerce";
import { type ParamDetail, paramDetail, StoreError } from "../../http/errors.ts";
import type { ShopSettings } from "../settings/index.ts";
import type { CartRow } from "./cart.repo.ts";

/** The fields every address has; billing adds email (spec §3 "Address"). */
const ADDRESS_FIELDS = ADDRESS_FIELD_KEYS.filter((key) => key !== "email");
export type AddressInput = Partial<Record<AddressFieldKey, string>>;
export type StoredAddress = StoreAddress;

/** Every field empty, made once: a cart's pricing reads its addresses several times per call. */
const EMPTY_SHIPPING = Object.freeze(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ""])) as unknown as StoredAddress);
const EMPTY_BILLING = Object.freeze({ ...EMPTY_SHIPPING, email: "" });

export function emptyAddress(withEmail: boolean): StoredAddress {
  return { ...(withEmail ? EMPTY_BILLING : EMPTY_SHIPPING) };
}

export function readAddress(json: string, withEmail: boolean): StoredAddress {
  return { ...(withEmail ? EMPTY_BILLING : EMPTY_SHIPPING), ...(JSON.parse(json) as Partial<StoredAddress>) };
}

/** An address's standard fields, and apart from them the values of the shop's additional address fields ('namespace/field' ids). */
export function splitAddress<T extends object>(address: T | undefined): { standard: AddressInput; fields: Record<string, unknown> } {
  const standard: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(address ?? {})) (key.includes("/") ? fields : standard)[key] = value;
  return { standard: standard as AddressInput, fields };
}

/**
 * The merged, normalised addresses to store, or a rest_invalid_param error with a detail per address. Additional
 * address field values are kept as sent, unchecked while the shopper types; checkout checks those the shop knows.
 */
export function validateCustomerUpdate(
  settings: ShopSettings,
  cart: CartRow,
  input: { billing_address?: AddressInput; shipping_address?: AddressInput },
): Partial<Pick<CartRow, "billing_address" | "shipping_address" | "has_calculated_shipping">> {
  const details: Record<string, ParamDetail> = {};
  const update: Partial<Pick<CartRow, "billing_address" | "shipping_address" | "has_calculated_shipping">> = {};
  for (const kind of ["billing", "shipping"] as const) {
    const sent = input[`${kind}_address`];
    if (!sent) continue;
    const current = splitAddress(readAddress(kind === "billing" ? cart.billing_address : cart.shipping_address, kind === "billing"));
    const given = splitAddress(sent);
    // A field the country hides keeps no value (spec §5), whoever sent it.
    const merged = withoutHiddenValues(normaliseAddress({ ...current.standard, ...given.standard }) as StoredAddress);
    if (kind === "shipping") delete merged.email;
    if (merged.state && merged.country) merged.state = normaliseState(merged.country, merged.state) ?? merged.state;
    // Fields may be empty while the shopper types; what is filled in must be valid.
    const errors = validateAddress(merged, {
      kind,
      allowedCountries: settings.sellToCountries.length ? settings.sellToCountries : undefined,
      shipToCountries: settings.shipToCountries.length ? settings.shipToCountries : undefined,
      requireFields: false,
    });
    const relevant = Object.entries(errors);
    if (relevant.length) {
      const [[field, first], ...rest] = relevant as [
        [string, { code: string; message: string }],
        ...[string, { code: string; message: string }][],
      ];
      const others = rest.map(([f, e]) => ({ code: e.code, message: e.message, data: { field: f } }));
      details[`${kind}_address`] = paramDetail(first.code, first.message, { field }, others);
      continue;
    }
    update[`${kind}_address`] = JSON.stringify({ ...merged, ...current.fields, ...given.fields });
    if (kind === "shipping") update.has_calculated_shipping = merged.country ? 1 : 0;
  }
  if (Object.keys(details).length) {
    const params = Object.fromEntries(Object.entries(details).map(([param, detail]) => [param, detail.message]));
    throw new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(details).join(", ")}`, 400, { params, details });
  }
  return update;
}

/** The addresses a cart may take from elsewhere: a customer's saved ones, or a guest cart's on sign-in. */
export interface AddressesToCarry {
  billing: Partial<StoreAddress>;
  shipping: Partial<StoreAddress>;
}

/** An address with a place in it (more than a name or an e-mail). */
export const placed = (address: Partial<StoreAddress>) => Boolean(address.address_1 || address.city || address.postcode || address.country);

/**
 * What a cart takes from `offered`: each address whole (a street never joins another address's
 * postcode), where the cart has none of its own, or over its own with `replace` (a guest's, newer
 * than a customer's saved cart); an e-mail where it has none. Null: nothing to take.
 */
export function addressesToAdopt(
  cart: Pick<CartRow, "billing_address" | "shipping_address">,
  offered: AddressesToCarry,
  replace = false,
): Partial<Pick<CartRow, "billing_address" | "shipping_address" | "has_calculated_shipping">> | null {
  const billing = readAddress(cart.billing_address, true);
  const shipping = readAddress(cart.shipping_address, false);
  const fields: Partial<Pick<CartRow, "billing_address" | "shipping_address" | "has_calculated_shipping">> = {};
  const email = (replace && offered.billing.email) || billing.email || offered.billing.email || "";
  if ((replace || !placed(billing)) && placed(offered.billing))
    fields.billing_address = JSON.stringify({ ...EMPTY_BILLING, ...offered.billing, email });
  else if (email !== billing.email) fields.billing_address = JSON.stringify({ ...billing, email });
  if ((replace || !placed(shipping)) && placed(offered.shipping)) {
    const { email: _email, ...address } = offered.shipping;
    fields.shipping_address = JSON.stringify({ ...EMPTY_SHIPPING, ...address });
    fields.has_calculated_shipping = address.country ? 1 : 0;
  }
  return Object.keys(fields).length ? fields : null;
}
