import { describe, expect, it } from "vitest";
import { type DiscountableLine, sortCoupons, splitDiscounts } from "./discounts.ts";
import { beanie, coupon, FIVE_OFF, line, PRODUCTS, SAVE10, TSHIRT2, tshirt } from "./fixtures.test-helpers.ts";
import type { Coupon, TotalsLine } from "./types.ts";

const item = (l: TotalsLine): DiscountableLine => ({ line: l, price: l.unitPrice * l.quantity });
const simple = (key: string, unitPrice: number, quantity = 1) => item(line({ key, unitPrice, quantity, productId: key.charCodeAt(0) }));

/** Discount per coupon code, per line key. */
function split(lines: DiscountableLine[], coupons: Coupon[], sequential = false): Record<string, Record<string, number>> {
  return Object.fromEntries(splitDiscounts(lines, coupons, sequential).map((d) => [d.coupon.code, Object.fromEntries(d.byLine)]));
}

const pct = (code: string, amount: number, extra: Partial<Coupon> = {}) => coupon({ code, type: "percent", amount, ...extra });
const fixedCart = (code: string, amount: number, extra: Partial<Coupon> = {}) => coupon({ code, type: "fixed_cart", amount, ...extra });
const fixedProduct = (code: string, amount: number, extra: Partial<Coupon> = {}) =>
  coupon({ code, type: "fixed_product", amount, ...extra });

describe("percent coupons", () => {
  it("floor(price × %) per line", () => {
    expect(split([item(tshirt(2)), item(beanie())], [SAVE10])).toEqual({ save10: { tshirt: 400, beanie: 180 } });
  });

  it("the cents lost to flooring go out one at a time, highest line first (ties by key)", () => {
    // 3 × 33.3 floors to 99; the cart's 99.9 rounds to 100
    expect(split([simple("c", 333), simple("b", 333), simple("a", 333)], [pct("p", 1000)])).toEqual({ p: { a: 34, b: 33, c: 33 } });
    // 10 % of 1005 + 1005: 100.5 + 100.5 → floors 200, cart 201
    expect(split([simple("a", 1005), simple("b", 1006)], [pct("p", 1000)])).toEqual({ p: { b: 101, a: 100 } });
  });

  it("limitUsageToXItems covers only that many units, most expensive lines first", () => {
    const limited = pct("p", 1000, { limitUsageToXItems: 4 });
    expect(split([simple("a", 1000, 3), simple("b", 500, 2)], [limited])).toEqual({ p: { a: 300, b: 50 } });
    expect(split([simple("a", 1000, 3)], [pct("p", 1000, { limitUsageToXItems: 1 })])).toEqual({ p: { a: 100 } });
  });

  it("sequential discounts work on the price left by earlier coupons", () => {
    const coupons = [pct("first", 1000, { id: 2 }), pct("second", 1000, { id: 1 })];
    expect(split([simple("a", 1000)], coupons, false)).toEqual({ first: { a: 100 }, second: { a: 100 } });
    expect(split([simple("a", 1000)], coupons, true)).toEqual({ first: { a: 100 }, second: { a: 90 } });
  });

  it("skips lines the coupon does not apply to", () => {
    expect(split([item(tshirt()), item(beanie())], [pct("p", 1000, { excludeSaleItems: true })])).toEqual({ p: { tshirt: 200 } });
  });

  it("100 % takes a line to zero, never below", () => {
    expect(split([simple("a", 999)], [pct("all", 10000), pct("more", 15000, { id: 0 })])).toEqual({ all: { a: 999 }, more: {} });
  });
});

describe("fixed_product coupons", () => {
  it("amount × quantity on matching lines", () => {
    expect(split([item(tshirt(3)), item(beanie())], [TSHIRT2])).toEqual({ tshirt2: { tshirt: 600 } });
  });

  it("capped at the line's remaining price", () => {
    expect(split([simple("a", 300, 2)], [fixedProduct("big", 500)])).toEqual({ big: { a: 600 } });
    expect(split([simple("a", 300, 2)], [fixedProduct("big", 5000)])).toEqual({ big: { a: 600 } });
  });

  it("limitUsageToXItems: only that many units, each at most its own price", () => {
    expect(split([simple("a", 2000, 3)], [fixedProduct("two", 500, { limitUsageToXItems: 2 })])).toEqual({ two: { a: 1000 } });
    expect(split([simple("a", 300, 3)], [fixedProduct("one", 500, { limitUsageToXItems: 1 })])).toEqual({ one: { a: 300 } });
    // b (400) comes first and uses 2 of the 3 units; a gets the last one
    expect(split([simple("a", 300, 1), simple("b", 200, 2)], [fixedProduct("three", 100, { limitUsageToXItems: 3 })])).toEqual({
      three: { b: 200, a: 100 },
    });
  });
});

