/** The checkout's error catalogue (spec §8; codes modelled on the Store API's, with our cw prefix). */
import { StoreError } from "../../http/errors.ts";

export const checkoutErrors = {
  cartEmpty: () => new StoreError("cw_rest_cart_empty", "Cannot create order from empty cart.", 400),
  missingPaymentMethod: () => new StoreError("cw_rest_checkout_missing_payment_method", "Please select a payment method.", 400),
  paymentMethodDisabled: (id: string) =>
    new StoreError("cw_rest_checkout_payment_method_disabled", `The payment method "${id}" is not available for this order.`, 400),
  invalidPaymentData: (message: string) => new StoreError("cw_rest_checkout_invalid_payment_data", message, 400),
  missingEmail: () => new StoreError("cw_rest_missing_email_address", "A valid email address is required.", 400),
  invalidEmail: () => new StoreError("cw_rest_invalid_email_address", "The provided email address is not valid.", 400),
  // `errors` names the address and its field as invalid_address does, so the page marks the right one.
  invalidAddressCountry: (kind: "billing" | "shipping", allowed: string[], fieldMessage: string) =>
    new StoreError("cw_rest_invalid_address_country", `Sorry, we do not allow orders to the provided ${kind} country.`, 400, {
      allowed_countries: allowed,
      errors: { [kind]: { country: fieldMessage } },
    }),
  invalidAddress: (errors: Record<string, Record<string, string>>) =>
    new StoreError("cw_rest_invalid_address", "There was a problem with the provided address.", 400, { errors }),
  missingShippingOption: () => new StoreError("cw_rest_invalid_shipping_option", "Sorry, this order requires a shipping option.", 400),
  loginRequired: () => new StoreError("cw_rest_checkout_login_required", "You must be signed in to check out.", 401),
  couponErrors: (removed: string[], messages: string[]) =>
    new StoreError("cw_rest_cart_coupon_errors", messages.join(" "), 409, { removed_coupons: removed }),
  paymentFailed: (message: string) => new StoreError("cw_rest_checkout_process_payment_error", message, 400),
};
