import { describe, expect, it } from "vitest";
import { holdsExpectedCart } from "./expected-cart.ts";

const priced = {
  items: [
    { key: "a", quantity: 1 },
    { key: "b", quantity: 2 },
  ],
  coupons: [{ code: "save10" }],
};
const shown = { items: priced.items, coupons: ["save10"] };

describe("holdsExpectedCart", () => {
  it("holds the cart the page showed, in any order and whatever the codes' case", () => {
    expect(holdsExpectedCart(priced, { items: [...priced.items].reverse(), coupons: ["SAVE10"] })).toBe(true);
  });

  it("does not when a line was added, removed or changed, or a coupon the page showed was taken off", () => {
    expect(holdsExpectedCart(priced, { ...shown, items: [{ key: "a", quantity: 1 }] })).toBe(false);
    expect(holdsExpectedCart(priced, { ...shown, items: [...priced.items, { key: "c", quantity: 1 }] })).toBe(false);
    expect(
      holdsExpectedCart(priced, {
        ...shown,
        items: [
          { key: "a", quantity: 1 },
          { key: "b", quantity: 3 },
        ],
      }),
    ).toBe(false);
    expect(holdsExpectedCart(priced, { ...shown, coupons: ["save10", "5off"] })).toBe(false);
  });

  it("holds with a coupon the page did not show, which only lowers the total (the order's addresses let it apply)", () => {
    expect(holdsExpectedCart(priced, { ...shown, coupons: [] })).toBe(true);
  });

  it("counts a key named twice once, so a repeated line cannot stand for a missing one", () => {
    expect(
      holdsExpectedCart(priced, {
        ...shown,
        items: [
          { key: "a", quantity: 1 },
          { key: "a", quantity: 1 },
        ],
      }),
    ).toBe(false);
  });
});
