/**
 * The cart the page showed against the cart about to be placed (decision 0168): another tab or device may
 * have added, removed or changed a line, or taken a coupon off, after the checkout page last heard from the server;
 * and the owner may have changed a price, a tax rate, a shipping cost or a coupon since (decision 0168, amended).
 */

/** What the page sends: its cart's lines by key with their quantities, its coupon codes, and what it showed them cost. */
export interface ExpectedCart {
  items: { key: string; quantity: number }[];
  coupons: string[];
  /** The total and its currency as the cart's `totals` carries them (minor units, as text or a number); absent: not compared. */
  totals?: { total_price: string | number; currency_code: string };
  /** The rate chosen in each package the page showed; absent: not compared. */
  shipping_rates?: { package_id: number; rate_id: string }[];
}

/** The cart priced for the order, as the Store API shows it. */
interface PricedCart {
  items: readonly { key: string; quantity: number }[];
  coupons: readonly { code: string }[];
  totals: { total_price: string; currency_code: string };
  shipping_rates: readonly { package_id: number; shipping_rates: readonly { rate_id: string; selected: boolean }[] }[];
}

/**
 * The same lines in the same quantities, in any order, and every coupon the page showed (codes compared without
 * case). A coupon the page did not show may count: one the addresses sent with the order let apply, which the
 * page, priced before them, could not show (the total, when sent, still tells it). Then the same total in the same
 * currency and the same rate chosen in each package, when the page sent them.
 */
export function holdsExpectedCart(priced: PricedCart, expected: ExpectedCart): boolean {
  return (
    sameLines(priced, expected) &&
    keepsCoupons(priced, expected) &&
    (!expected.totals || sameTotal(priced, expected.totals)) &&
    (!expected.shipping_rates || sameRates(priced, expected.shipping_rates))
  );
}

function sameLines(priced: PricedCart, expected: ExpectedCart): boolean {
  const seen = new Map(expected.items.map((item) => [item.key, item.quantity]));
  // A key named twice counts once, so a repeated line cannot stand for one missing.
  return (
    seen.size === expected.items.length &&
    seen.size === priced.items.length &&
    priced.items.every((item) => seen.get(item.key) === item.quantity)
  );
}

function keepsCoupons(priced: PricedCart, expected: ExpectedCart): boolean {
  const codes = new Set(priced.coupons.map(({ code }) => code.toLowerCase()));
  return expected.coupons.every((code) => codes.has(code.toLowerCase()));
}

/** Exactly the amount shown, lower or higher: the shopper pays what the page said (a lower one is shown first too). */
function sameTotal(priced: PricedCart, shown: NonNullable<ExpectedCart["totals"]>): boolean {
  return Number(shown.total_price) === Number(priced.totals.total_price) && shown.currency_code === priced.totals.currency_code;
}

/** The rate chosen in each package, and no package chosen for that the page did not show. */
function sameRates(priced: PricedCart, shown: NonNullable<ExpectedCart["shipping_rates"]>): boolean {
  const chosen = new Map<number, string>();
  for (const pack of priced.shipping_rates) {
    const rate = pack.shipping_rates.find((r) => r.selected);
    if (rate) chosen.set(pack.package_id, rate.rate_id);
  }
  const named = new Map(shown.map((rate) => [rate.package_id, rate.rate_id]));
  return named.size === shown.length && named.size === chosen.size && [...chosen].every(([id, rate]) => named.get(id) === rate);
}
