/**
 * The cart the page showed against the cart about to be placed (decision 0168): another tab or device may
 * have added, removed or changed a line, or taken a coupon off, after the checkout page last heard from the server.
 */

/** What the page sends: its cart's lines by key with their quantities, and its coupon codes. */
export interface ExpectedCart {
  items: { key: string; quantity: number }[];
  coupons: string[];
}

interface PricedCart {
  items: readonly { key: string; quantity: number }[];
  coupons: readonly { code: string }[];
}

/**
 * The same lines in the same quantities, in any order, and every coupon the page showed (codes compared without
 * case). A coupon the page did not show may count: one the addresses sent with the order let apply, which the
 * page, priced before them, could not show; it only lowers the total.
 */
export function holdsExpectedCart(priced: PricedCart, expected: ExpectedCart): boolean {
  const seen = new Map(expected.items.map((item) => [item.key, item.quantity]));
  // A key named twice counts once, so a repeated line cannot stand for one missing.
  const sameLines =
    seen.size === expected.items.length &&
    seen.size === priced.items.length &&
    priced.items.every((item) => seen.get(item.key) === item.quantity);
  const codes = new Set(priced.coupons.map(({ code }) => code.toLowerCase()));
  return sameLines && expected.coupons.every((code) => codes.has(code.toLowerCase()));
}
