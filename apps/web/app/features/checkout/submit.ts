/**
 * Placing the order from the browser (spec §7 "Checkout calls", §8): the request body, and
 * where each kind of failure is shown (notice contexts, field errors, the replacement cart).
 */
import { ADDRESS_FIELD_KEYS, expectedCartOf, type StoreAddress, type StoreApiError, type StoreCart } from "@cartwright/commerce";
import { CONTEXTS } from "../../stores/notices.ts";
import { checkoutMessages as t } from "./messages.ts";

export type PaymentDataEntry = { key: string; value: string | boolean };

export interface CheckoutInput {
  billing: Partial<StoreAddress>;
  shipping: Partial<StoreAddress>;
  /** Goods are shipped: shipping_address is sent (billing's when used for shipping). */
  needsShipping: boolean;
  useShippingAsBilling: boolean;
  /** A pickup location is chosen: nothing is shipped, billing is the only address. */
  collecting: boolean;
  orderNotes: string;
  createAccount: boolean;
  password: string;
  paymentMethod: string;
  paymentData: PaymentDataEntry[];
  /** Values of the shop's additional contact and order fields, by field id. */
  additionalFields?: Record<string, string | boolean>;
  /** Values of the shop's additional address fields, per address, by field id (sent inside each address). */
  addressFields?: { billing: Record<string, string | boolean>; shipping: Record<string, string | boolean> };
  /** Extension data by namespace (such as cw/order-attribution). */
  extensions?: Record<string, unknown>;
  /** The cart the page shows: the order is placed only if the server's still holds it, at its total (decision 0168). */
  shownCart?: Pick<StoreCart, "items" | "coupons" | "totals" | "shipping_rates"> | null;
}

const ADDRESS_KEYS = ADDRESS_FIELD_KEYS.filter((key) => key !== "email");
const pickAddress = (address: Partial<StoreAddress>) => Object.fromEntries(ADDRESS_KEYS.map((k) => [k, (address[k] ?? "").trim()]));

/**
 * The POST /checkout body. With 'use shipping as billing', the shipping address is the billing one too; with
 * collection chosen, the billing address is the shipping one.
 */
export function checkoutBody(input: CheckoutInput) {
  const shippingUsed = input.needsShipping && !input.collecting;
  const billingFromShipping = shippingUsed && input.useShippingAsBilling;
  const billingSource = billingFromShipping ? input.shipping : input.billing;
  const extra = input.addressFields ?? { billing: {}, shipping: {} };
  const billing_address = {
    ...pickAddress(billingSource),
    ...(billingFromShipping ? extra.shipping : extra.billing),
    email: (input.billing.email ?? "").trim(),
  };
  return {
    billing_address,
    // Collected goods still need a shipping address: the billing one is used as shipping (spec §4, §7).
    ...(input.needsShipping
      ? {
          shipping_address: shippingUsed
            ? { ...pickAddress(input.shipping), ...extra.shipping }
            : { ...pickAddress(input.billing), ...extra.billing },
        }
      : {}),
    customer_note: input.orderNotes.trim(),
    create_account: input.createAccount,
    ...(input.createAccount ? { customer_password: input.password } : {}),
    ...(input.paymentMethod ? { payment_method: input.paymentMethod, payment_data: input.paymentData } : {}),
    additional_fields: input.additionalFields ?? {},
    extensions: input.extensions ?? {},
    // The lines, coupons, total and chosen rates the shopper sees, which another tab or device, or the owner, may have
    // changed since (decision 0168 and its amendment).
    ...(input.shownCart ? { expected_cart: expectedCartOf(input.shownCart) } : {}),
  };
}

export interface RoutedNotice {
  id: string;
  context: string;
  content: string;
  isDismissible: boolean;
}

export interface RoutedError {
  /** The notices to show, each in its context: one, but for rest_invalid_param's one per detail. */
  notices: RoutedNotice[];
  /** Field errors to show (validation ids such as billing_postcode), from data.errors. */
  fieldErrors: Record<string, string>;
  /** data.cart replaces the cart held. */
  cart: StoreCart | null;
}

const PAYMENT_CODES = [
  "cw_rest_checkout_process_payment_error",
  "cw_rest_checkout_invalid_payment_data",
  "cw_rest_checkout_missing_payment_method",
  "cw_rest_checkout_payment_method_disabled",
];
const CONTACT_CODES = [
  "cw_rest_missing_email_address",
  "cw_rest_invalid_email_address",
  "registration-error-email-exists",
  "registration-error-invalid-email",
  "registration-error-password-too-short",
  "registration-error-missing-password",
];

interface ParamError {
  code: string;
  message: string;
  data?: { field?: string; location?: string } | null;
}
type ParamDetail = ParamError & { additional_errors?: ParamError[] };

