/**
 * Splits coupon discounts over cart lines in whole minor units, modelled on WooCommerce's
 * WC_Discounts: the parts of each coupon add up exactly to its discount, and no line is ever
 * discounted below zero.
 */
import { couponAppliesToLine } from "./coupons.ts";
import { floorOf, frac, plus, roundHalfAway, ZERO } from "./money-math.ts";
import { mapped } from "./packed.ts";
import { type Coupon, PERCENT_SCALE, type TotalsLine } from "./types.ts";

export interface DiscountableLine {
  line: TotalsLine;
  /** The line price the discount comes off: tax-inclusive when prices include tax. */
  price: number;
}

export interface CouponDiscount {
  coupon: Coupon;
  /** Discount per line key; the values add up to `total`. */
  byLine: Map<string, number>;
  total: number;
}

const TYPE_ORDER: Record<Coupon["type"], number> = { fixed_product: 1, percent: 2, fixed_cart: 3 };

/** fixed_product → percent → fixed_cart; ties: item limit, then amount ascending, then id descending. */
export function sortCoupons(coupons: readonly Coupon[]): Coupon[] {
  const limit = (c: Coupon) => c.limitUsageToXItems ?? 0;
  return [...coupons].sort(
    (a, b) =>
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      limit(a) - limit(b) ||
      a.amount - b.amount ||
      b.id - a.id ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** Highest line price first; equal prices by key, so the input order never matters. */
export function sortLinesForDiscount(lines: readonly DiscountableLine[]): DiscountableLine[] {
  return [...lines].sort((a, b) => b.price - a.price || (a.line.key < b.line.key ? -1 : a.line.key > b.line.key ? 1 : 0));
}

/** Running state: what each line has left to discount, and what the current coupon gave. */
class Ledger {
  private readonly given = new Map<string, number>();
  readonly all: readonly DiscountableLine[];

  constructor(lines: readonly DiscountableLine[]) {
    this.all = lines;
  }

  remaining(item: DiscountableLine): number {
    return item.price - (this.given.get(item.line.key) ?? 0);
  }

  /** Gives up to `cents` to a line, never past its remaining price; returns what was given. */
  give(discount: CouponDiscount, item: DiscountableLine, cents: number): number {
    const amount = Math.max(0, Math.min(cents, this.remaining(item)));
    if (amount === 0) return 0;
    const key = item.line.key;
    this.given.set(key, (this.given.get(key) ?? 0) + amount);
    discount.byLine.set(key, (discount.byLine.get(key) ?? 0) + amount);
    discount.total += amount;
    return amount;
  }

  open(items: readonly DiscountableLine[]): DiscountableLine[] {
    return items.filter((item) => this.remaining(item) > 0);
  }
}

/** How many units of each line a limited coupon covers, in discount order. */
function unitsCovered(coupon: Coupon, items: readonly DiscountableLine[]): number[] {
  let left = coupon.limitUsageToXItems !== null && coupon.limitUsageToXItems > 0 ? coupon.limitUsageToXItems : Number.POSITIVE_INFINITY;
  return mapped(items, (item) => {
    const units = Math.min(item.line.quantity, left);
    left -= units;
    return units;
  });
}

/** Gives one cent per unit, line by line, until `target` is reached or nothing is left. */
function giveCents(ledger: Ledger, discount: CouponDiscount, items: readonly DiscountableLine[], units: readonly number[], target: number) {
  let progress = true;
  while (discount.total < target && progress) {
    progress = false;
    for (const [i, item] of items.entries()) {
      for (let unit = 0; unit < (units[i] ?? 0) && discount.total < target; unit++) {
        if (ledger.give(discount, item, 1) > 0) progress = true;
      }
    }
  }
}

/** floor(price × %) per line, then the cents lost to flooring, one at a time. */
function applyPercent(ledger: Ledger, discount: CouponDiscount, items: readonly DiscountableLine[], sequential: boolean) {
  const units = unitsCovered(discount.coupon, items);
  let exact = ZERO; // the whole cart's discount before any rounding
  for (const [i, item] of items.entries()) {
    const covered = units[i] ?? 0;
    if (covered === 0) continue;
    const base = sequential ? ledger.remaining(item) : item.price;
    // Only the covered units' share of the line price is discounted.
    const lineDiscount = frac(BigInt(base) * BigInt(covered) * BigInt(discount.coupon.amount), item.line.quantity * PERCENT_SCALE);
    ledger.give(discount, item, floorOf(lineDiscount));
    exact = plus(exact, lineDiscount);
  }
  giveCents(ledger, discount, items, units, roundHalfAway(exact));
}

/** amount × quantity per line (only the covered units when limited), capped at what the line has left. */
function applyFixedProduct(ledger: Ledger, discount: CouponDiscount, items: readonly DiscountableLine[]) {
  const { amount, limitUsageToXItems } = discount.coupon;
  const units = unitsCovered(discount.coupon, items);
  for (const [i, item] of items.entries()) {
    const covered = units[i] ?? 0;
    if (covered === 0) continue;
    // A limited coupon never discounts more than the covered units are worth.
    const limited = limitUsageToXItems !== null && limitUsageToXItems > 0;
    const worth = limited ? floorOf(frac(item.price * covered, item.line.quantity)) : item.price;
    ledger.give(discount, item, Math.min(amount * covered, worth));
  }
}

/** amount ÷ units floored per unit, repeated on what is left, then cent by cent. */
function applyFixedCart(ledger: Ledger, discount: CouponDiscount, items: readonly DiscountableLine[]) {
  const amount = discount.coupon.amount;
  while (discount.total < amount) {
    const open = ledger.open(items);
    const units = open.reduce((sum, item) => sum + item.line.quantity, 0);
    if (units === 0) return;
    const perUnit = floorOf(frac(amount - discount.total, units));
    if (perUnit === 0) {
      giveCents(
        ledger,
        discount,
        open,
        mapped(open, (item) => item.line.quantity),
        amount,
      );
      return;
    }
    for (const item of open) ledger.give(discount, item, perUnit * item.line.quantity);
  }
}

/**
 * Applies the coupons in WooCommerce's order and returns each coupon's discount per line.
 * With `sequential`, a percent coupon works on the price left after the coupons before it.
 */
export function splitDiscounts(lines: readonly DiscountableLine[], coupons: readonly Coupon[], sequential = false): CouponDiscount[] {
  const ordered = sortLinesForDiscount(lines.filter((item) => item.line.quantity > 0));
  const ledger = new Ledger(ordered);
  return mapped(sortCoupons(coupons), (coupon) => {
    const discount: CouponDiscount = { coupon, byLine: new Map(), total: 0 };
    const items = ledger.open(ledger.all).filter((item) => couponAppliesToLine(coupon, item.line));
    if (coupon.type === "percent") applyPercent(ledger, discount, items, sequential);
    else if (coupon.type === "fixed_product") applyFixedProduct(ledger, discount, items);
    else applyFixedCart(ledger, discount, items);
    return discount;
  });
}
