/**
 * The coupon form's draft: what the owner types (amounts in whole units, ids and e-mails as lists
 * in text, the last day it works) and its conversion to and from the API's integers. Pure.
 */
import { couponRuleProblems } from "@cartwright/commerce";
import { addDays, dayIn, dayStart } from "@cartwright/commerce/time-zone";
import { consoleMessages } from "../messages.ts";
import { amountText, decimalText, readDecimal, toMinor } from "../money.ts";
import { shopTimeZone } from "../time-zone.ts";
import type { CouponCurrency, CouponInput, CouponType } from "./api.ts";
import { couponMessages as t } from "./messages.ts";

export interface CouponDraft {
  code: string;
  description: string;
  type: CouponType;
  /** Percent for percent coupons, else money in whole units ("5.00"). */
  amount: string;
  enabled: boolean;
  free_shipping: boolean;
  individual_use: boolean;
  exclude_sale_items: boolean;
  product_ids: string;
  excluded_product_ids: string;
  category_ids: string;
  excluded_category_ids: string;
  minimum_spend: string;
  maximum_spend: string;
  /** The last day it works (YYYY-MM-DD, in the shop's time zone), empty for never. */
  expires_on: string;
  usage_limit: string;
  usage_limit_per_user: string;
  limit_usage_to_x_items: string;
  /** One per line (commas also separate). */
  allowed_emails: string;
}

export const emptyDraft = (): CouponDraft => ({
  code: "",
  description: "",
  type: "percent",
  amount: "",
  enabled: true,
  free_shipping: false,
  individual_use: false,
  exclude_sale_items: false,
  product_ids: "",
  excluded_product_ids: "",
  category_ids: "",
  excluded_category_ids: "",
  minimum_spend: "",
  maximum_spend: "",
  expires_on: "",
  usage_limit: "",
  usage_limit_per_user: "",
  limit_usage_to_x_items: "",
  allowed_emails: "",
});

// A percent coupon keeps its percentage in hundredths (1250 is 12.5 %).
const percentDigits = 2;

export function toDraft(coupon: CouponInput, currency: CouponCurrency): CouponDraft {
  const money = (value: number | null) => (value === null ? "" : amountText(value, currency.currency_minor_unit));
  const count = (value: number | null) => (value === null ? "" : String(value));
  return {
    code: coupon.code,
    description: coupon.description,
    type: coupon.type,
    // A percentage without its trailing zeros ("12,5"), in the shop's decimal separator as the amount is read in.
    amount: coupon.type === "percent" ? decimalText(String(coupon.amount / 10 ** percentDigits)) : money(coupon.amount),
    enabled: coupon.enabled,
    free_shipping: coupon.free_shipping,
    individual_use: coupon.individual_use,
    exclude_sale_items: coupon.exclude_sale_items,
    product_ids: coupon.product_ids.join(", "),
    excluded_product_ids: coupon.excluded_product_ids.join(", "),
    category_ids: coupon.category_ids.join(", "),
    excluded_category_ids: coupon.excluded_category_ids.join(", "),
    minimum_spend: money(coupon.minimum_spend),
    maximum_spend: money(coupon.maximum_spend),
    expires_on: coupon.expires_at ? dayIn(coupon.expires_at, shopTimeZone()) : "",
    usage_limit: count(coupon.usage_limit),
    usage_limit_per_user: count(coupon.usage_limit_per_user),
    limit_usage_to_x_items: count(coupon.limit_usage_to_x_items),
    allowed_emails: coupon.allowed_emails.join("\n"),
  };
}

const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The allowed e-mails, one per line (or a pasted list split by commas): a line with a space is one wrong address, not two. */
const lines = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The largest usage limit the owner API takes (coupons.admin.routes.ts). */
const MAX_LIMIT = 1_000_000_000;

export type DraftResult = { ok: true; input: CouponInput } | { ok: false; errors: Record<string, string> };

/**
 * The API body of a draft, or the fields that are not numbers where numbers belong (the server
 * checks everything else). An expiry day left as it was keeps the stored instant.
 */
/** The last millisecond of a day in a zone, as stored (ISO). */
const lastInstantOf = (day: string, zone: string) => new Date(dayStart(addDays(day, 1), zone).getTime() - 1).toISOString();

export function fromDraft(
  draft: CouponDraft,
  currency: CouponCurrency,
  storedExpiry: string | null = null,
  zone = shopTimeZone(),
): DraftResult {
  const errors: Record<string, string> = {};
  const money = (field: keyof CouponDraft, digits: number): number | null => {
    const text = String(draft[field]).trim();
    if (!text) return null;
    const value = toMinor(text, digits);
    if (value === undefined) errors[field] = digits ? t.notAmount(digits) : t.notWhole;
    return value ?? null;
  };
  // A limit of 0 would be refused by the server's schema in its own words ("Must be >= 1"): said here in the owner's,
  // with the range for any limit that is not one ("-3" as well as "1.5"), not a bare "whole number".
  const limit = (field: keyof CouponDraft): number | null => {
    const value = money(field, 0);
    if (errors[field] || (value !== null && (value < 1 || value > MAX_LIMIT))) errors[field] = t.notLimit;
    return value;
  };
  const ids = (field: keyof CouponDraft): number[] => {
    const parts = list(String(draft[field]));
    if (parts.some((part) => !/^[1-9]\d{0,15}$/.test(part))) errors[field] = t.notIds;
    return parts.filter((part) => /^[1-9]\d{0,15}$/.test(part)).map(Number);
  };
  // A percentage takes the shop's decimal separator and no thousand separator ("1.000" is no percentage where "." groups).
  const percent = (): number | null => {
    const stored = readDecimal(draft.amount, percentDigits);
    if (stored === undefined) errors.amount = consoleMessages.notPercent(percentDigits);
    return stored === undefined ? null : Math.round(Number(stored) * 10 ** percentDigits);
  };
  const amountText = draft.amount.trim();
  const amount = !amountText ? 0 : draft.type === "percent" ? percent() : money("amount", currency.currency_minor_unit);
  let expiresAt: string | null = null;
  if (draft.expires_on) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expires_on)) errors.expires_at = t.notDay;
    // The day's last instant in the shop's zone (decision 0086); a day left as it was keeps its stored instant.
    else expiresAt = storedExpiry && dayIn(storedExpiry, zone) === draft.expires_on ? storedExpiry : lastInstantOf(draft.expires_on, zone);
  }
  const input: CouponInput = {
    code: draft.code,
    description: draft.description,
    type: draft.type,
    amount: amount ?? 0,
    enabled: draft.enabled,
    free_shipping: draft.free_shipping,
    individual_use: draft.individual_use,
    exclude_sale_items: draft.exclude_sale_items,
    product_ids: ids("product_ids"),
    excluded_product_ids: ids("excluded_product_ids"),
    category_ids: ids("category_ids"),
    excluded_category_ids: ids("excluded_category_ids"),
    minimum_spend: money("minimum_spend", currency.currency_minor_unit),
    maximum_spend: money("maximum_spend", currency.currency_minor_unit),
    expires_at: expiresAt,
    usage_limit: limit("usage_limit"),
    usage_limit_per_user: limit("usage_limit_per_user"),
    limit_usage_to_x_items: limit("limit_usage_to_x_items"),
    allowed_emails: lines(draft.allowed_emails),
  };
  // The rules the server checks without its database, told with the fields above in one round (not after a first fix).
  for (const [field, problem] of Object.entries(couponRuleProblems(input))) errors[field] ??= problem;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}
