/**
 * Coupon validation, modelled on WooCommerce's WC_Discounts::is_coupon_valid plus the
 * individual-use and email checks of the Store API. Pure: usage counts, emails and the
 * subtotal come from the caller.
 */
import { type Currency, formatAmount } from "@cartwright/commerce";
import type { Coupon, TotalsLine } from "./types.ts";

export interface CouponContext {
  lines: TotalsLine[];
  /** Coupons already in the cart (the one being checked is ignored if present). */
  appliedCoupons: Coupon[];
  now: Date;
  /** Uses so far, including held (tentative) ones. */
  usageCount: number;
  usageCountForCustomer: number;
  /** Account and billing emails known so far; empty = not known yet. */
  customerEmails: string[];
  /** The subtotal as displayed to the shopper, for minimum/maximum spend. */
  subtotalForLimits: number;
  currency: Currency;
}

export type CouponRejection =
  | "usage_limit_reached"
  | "usage_limit_per_user_reached"
  | "expired"
  | "minimum_spend"
  | "maximum_spend"
  | "not_applicable"
  | "sale_items"
  | "excluded_products"
  | "excluded_categories"
  | "email_not_allowed"
  | "individual_use_conflict"
  | "individual_use_only";

export type CouponValidation = { ok: true } | { ok: false; reason: CouponRejection; message: string };

const sameCode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
const intersects = (a: readonly number[], b: readonly number[]): boolean => a.some((x) => b.includes(x));
const idsOf = (line: TotalsLine): number[] => (line.parentId === null ? [line.productId] : [line.productId, line.parentId]);

/** A limit of null or 0 means "no limit", as in WooCommerce. */
const isSet = (limit: number | null): limit is number => limit !== null && limit > 0;

function isExcluded(coupon: Coupon, line: TotalsLine): boolean {
  return intersects(idsOf(line), coupon.excludedProductIds) || intersects(line.categoryIds, coupon.excludedCategoryIds);
}

function isIncluded(coupon: Coupon, line: TotalsLine): boolean {
  if (coupon.productIds.length === 0 && coupon.categoryIds.length === 0) return true;
  return intersects(idsOf(line), coupon.productIds) || intersects(line.categoryIds, coupon.categoryIds);
}

/**
 * Whether the coupon discounts this line. Product coupons (percent, fixed_product) need the
 * line included and not excluded nor on sale when sale items are excluded. A fixed_cart
 * coupon spreads over the whole cart: its product/category lists only decide validity, but
 * excluded or sale lines are still skipped (validation rejects such carts anyway).
 */
export function couponAppliesToLine(coupon: Coupon, line: TotalsLine): boolean {
  if (isExcluded(coupon, line)) return false;
  if (coupon.excludeSaleItems && line.onSale) return false;
  return coupon.type === "fixed_cart" || isIncluded(coupon, line);
}

/** '*' in an allowed email matches anything ('*@example.com'); case-insensitive. */
export function emailAllowed(email: string, allowed: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  return allowed.some((pattern) => {
    const parts = pattern.trim().toLowerCase().split("*");
    const escaped = parts.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp(`^${escaped.join(".*")}$`).test(address);
  });
}

function fail(reason: CouponRejection, message: string): CouponValidation {
  return { ok: false, reason, message };
}

/** Expiry, usage limits and spend limits: everything that does not depend on the cart's lines. */
function checkLimits(coupon: Coupon, ctx: CouponContext): CouponValidation | null {
  const code = coupon.code;
  if (isSet(coupon.usageLimit) && ctx.usageCount >= coupon.usageLimit) {
    return fail("usage_limit_reached", `Usage limit for coupon "${code}" has been reached.`);
  }
  if (isSet(coupon.usageLimitPerUser) && ctx.usageCountForCustomer >= coupon.usageLimitPerUser) {
    return fail("usage_limit_per_user_reached", `You have already used coupon "${code}" as many times as it allows.`);
  }
  if (coupon.expiresAt !== null) {
    const expires = Date.parse(coupon.expiresAt);
    // An unreadable expiry date fails closed: better a refused coupon than an endless one.
    if (Number.isNaN(expires) || ctx.now.getTime() > expires) return fail("expired", `Coupon "${code}" has expired.`);
  }
  if (isSet(coupon.minimumSpend) && ctx.subtotalForLimits < coupon.minimumSpend) {
    const amount = formatAmount(coupon.minimumSpend, ctx.currency);
    return fail("minimum_spend", `The minimum spend for coupon "${code}" is ${amount}.`);
  }
  if (isSet(coupon.maximumSpend) && ctx.subtotalForLimits > coupon.maximumSpend) {
    const amount = formatAmount(coupon.maximumSpend, ctx.currency);
    return fail("maximum_spend", `The maximum spend for coupon "${code}" is ${amount}.`);
  }
  return null;
}

