import { describe, expect, it } from "vitest";
import { holdsExpectedCart } from "./expected-cart.ts";

const priced = {
  items: [
    { key: "a", quantity: 1 },
    { key: "b", quantity: 2 },
  ],
  coupons: [{ code: "save10" }],
  totals: { total_price: "2681", currency_code: "USD" },
  shipping_rates: [
    {
      package_id: 0,
      shipping_rates: [
        { rate_id: "flat_rate:1", selected: false },
        { rate_id: "free_shipping:2", selected: true },
      ],
    },
  ],
};
const shown = { items: priced.items, coupons: ["save10"] };
const seen = {
  ...shown,
  totals: { total_price: "2681", currency_code: "USD" },
  shipping_rates: [{ package_id: 0, rate_id: "free_shipping:2" }],
};

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

describe("holdsExpectedCart with the total and rates the page showed (decision 0168, amended)", () => {
  it("holds the same total, as text or a number, in the same currency, with the same rate chosen", () => {
    expect(holdsExpectedCart(priced, seen)).toBe(true);
    expect(holdsExpectedCart(priced, { ...seen, totals: { total_price: 2681, currency_code: "USD" } })).toBe(true);
  });

  it("does not when the total is higher or lower by one minor unit, or in another currency", () => {
    expect(holdsExpectedCart(priced, { ...seen, totals: { total_price: "2680", currency_code: "USD" } })).toBe(false);
    expect(holdsExpectedCart(priced, { ...seen, totals: { total_price: 2682, currency_code: "USD" } })).toBe(false);
    expect(holdsExpectedCart(priced, { ...seen, totals: { total_price: "2681", currency_code: "EUR" } })).toBe(false);
  });

  it("does not when another rate is chosen at the same total, a package's choice is missing or one is named twice", () => {
    expect(holdsExpectedCart(priced, { ...seen, shipping_rates: [{ package_id: 0, rate_id: "flat_rate:1" }] })).toBe(false);
    expect(holdsExpectedCart(priced, { ...seen, shipping_rates: [] })).toBe(false);
    expect(holdsExpectedCart(priced, { ...seen, shipping_rates: [{ package_id: 1, rate_id: "free_shipping:2" }] })).toBe(false);
    const twice = [
      { package_id: 0, rate_id: "free_shipping:2" },
      { package_id: 0, rate_id: "free_shipping:2" },
    ];
    expect(holdsExpectedCart(priced, { ...seen, shipping_rates: twice })).toBe(false);
  });

  it("holds no rates when the cart has none chosen, and the lines still count with the total the same", () => {
    const unshipped = { ...priced, shipping_rates: [] };
    expect(holdsExpectedCart(unshipped, { ...seen, shipping_rates: [] })).toBe(true);
    expect(holdsExpectedCart(priced, { ...seen, items: [{ key: "a", quantity: 1 }] })).toBe(false);
  });

  it("compares neither when the page sent neither, as a client from before the amendment", () => {
    const moved = { ...priced, totals: { total_price: "9999", currency_code: "EUR" }, shipping_rates: [] };
    expect(holdsExpectedCart(moved, shown)).toBe(true);
  });
});
