/**
 * Shapes of the pure cart money engine. Every amount is an integer in minor units (cents);
 * no float ever reaches money.
 *
 * Rate unit: a tax rate is an integer in millionths of the amount (1e-4 %): 7.25 % = 72_500,
 * so tax = amount × rate / 1_000_000 (four decimals of a percent, the precision shops type rates in).
 * Coupon percentages are basis points: 1000 = 10 %.
 */

/** Millionths of the amount: 7.25 % = 72_500. */
export const RATE_SCALE = 1_000_000;
/** Basis points: 1000 = 10 %. */
export const PERCENT_SCALE = 10_000;

export interface TotalsLine {
  key: string;
  productId: number;
  /** The parent product of a variation; coupons restricted to the parent also cover it. */
  parentId: number | null;
  /** For a variation, the parent's categories (that is how coupons see it). */
  categoryIds: number[];
  quantity: number;
  /** Current price as entered by the owner (tax-inclusive when the shop enters prices with tax). */
  unitPrice: number;
  regularUnitPrice: number;
  onSale: boolean;
  taxStatus: TaxStatus;
  /** '' = standard. */
  taxClass: string;
  needsShipping: boolean;
}

/** taxable: the item and its shipping are taxed; shipping: only its shipping; none: neither (WooCommerce's tax status). */
export type TaxStatus = "taxable" | "shipping" | "none";

export type CouponType = "percent" | "fixed_cart" | "fixed_product";

export interface Coupon {
  id: number;
  code: string;
  type: CouponType;
  /** percent: basis points (1000 = 10 %); fixed types: minor units. */
  amount: number;
  freeShipping: boolean;
  individualUse: boolean;
  excludeSaleItems: boolean;
  productIds: number[];
  excludedProductIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  minimumSpend: number | null;
  maximumSpend: number | null;
  /** ISO 8601; the coupon stops working after this instant. */
  expiresAt: string | null;
  usageLimit: number | null;
  usageLimitPerUser: number | null;
  limitUsageToXItems: number | null;
  /** Exact addresses or patterns with '*' (e.g. '*@example.com'). */
  allowedEmails: string[];
}

export interface TaxRate {
  id: number;
  /** ISO country code; '' = any country. */
  country: string;
  /** '' = any state. */
  state: string;
  /** Exact codes, prefixes ending in '*', or numeric ranges 'A...B'; empty = any postcode. */
  postcodes: string[];
  /** Empty = any city. */
  cities: string[];
  /** Millionths of the amount (RATE_SCALE): 7.25 % = 72_500. */
  rate: number;
  name: string;
  priority: number;
  compound: boolean;
  /** Whether the rate also applies to shipping. */
  shipping: boolean;
  /** '' = standard. */
  taxClass: string;
  order: number;
}

export interface TaxLocation {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

export interface Fee {
  id: string;
  name: string;
  /** May be negative (a discount); it is capped so the order total cannot go below zero. */
  amount: number;
  taxable: boolean;
  taxClass: string;
}

export interface ShippingCharge {
  packageId: number;
  rateId: string;
  /** Always entered without tax. */
  cost: number;
  taxable: boolean;
}

export interface TotalsInput {
  lines: TotalsLine[];
  /** Already validated and applied, in the order the shopper applied them. */
  coupons: Coupon[];
  fees: Fee[];
  shipping: ShippingCharge[];
  /** All rates of the shop. */
  taxRates: TaxRate[];
  /** The customer's tax address; null = none yet, the base location is used. */
  location: TaxLocation | null;
  baseLocation: TaxLocation;
  pricesIncludeTax: boolean;
  taxesEnabled: boolean;
  /** Each coupon discounts the already-discounted price (default false). */
  calcDiscountsSequentially?: boolean;
  /** The class shipping is taxed in; null or absent = based on the cart's items (see shippingTaxClass). */
  shippingTaxClass?: string | null;
  /** The owner's additional classes in their order: with several in the cart and no standard item, shipping takes the first. */
  taxClassOrder?: readonly string[];
}

/** Tax per rate id. */
export type TaxesByRate = Record<number, number>;

export interface LineTotals {
  line_subtotal: number;
  line_subtotal_tax: number;
  line_total: number;
  line_total_tax: number;
  /** Taxes of line_total per rate id. */
  taxes: TaxesByRate;
}

export interface CouponTotals {
  /** Excluding tax. */
  discount: number;
  discount_tax: number;
}

export interface FeeTotals {
  id: string;
  name: string;
  total: number;
  total_tax: number;
  taxes: TaxesByRate;
}

export interface ShippingTotals {
  total: number;
  total_tax: number;
  taxes: TaxesByRate;
}

export interface CartTotalsFields {
  /** Items before discounts, excluding tax. */
  total_items: number;
  total_items_tax: number;
  total_fees: number;
  total_fees_tax: number;
  /** Excluding tax; total_items − total_discount is what the items cost after coupons. */
  total_discount: number;
  total_discount_tax: number;
  total_shipping: number;
  total_shipping_tax: number;
  /** max(0, total_items − total_discount + total_fees + total_shipping + total_tax). */
  total_price: number;
  /** Tax actually charged: total_items_tax − total_discount_tax + total_fees_tax + total_shipping_tax. */
  total_tax: number;
}

export interface TaxLine {
  rateId: number;
  name: string;
  /** '7.25%' style label. */
  rate: string;
  /** All the tax charged at this rate: on the items, shipping and fees. */
  price: number;
  /** The part of `price` charged on shipping, so an order keeps its shipping tax by rate. */
  shippingTax: number;
}

export interface TotalsResult {
  lines: Record<string, LineTotals>;
  coupons: Record<string, CouponTotals>;
  fees: FeeTotals[];
  shipping: Record<number, ShippingTotals>;
  totals: CartTotalsFields;
  /** Non-zero taxes merged per rate over lines, shipping and fees, by priority then order. */
  tax_lines: TaxLine[];
  /** An applied coupon grants free shipping. */
  freeShipping: boolean;
}
