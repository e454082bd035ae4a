/**
 * The rules of a coupon the owner writes that need no database (decision 0040), for the owner API and for the
 * console before it sends, so every such problem is told in one round.
 */
import type { CouponInput } from "./admin/coupons.ts";

/** 100 % in basis points: a percent coupon takes at most the whole price. */
export const MAX_PERCENT = 10_000;
/** The largest fixed amount or spend limit, in minor units (10 million in the shop's currency). */
export const MAX_COUPON_MONEY = 1_000_000_000;

/** A code as stored and compared: trimmed, lower case. */
export const normaliseCouponCode = (code: string) => code.trim().toLowerCase();

/** Each failure beside its field. Known ids, a code no other coupon has and the allowed e-mails are the server's alone. */
export function couponRuleProblems(input: CouponInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const code = normaliseCouponCode(input.code);
  if (!code) problems.code = "Enter a code.";
  else if (/[\s,]/.test(code)) problems.code = "A code has no spaces or commas.";
  if (input.type === "percent" && input.amount > MAX_PERCENT) problems.amount = "A percentage is at most 100 %.";
  if (input.type !== "percent" && input.amount > MAX_COUPON_MONEY) problems.amount = "This amount is too large.";
  if (input.amount === 0 && !input.free_shipping) problems.amount = "Enter an amount, or give free shipping.";
  const { minimum_spend: min, maximum_spend: max } = input;
  if (min !== null && max !== null && max < min) problems.maximum_spend = "The maximum spend cannot be below the minimum spend.";
  const both = (a: number[], b: number[]) => a.some((id) => b.includes(id));
  if (both(input.product_ids, input.excluded_product_ids))
    problems.excluded_product_ids = "A product cannot be both included and excluded.";
  if (both(input.category_ids, input.excluded_category_ids))
    problems.excluded_category_ids = "A category cannot be both included and excluded.";
  return problems;
}
