import { describe, expect, it } from "vitest";
import { expectedCartChange, expectedCartOf } from "./expected-cart.ts";

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

describe("expectedCartChange of the lines and coupons", () => {
  it("answers nothing moved for the cart the page showed, in any order and whatever the codes' case", () => {
    expect(expectedCartChange(priced, { items: [...priced.items].reverse(), coupons: ["SAVE10"] })).toBeNull();
  });

  it("answers the cart when a line was added, removed or changed, or a coupon the page showed was taken off", () => {
    expect(expectedCartChange(priced, { ...shown, items: [{ key: "a", quantity: 1 }] })).toBe("cart");
    expect(expectedCartChange(priced, { ...shown, items: [...priced.items, { key: "c", quantity: 1 }] })).toBe("cart");
    expect(
      expectedCartChange(priced, {
        ...shown,
        items: [
          { key: "a", quantity: 1 },
          { key: "b", quantity: 3 },
        ],
      }),
    ).toBe("cart");
    expect(expectedCartChange(priced, { ...shown, coupons: ["save10", "5off"] })).toBe("cart");
  });

  it("answers nothing moved with a coupon the page did not show, which only lowers the total (the order's addresses let it apply)", () => {
    expect(expectedCartChange(priced, { ...shown, coupons: [] })).toBeNull();
  });

  it("counts a key named twice once, so a repeated line cannot stand for a missing one: the cart moved", () => {
    expect(
      expectedCartChange(priced, {
        ...shown,
        items: [
          { key: "a", quantity: 1 },
          { key: "a", quantity: 1 },
        ],
      }),
    ).toBe("cart");
  });
});

describe("expectedCartChange of the total and rates the page showed (decision 0168, amended)", () => {
  it("answers nothing moved for the same total, as text or a number, in the same currency, with the same rate chosen", () => {
    expect(expectedCartChange(priced, seen)).toBeNull();
    expect(expectedCartChange(priced, { ...seen, totals: { total_price: 2681, currency_code: "USD" } })).toBeNull();
  });

  it("answers the prices when the total is higher or lower by one minor unit, or in another currency", () => {
    expect(expectedCartChange(priced, { ...seen, totals: { total_price: "2680", currency_code: "USD" } })).toBe("prices");
    expect(expectedCartChange(priced, { ...seen, totals: { total_price: 2682, currency_code: "USD" } })).toBe("prices");
    expect(expectedCartChange(priced, { ...seen, totals: { total_price: "2681", currency_code: "EUR" } })).toBe("prices");
  });

  it("answers the prices when another rate is chosen at the same total, a package's choice is missing or one is named twice", () => {
    expect(expectedCartChange(priced, { ...seen, shipping_rates: [{ package_id: 0, rate_id: "flat_rate:1" }] })).toBe("prices");
    expect(expectedCartChange(priced, { ...seen, shipping_rates: [] })).toBe("prices");
    expect(expectedCartChange(priced, { ...seen, shipping_rates: [{ package_id: 1, rate_id: "free_shipping:2" }] })).toBe("prices");
    const twice = [
      { package_id: 0, rate_id: "free_shipping:2" },
      { package_id: 0, rate_id: "free_shipping:2" },
    ];
    expect(expectedCartChange(priced, { ...seen, shipping_rates: twice })).toBe("prices");
  });

  it("holds no rates when the cart has none chosen, and a line changed at the same total is the cart's change", () => {
    const unshipped = { ...priced, shipping_rates: [] };
    expect(expectedCartChange(unshipped, { ...seen, shipping_rates: [] })).toBeNull();
    expect(expectedCartChange(priced, { ...seen, items: [{ key: "a", quantity: 1 }] })).toBe("cart");
  });

  it("compares neither when the page sent neither, as a client from before the amendment", () => {
    const moved = { ...priced, totals: { total_price: "9999", currency_code: "EUR" }, shipping_rates: [] };
    expect(expectedCartChange(moved, shown)).toBeNull();
  });
});

describe("which change is told when both moved (decision 0175)", () => {
  it("answers the cart when its lines and its total moved: another window's change explains the total too", () => {
    const more = { ...priced, items: [...priced.items, { key: "c", quantity: 1 }], totals: { total_price: "4681", currency_code: "USD" } };
    expect(expectedCartChange(more, seen)).toBe("cart");
  });
});

describe("expectedCartOf", () => {
  it("takes the lines by key, the coupon codes, the total and the rate selected in each package, as the page sends them", () => {
    expect(expectedCartOf(priced)).toEqual(seen);
    expect(expectedCartChange(priced, expectedCartOf(priced))).toBeNull();
  });

  it("names no rate for a package with none selected", () => {
    const unchosen = { ...priced, shipping_rates: [{ package_id: 0, shipping_rates: [{ rate_id: "flat_rate:1", selected: false }] }] };
    expect(expectedCartOf(unchosen).shipping_rates).toEqual([]);
  });
});