/**
 * rest_invalid_param (spec §8): one notice per detail and per additional error, id `{param}_{code}`, where
 * it belongs: a detail's data.location (contact, order) first, invalid_email in contact information, billing_address
 * in the billing area (contact information for an e-mail), shipping_address in the shipping area, anything else
 * the cart's. A detail naming its field also marks that field.
 * `billingShown` is false while the billing address is the shipping one and has no area of its own.
 */
export function invalidParamErrors(details: Record<string, ParamDetail>, billingShown = true) {
  const notices: RoutedNotice[] = [];
  const fieldErrors: Record<string, string> = {};
  for (const [param, detail] of Object.entries(details)) {
    const kind = param === "billing_address" ? "billing" : param === "shipping_address" ? "shipping" : null;
    for (const one of [detail, ...(detail.additional_errors ?? [])]) {
      const context = paramContext(param, kind, one, billingShown);
      notices.push({ id: `${param}_${one.code}`, context, content: one.message, isDismissible: true });
      // A field is marked where it is on screen: the billing address's only when it has its own (the e-mail always has).
      const fieldShown = kind === "shipping" || (kind === "billing" && (billingShown || one.data?.field === "email"));
      if (fieldShown && one.data?.field) fieldErrors[`${kind}_${one.data.field}`] = one.message;
    }
  }
  return { notices, fieldErrors };
}

/** Spec §8 "Notice routing" for one detail. */
function paramContext(param: string, kind: "billing" | "shipping" | null, error: ParamError, billingShown: boolean): string {
  if (error.data?.location === "contact" || param === "invalid_email") return CONTEXTS.contactInformation;
  if (error.data?.location === "order") return CONTEXTS.orderInformation;
  if (kind === "shipping") return CONTEXTS.shippingAddress;
  if (kind !== "billing") return CONTEXTS.cart;
  if (error.code === "invalid_email" || error.data?.field === "email") return CONTEXTS.contactInformation;
  return billingShown ? CONTEXTS.billingAddress : CONTEXTS.shippingAddress;
}

/** Where a failed place-order call is shown (spec §8 "Notice routing"). */
export function routeCheckoutError(error: StoreApiError, signedIn: boolean, billingShown = true): RoutedError {
  const data = (error.data ?? {}) as {
    cart?: StoreCart;
    errors?: Record<string, Record<string, string>>;
    details?: Record<string, ParamDetail>;
    status?: number;
  };
  const cart = data.cart ?? null;
  if (error.code === "rest_invalid_param" && data.details && Object.keys(data.details).length) {
    return { ...invalidParamErrors(data.details, billingShown), cart };
  }
  const fieldErrors: Record<string, string> = {};
  for (const [kind, fields] of Object.entries(data.errors ?? {})) {
    for (const [field, message] of Object.entries(fields)) fieldErrors[`${kind}_${field}`] = message;
  }
  if (PAYMENT_CODES.includes(error.code)) {
    // A payment failure is not dismissible: the shopper must pick another way to pay (spec §8).
    return {
      notices: [{ id: "cw-payment-error", context: CONTEXTS.payments, content: error.message, isDismissible: false }],
      fieldErrors,
      cart,
    };
  }
  if (CONTACT_CODES.includes(error.code)) {
    return {
      notices: [{ id: error.code, context: CONTEXTS.contactInformation, content: error.message, isDismissible: true }],
      fieldErrors,
      cart,
    };
  }
  if (error.code === "cw_rest_invalid_address" || error.code === "cw_rest_invalid_address_country") {
    const context =
      Object.keys(data.errors ?? {}).includes("shipping") && !data.errors?.billing ? CONTEXTS.shippingAddress : CONTEXTS.billingAddress;
    return { notices: [{ id: error.code, context, content: error.message, isDismissible: true }], fieldErrors, cart };
  }
  if (error.code === "cw_rest_checkout_invalid_additional_field") {
    const { field, location } = error.data as { field?: string; location?: string };
    const context = location === "contact" ? CONTEXTS.contactInformation : CONTEXTS.orderInformation;
    if (field && location) fieldErrors[`${location}_${field}`] = error.message;
    return { notices: [{ id: error.code, context, content: error.message, isDismissible: true }], fieldErrors, cart };
  }
  if (error.code === "cw_rest_invalid_shipping_option") {
    return {
      notices: [{ id: error.code, context: CONTEXTS.shippingMethods, content: t.shippingProblem, isDismissible: true }],
      fieldErrors,
      cart,
    };
  }
  if (error.code === "unknown_error" || error.code === "invalid_json") {
    const content = signedIn ? t.placeOrderUnknownCustomer : t.placeOrderUnknownGuest;
    return { notices: [{ id: "checkout", context: CONTEXTS.checkout, content, isDismissible: true }], fieldErrors, cart };
  }
  return { notices: [{ id: "checkout", context: CONTEXTS.checkout, content: error.message, isDismissible: true }], fieldErrors, cart };
}
