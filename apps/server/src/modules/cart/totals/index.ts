/** The cart's pure money engine: integer minor units in, integer minor units out; no I/O. */
export { calculateTotals, type ItemTotals, itemTotals, shippingChargeTax } from "./calculate.ts";
export {
  type CouponContext,
  type CouponRejection,
  type CouponValidation,
  couponAppliesToLine,
  emailAllowed,
  validateCoupon,
} from "./coupons.ts";
export { type CouponDiscount, type DiscountableLine, sortCoupons, splitDiscounts } from "./discounts.ts";
export { mapped } from "./packed.ts";
export {
  LARGEST_STORED_PRICE,
  PRICE_DIGIT_BASE,
  type RoundedTaxFormula,
  type ShopPriceRules,
  type ShownPriceFormula,
  type StoredPriceBound,
  shopDisplayPrice,
  shopPricesAsEntered,
  shownPriceFormula,
  storedPriceBound,
} from "./shop-price.ts";
export { calcTax, formatRatePercent, matchTaxRates, parseRatePercent, postcodeMatches, shippingTaxClass } from "./taxes.ts";
export * from "./types.ts";
