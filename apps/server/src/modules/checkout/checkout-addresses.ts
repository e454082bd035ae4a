/** The addresses an order is placed with: the cart's overlaid with those sent, and their checks (spec §7). */
import {
  allCountries,
  normaliseAddress,
  normaliseState,
  type StoreAddress,
  type StoreCart,
  validateAddress,
  withoutHiddenValues,
} from "@cartwright/commerce";
import { type FieldRuleDocument, fieldRuleDocument } from "@cartwright/commerce/field-rules";
import { splitAddress } from "../cart/index.ts";
import { type ShopSettings, shopLocale } from "../settings/index.ts";
import { checkoutErrors } from "./checkout.errors.ts";
import { checkedAddressFields } from "./fields.ts";

export type AddressInput = Partial<Record<keyof StoreAddress, string>>;

/** What of the place-order call the addresses and field rules read. */
interface SentCheckout {
  billing_address: AddressInput;
  shipping_address?: AddressInput;
  customer_note?: string;
  create_account?: boolean;
  payment_method?: string;
  additional_fields?: Record<string, unknown>;
}

/**
 * The addresses the order is placed with: the cart's, overlaid with those sent; and each one's additional field
 * values, the cart's (from update-customer) overlaid with those sent.
 */
export function mergedAddresses(cartBillingAddress: StoreAddress, cartShippingAddress: StoreAddress, input: SentCheckout) {
  const merge = (current: StoreAddress, sent: AddressInput | undefined, withEmail: boolean) => {
    const merged = normaliseAddress({ ...current, ...(sent ?? {}) }) as StoreAddress;
    if (!withEmail) delete merged.email;
    if (merged.state && merged.country) merged.state = normaliseState(merged.country, merged.state) ?? merged.state;
    // A field the country hides keeps no value (spec §5), whoever sent it.
    return withoutHiddenValues(merged);
  };
  const cartBilling = splitAddress(cartBillingAddress);
  const cartShipping = splitAddress(cartShippingAddress);
  const sentBilling = splitAddress(input.billing_address);
  const sentShipping = splitAddress(input.shipping_address);
  const billing = merge(cartBilling.standard as StoreAddress, sentBilling.standard, true);
  const billingExtra = { ...cartBilling.fields, ...sentBilling.fields };
  // No shipping address sent and none on the cart: the goods go to the billing address.
  const shipsToBilling = !input.shipping_address && !cartShipping.standard.address_1;
  const shipping = merge(
    cartShipping.standard as StoreAddress,
    shipsToBilling ? { ...billing, email: undefined } : sentShipping.standard,
    false,
  );
  return {
    billing,
    shipping,
    billingExtra,
    shippingExtra: shipsToBilling ? billingExtra : { ...cartShipping.fields, ...sentShipping.fields },
  };
}
export type MergedAddresses = ReturnType<typeof mergedAddresses>;

/** The document field rules are checked against (spec §3): the cart as the shopper saw it, this checkout, these addresses. */
export function orderRuleDocument(
  uid: number,
  view: StoreCart,
  input: SentCheckout,
  { billing, shipping, billingExtra, shippingExtra }: MergedAddresses,
): FieldRuleDocument {
  return fieldRuleDocument({
    cart: view,
    checkout: {
      payment_method: input.payment_method,
      create_account: input.create_account,
      customer_note: input.customer_note,
      additional_fields: input.additional_fields,
    },
    customer: { id: uid, billing_address: { ...billing, ...billingExtra }, shipping_address: { ...shipping, ...shippingExtra } },
  });
}

/** A refusal names the countries allowed: an empty setting means every one, not none. */
const orEveryCountry = (codes: string[]) => (codes.length ? codes : allCountries().map((country) => country.code));

/**
 * Checks the merged addresses; a clear error for the first problem. Additional address fields are
 * checked for each address used; their values come back apart (`billingFields`, `shippingFields`):
 * the order keeps them, the cart does not.
 */
export function checkedAddresses(
  settings: ShopSettings,
  { billing, shipping, billingExtra, shippingExtra }: MergedAddresses,
  shippingNeeded: boolean,
  document: FieldRuleDocument | null,
) {
  const sellTo = settings.sellToCountries;
  const shipTo = settings.shipToCountries;
  const locale = shopLocale(settings);
  const billingErrors = validateAddress(billing, {
    kind: "billing",
    requireFields: true,
    allowedCountries: sellTo.length ? sellTo : undefined,
    locale,
  });
  if (billingErrors.email) throw billingErrors.email.code === "required" ? checkoutErrors.missingEmail() : checkoutErrors.invalidEmail();
  if (billingErrors.country?.code === "invalid_country")
    throw checkoutErrors.invalidAddressCountry("billing", orEveryCountry(sellTo), billingErrors.country.message);
  const shippingErrors = shippingNeeded
    ? validateAddress(shipping, { kind: "shipping", requireFields: true, shipToCountries: shipTo.length ? shipTo : undefined, locale })
    : {};
  if (shippingErrors.country?.code === "invalid_country")
    throw checkoutErrors.invalidAddressCountry("shipping", orEveryCountry(shipTo), shippingErrors.country.message);
  const billingFields = checkedAddressFields(settings, billingExtra, document, billing);
  const shippingFields = shippingNeeded ? checkedAddressFields(settings, shippingExtra, document, shipping) : { values: {}, errors: {} };
  const asMessages = (errors: typeof billingErrors, extra: Record<string, string>) => ({
    ...Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, e?.message ?? ""])),
    ...extra,
  });
  const billingMessages = asMessages(billingErrors, billingFields.errors);
  const shippingMessages = asMessages(shippingErrors, shippingFields.errors);
  const errors = {
    ...(Object.keys(billingMessages).length ? { billing: billingMessages } : {}),
    ...(Object.keys(shippingMessages).length ? { shipping: shippingMessages } : {}),
  };
  if (Object.keys(errors).length) throw checkoutErrors.invalidAddress(errors);
  return { billing, shipping, billingFields: billingFields.values, shippingFields: shippingFields.values };
}
