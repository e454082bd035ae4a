/** The cart's error catalogue: codes and statuses as the modelled Store API, with our cw prefix. */
import { StoreError } from "../../http/errors.ts";

const quoted = (name: string) => `“${name}”`;

export const cartErrors = {
  invalidProduct: () => new StoreError("cw_rest_cart_invalid_product", "This product cannot be added to the cart.", 400),
  notPurchasable: (name: string) => new StoreError("cw_rest_product_not_purchasable", `Sorry, ${quoted(name)} cannot be purchased.`, 400),
  outOfStock: (name: string) =>
    new StoreError("cw_rest_product_out_of_stock", `You cannot add ${quoted(name)} to the cart because it is out of stock.`, 400),
  partiallyOutOfStock: (name: string, remaining: number) =>
    new StoreError(
      "cw_rest_product_partially_out_of_stock",
      `You cannot add that amount of ${quoted(name)} to the cart because there is not enough stock (${remaining} remaining).`,
      400,
    ),
  soldIndividually: (name: string) =>
    new StoreError("cw_rest_product_sold_individually", `You cannot add another ${quoted(name)} to your cart.`, 400),
  belowMinimum: (name: string, minimum: number) =>
    new StoreError("cw_rest_invalid_quantity", `The minimum quantity of ${quoted(name)} allowed in the cart is ${minimum}.`, 400),
  aboveMaximum: (name: string, maximum: number) =>
    new StoreError("cw_rest_invalid_quantity", `The maximum quantity of ${quoted(name)} allowed in the cart is ${maximum}.`, 400),
  notMultiple: (name: string, step: number) =>
    new StoreError("cw_rest_invalid_quantity", `The quantity of ${quoted(name)} must be a multiple of ${step}.`, 400),
  readonlyQuantity: (name: string) =>
    new StoreError("cw_rest_readonly_quantity", `The quantity of ${quoted(name)} cannot be changed.`, 400),
  missingVariationData: (names: string[]) =>
    new StoreError(
      "cw_rest_missing_variation_data",
      `Missing variation data for variable product: ${names.join(", ")} is a required field.`,
      400,
    ),
  invalidVariationData: (attribute: string, allowed: string[]) =>
    new StoreError("cw_rest_invalid_variation_data", `Invalid value posted for ${attribute}. Allowed values: ${allowed.join(", ")}`, 400),
  noMatchingVariation: () =>
    new StoreError("cw_rest_variation_id_from_variation_data", "No matching variation found for the chosen options.", 400),
  invalidKey: () => new StoreError("cw_rest_cart_invalid_key", "Cart item no longer exists or is invalid.", 409),
  couponMissing: (code: string) => new StoreError("cw_rest_cart_coupon_error", `Coupon "${code}" does not exist!`, 400),
  couponDisabled: (code: string) => new StoreError("cw_rest_cart_coupon_disabled", `Coupon "${code}" cannot be used right now.`, 404),
  couponAlreadyApplied: (code: string) =>
    new StoreError("cw_rest_cart_coupon_error", `Coupon code "${code}" has already been applied.`, 400),
  couponInvalid: (message: string) => new StoreError("cw_rest_cart_coupon_error", message, 400),
  couponNotApplied: (code: string) =>
    new StoreError("cw_rest_cart_coupon_invalid_code", `Coupon code "${code}" is not applied to this cart.`, 409),
  shippingDisabled: () => new StoreError("cw_rest_shipping_disabled", "Shipping is disabled for this shop.", 404),
  missingRateId: () => new StoreError("cw_rest_cart_missing_rate_id", "Invalid Rate ID: a rate_id is required.", 400),
  invalidRate: (rateId: string) =>
    new StoreError("cw_rest_cart_invalid_rate_id", `The shipping rate "${rateId}" is not available for this cart.`, 400),
  invalidPackage: (packageId: number) =>
    new StoreError("cw_rest_cart_invalid_package_id", `There is no shipping package ${packageId} in this cart.`, 400),
  unknownExtension: (namespace: string) =>
    new StoreError("cw_rest_cart_extensions_error", `There is no such namespace registered: ${namespace}.`, 400),
  extensionFailed: (message: string) => new StoreError("cw_rest_cart_extensions_error", message, 400),
};
