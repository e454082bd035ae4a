/**
 * The cart a checkout page showed against the cart about to be placed (decision 0168): another tab or device may
 * have added, removed or changed a line, or taken a coupon off, after the page last heard from the server; the owner
 * may have changed a price, a tax rate, a shipping cost or a coupon since (decision 0168, amended); and an address the
 * shopper typed moves taxes and shipping once it is priced. What moved tells the shopper why (decision 0175): the
 * server's refusal says it, and the checkout page uses the same comparison for its own address edits.
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

/** A cart as the Store API shows it, in the parts compared. */
export interface ComparedCart {
  items: readonly { key: string; quantity: number }[];
  coupons: readonly { code: string }[];
  totals: { total_price: string; currency_code: string };
  shipping_rates: readonly { package_id: number; shipping_rates: readonly { rate_id: string; selected: boolean }[] }[];
}

/**
 * What moved since the page showed the cart: "cart" when its lines, their quantities or a coupon shown did (another
 * window or device), "prices" when only its total, currency or a chosen rate did (prices, taxes, shipping, addresses).
 */
export type CartChange = "cart" | "prices";

/** The lines, coupons, total and chosen rates of a cart, as the checkout page sends the cart it shows. */
export function expectedCartOf(cart: ComparedCart): Required<ExpectedCart> {
  return {
    items: cart.items.map(({ key, quantity }) => ({ key, quantity })),
    coupons: cart.coupons.map(({ code }) => code),
    totals: { total_price: cart.totals.total_price, currency_code: cart.totals.currency_code },
    shipping_rates: cart.shipping_rates.flatMap(({ package_id, shipping_rates }) =>
      shipping_rates.filter((rate) => rate.selected).map(({ rate_id }) => ({ package_id, rate_id })),
    ),
  };
}

/**
 * Null when the priced cart has the same lines in the same quantities, in any order, and every coupon the page showed
 * (codes compared without case), then the same total in the same currency and the same rate chosen in each package,
 * when the page sent them. A coupon the page did not show may count: one the addresses sent with the order let apply,
 * which the page, priced before them, could not show (the total, when sent, still tells it).
 */
export function expectedCartChange(priced: ComparedCart, expected: ExpectedCart): CartChange | null {
  if (!sameLines(priced, expected) || !keepsCoupons(priced, expected)) return "cart";
  if (expected.totals && !sameTotal(priced, expected.totals)) return "prices";
  if (expected.shipping_rates && !sameRates(priced, expected.shipping_rates)) return "prices";
  return null;
}

function sameLines(priced: ComparedCart, expected: ExpectedCart): boolean {
  const seen = new Map(expected.items.map((item) => [item.key, item.quantity]));
  // A key named twice counts once, so a repeated line cannot stand for one missing.
  return (
    seen.size === expected.items.length &&
    seen.size === priced.items.length &&
    priced.items.every((item) => seen.get(item.key) === item.quantity)
  );
}

function keepsCoupons(priced: ComparedCart, expected: ExpectedCart): boolean {
  const codes = new Set(priced.coupons.map(({ code }) => code.toLowerCase()));
  return expected.coupons.every((code) => codes.has(code.toLowerCase()));
}

/** Exactly the amount shown, lower or higher: the shopper pays what the page said (a lower one is shown first too). */
function sameTotal(priced: ComparedCart, shown: NonNullable<ExpectedCart["totals"]>): boolean {
  return Number(shown.total_price) === Number(priced.totals.total_price) && shown.currency_code === priced.totals.currency_code;
}

/** The rate chosen in each package, and no package chosen for that the page did not show. */
function sameRates(priced: ComparedCart, shown: NonNullable<ExpectedCart["shipping_rates"]>): boolean {
  const chosen = new Map<number, string>();
  for (const pack of priced.shipping_rates) {
    const rate = pack.shipping_rates.find((r) => r.selected);
    if (rate) chosen.set(pack.package_id, rate.rate_id);
  }
  const named = new Map(shown.map((rate) => [rate.package_id, rate.rate_id]));
  return named.size === shown.length && named.size === chosen.size && [...chosen].every(([id, rate]) => named.get(id) === rate);
}