/** Which lines the cart holds versus the coupon's product, category and sale rules. */
function checkLines(coupon: Coupon, lines: readonly TotalsLine[]): CouponValidation | null {
  const code = coupon.code;
  const notApplicable = fail("not_applicable", `Sorry, coupon "${code}" is not applicable to selected products.`);
  const saleItems = fail("sale_items", `Sorry, coupon "${code}" is not valid for sale items.`);
  // Every coupon type needs one of its products / categories in the cart (sale lines do not count when excluded).
  if (coupon.productIds.length > 0 && !lines.some((line) => intersects(idsOf(line), coupon.productIds))) return notApplicable;
  const inCategory = (line: TotalsLine) => !(coupon.excludeSaleItems && line.onSale) && intersects(line.categoryIds, coupon.categoryIds);
  if (coupon.categoryIds.length > 0 && !lines.some(inCategory)) return notApplicable;

  if (coupon.type === "fixed_cart") {
    // A cart discount cannot be used while the cart holds anything it excludes.
    if (coupon.excludeSaleItems && lines.some((line) => line.onSale)) return saleItems;
    if (lines.some((line) => intersects(idsOf(line), coupon.excludedProductIds))) {
      return fail("excluded_products", `Sorry, coupon "${code}" cannot be used with some of the products in your cart.`);
    }
    if (lines.some((line) => intersects(line.categoryIds, coupon.excludedCategoryIds))) {
      return fail("excluded_categories", `Sorry, coupon "${code}" cannot be used with products from some categories in your cart.`);
    }
    return null;
  }

  // A product coupon needs at least one line it discounts.
  if (lines.length === 0 || lines.some((line) => couponAppliesToLine(coupon, line))) return null;
  const blockedOnlyBySale =
    coupon.excludeSaleItems && lines.some((line) => line.onSale && !isExcluded(coupon, line) && isIncluded(coupon, line));
  return blockedOnlyBySale ? saleItems : notApplicable;
}

function checkEmails(coupon: Coupon, emails: readonly string[]): CouponValidation | null {
  const known = emails.filter((email) => email.trim() !== "");
  // Without any email yet the restriction cannot be judged; checkout re-validates with the billing email.
  if (coupon.allowedEmails.length === 0 || known.length === 0) return null;
  if (known.some((email) => emailAllowed(email, coupon.allowedEmails))) return null;
  return fail("email_not_allowed", `Please enter a valid email to use coupon code "${coupon.code}".`);
}

function checkIndividualUse(coupon: Coupon, applied: readonly Coupon[]): CouponValidation | null {
  const others = applied.filter((other) => !sameCode(other.code, coupon.code));
  const blocker = others.find((other) => other.individualUse);
  if (blocker) {
    return fail(
      "individual_use_conflict",
      `Sorry, coupon "${blocker.code}" has already been applied and cannot be used in conjunction with other coupons.`,
    );
  }
  if (coupon.individualUse && others.length > 0) {
    return fail("individual_use_only", `Sorry, coupon "${coupon.code}" cannot be used in conjunction with other coupons.`);
  }
  return null;
}

/** Checks a coupon against the cart, in WooCommerce's order; the first failure wins. */
export function validateCoupon(coupon: Coupon, ctx: CouponContext): CouponValidation {
  return (
    checkLimits(coupon, ctx) ??
    checkLines(coupon, ctx.lines) ??
    checkEmails(coupon, ctx.customerEmails) ??
    checkIndividualUse(coupon, ctx.appliedCoupons) ?? { ok: true }
  );
}
