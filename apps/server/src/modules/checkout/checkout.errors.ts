/** The checkout's error catalogue (spec §8; codes modelled on the Store API's, with our cw prefix). */
import { orderStatusName } from "@cartwright/commerce";
import { StoreError } from "../../http/errors.ts";

/**
 * Why the cart priced for an order is not the one the page showed (decision 0175): its lines or coupons ("cart"), the
 * addresses sent with the order moving taxes or shipping ("address"), or the shop's prices, taxes or shipping ("prices").
 */
export type CartChangeReason = "cart" | "address" | "prices";

const CART_CHANGED_MESSAGES: Record<CartChangeReason, string> = {
  cart: "Your cart was changed in another window or on another device. Please check your order below and place it again.",
  address: "Taxes and shipping were updated for the address you entered. Please check your order below and place it again.",
  prices: "Prices, taxes or shipping costs for your order have changed. Please check your order below and place it again.",
};

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
  // The page showed another cart (decision 0168): the shopper sees the cart as it stands before anything is placed,
  // told what moved (decision 0175); `reason` lets a client tell it too, the code staying one.
  cartChanged: (reason: CartChangeReason) => new StoreError("cw_rest_cart_changed", CART_CHANGED_MESSAGES[reason], 409, { reason }),
  loginRequired: () => new StoreError("cw_rest_checkout_login_required", "You must be signed in to check out.", 401),
  couponErrors: (removed: string[], messages: string[]) =>
    new StoreError("cw_rest_cart_coupon_errors", messages.join(" "), 409, { removed_coupons: removed }),
  paymentFailed: (message: string) => new StoreError("cw_rest_checkout_process_payment_error", message, 400),
  // Paying an order placed earlier (POST /checkout/{id}, pay-order.ts); who may is orders' access rules (cw_rest_invalid_order…).
  notPayable: (status: string, paid: boolean) =>
    new StoreError(
      "cw_rest_order_not_payable",
      paid
        ? "This order has already been paid for."
        : `This order is ${orderStatusName(status).toLowerCase()}: it cannot be paid for here.`,
      409,
      { status },
    ),
  paymentInProgress: () =>
    new StoreError(
      "cw_rest_order_payment_in_progress",
      "A payment for this order is already under way. Please look at the order again in a moment.",
      409,
    ),
  outOfStockToPay: (names: string[]) =>
    new StoreError(
      "cw_rest_product_out_of_stock",
      `There is not enough ${names.map((name) => `“${name}”`).join(", ")} in stock to pay for this order any more. Please place a new order or contact us.`,
      409,
    ),
  orderCouponErrors: (codes: string[]) =>
    new StoreError(
      "cw_rest_order_coupon_errors",
      codes
        .map(
          (code) => `Coupon "${code}" has reached its usage limit, so this order can no longer be paid with it. Please place a new order.`,
        )
        .join(" "),
      409,
      { coupons: codes },
    ),
};