describe("fixed_cart coupons", () => {
  it("amount ÷ units per unit, then the rest cent by cent from the most expensive line", () => {
    // 500 / 3 units = 166 each (332 + 166), 2 cents left go to the T-shirts
    expect(split([item(beanie()), item(tshirt(2))], [FIVE_OFF])).toEqual({ "5off": { tshirt: 334, beanie: 166 } });
  });

  it("less than a cent per unit goes cent by cent", () => {
    expect(split([simple("a", 100, 2), simple("b", 500, 1)], [fixedCart("two", 2)])).toEqual({ two: { b: 1, a: 1 } });
  });

  it("never more than the cart is worth", () => {
    expect(split([simple("a", 2000), simple("b", 1800)], [fixedCart("huge", 10000)])).toEqual({ huge: { a: 2000, b: 1800 } });
  });

  it("the remainder moves on to lines that still have something left", () => {
    // a (2000 × 1) and b (50 × 5): 600 / 6 = 100 per unit empties b at 250; the 250 left goes to a
    expect(split([simple("a", 2000), simple("b", 50, 5)], [fixedCart("six", 600)])).toEqual({ six: { a: 350, b: 250 } });
    // 98 % of b (21 × 5) leaves it 2 cents over 5 units: the cent pass gives b 2 and a 1, then a the rest
    const lines = [simple("a", 100), simple("b", 21, 5)];
    expect(split(lines, [pct("most", 9800, { productIds: ["b".charCodeAt(0)] }), fixedCart("five", 5)])).toEqual({
      most: { b: 103 },
      five: { b: 2, a: 3 },
    });
  });

  it("ignores lines with nothing left after earlier coupons", () => {
    expect(
      split([simple("a", 1000), simple("b", 1000)], [fixedProduct("fp", 1000, { productIds: ["a".charCodeAt(0)] }), fixedCart("fc", 100)]),
    ).toEqual({
      fp: { a: 1000 },
      fc: { b: 100 },
    });
  });
});

describe("coupon order", () => {
  it("fixed_product → percent → fixed_cart, whatever the order applied", () => {
    const coupons = [fixedCart("cart", 100), pct("pct", 5000), fixedProduct("prod", 400)];
    // prod takes 400 of 500, pct (50 % of the full 500 = 250) is capped at the 100 left, cart finds nothing
    expect(splitDiscounts([simple("a", 500)], coupons).map((d) => [d.coupon.code, d.total])).toEqual([
      ["prod", 400],
      ["pct", 100],
      ["cart", 0],
    ]);
  });

  it("ties: unlimited before limited, smaller amount first, then higher id first", () => {
    const coupons = [
      pct("limited", 500, { id: 1, limitUsageToXItems: 2 }),
      pct("big", 2000, { id: 2 }),
      pct("small-old", 1000, { id: 3 }),
      pct("small-new", 1000, { id: 4 }),
    ];
    expect(sortCoupons(coupons).map((c) => c.code)).toEqual(["small-new", "small-old", "big", "limited"]);
    expect(sortCoupons([FIVE_OFF, SAVE10, TSHIRT2]).map((c) => c.code)).toEqual(["tshirt2", "save10", "5off"]);
  });
});

describe("lines", () => {
  it("zero-quantity lines are never discounted", () => {
    expect(split([simple("a", 0, 0), simple("b", 1000)], [fixedCart("fc", 100)])).toEqual({ fc: { b: 100 } });
  });

  it("a coupon restricted to a variation's parent discounts the variation", () => {
    const redL = item(line({ key: "red-l", productId: 131, parentId: PRODUCTS.hoodie, unitPrice: 3900 }));
    expect(split([redL], [fixedProduct("hood", 500, { productIds: [PRODUCTS.hoodie] })])).toEqual({ hood: { "red-l": 500 } });
  });
});
