/**
 * Placing the order from the browser (spec §7 "Checkout calls", §8): the request body, and
 * where each kind of failure is shown (notice contexts, field errors, the replacement cart).
 */
import { ADDRESS_FIELD_KEYS, type StoreAddress, type StoreApiError, type StoreCart } from "@cartwright/commerce";
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
}

const ADDRESS_KEYS = ADDRESS_FIELD_KEYS.filter((key) => key !== "email");
const pickAddress = (address: Partial<StoreAddress>) => Object.fromEntries(ADDRESS_KEYS.map((k) => [k, (address[k] ?? "").trim()]));

/** The POST /checkout body. With 'use shipping as billing', the shipping address is the billing one too. */
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
    ...(shippingUsed ? { shipping_address: { ...pickAddress(input.shipping), ...extra.shipping } } : {}),
    customer_note: input.orderNotes.trim(),
    create_account: input.createAccount,
    ...(input.createAccount ? { customer_password: input.password } : {}),
    ...(input.paymentMethod ? { payment_method: input.paymentMethod, payment_data: input.paymentData } : {}),
    additional_fields: input.additionalFields ?? {},
    extensions: input.extensions ?? {},
  };
}

export interface RoutedError {
  /** The notice to show, in its context. */
  notice: { id: string; context: string; content: string; isDismissible: boolean };
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

/** Where a failed place-order call is shown (spec §8 "Notice routing"). */
export function routeCheckoutError(error: StoreApiError, signedIn: boolean): RoutedError {
  const data = (error.data ?? {}) as { cart?: StoreCart; errors?: Record<string, Record<string, string>>; status?: number };
  const cart = data.cart ?? null;
  const fieldErrors: Record<string, string> = {};
  for (const [kind, fields] of Object.entries(data.errors ?? {})) {
    for (const [field, message] of Object.entries(fields)) fieldErrors[`${kind}_${field}`] = message;
  }
  if (PAYMENT_CODES.includes(error.code)) {
    // A payment failure is not dismissible: the shopper must pick another way to pay (spec §8).
    return {
      notice: { id: "cw-payment-error", context: CONTEXTS.payments, content: error.message, isDismissible: false },
      fieldErrors,
      cart,
    };
  }
  if (CONTACT_CODES.includes(error.code)) {
    return {
      notice: { id: error.code, context: CONTEXTS.contactInformation, content: error.message, isDismissible: true },
      fieldErrors,
      cart,
    };
  }
  if (error.code === "cw_rest_invalid_address" || error.code === "cw_rest_invalid_address_country") {
    const context =
      Object.keys(data.errors ?? {}).includes("shipping") && !data.errors?.billing ? CONTEXTS.shippingAddress : CONTEXTS.billingAddress;
    return { notice: { id: error.code, context, content: error.message, isDismissible: true }, fieldErrors, cart };
  }
  if (error.code === "cw_rest_checkout_invalid_additional_field") {
    const { field, location } = error.data as { field?: string; location?: string };
    const context = location === "contact" ? CONTEXTS.contactInformation : CONTEXTS.orderInformation;
    if (field && location) fieldErrors[`${location}_${field}`] = error.message;
    return { notice: { id: error.code, context, content: error.message, isDismissible: true }, fieldErrors, cart };
  }
  if (error.code === "cw_rest_invalid_shipping_option") {
    return {
      notice: { id: error.code, context: CONTEXTS.shippingMethods, content: t.shippingProblem, isDismissible: true },
      fieldErrors,
      cart,
    };
  }
  if (error.code === "unknown_error" || error.code === "invalid_json") {
    const content = signedIn ? t.placeOrderUnknownCustomer : t.placeOrderUnknownGuest;
    return { notice: { id: "checkout", context: CONTEXTS.checkout, content, isDismissible: true }, fieldErrors, cart };
  }
  return { notice: { id: "checkout", context: CONTEXTS.checkout, content: error.message, isDismissible: true }, fieldErrors, cart };
}
