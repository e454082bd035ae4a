import { describe, expect, it } from "vitest";
import { calculateTotals } from "./calculate.ts";
import { coupon, DEMO_RATES, demoInput, flatRate, line, rate, SAVE10, tshirt } from "./fixtures.test-helpers.ts";

describe("calculateTotals: fees", () => {
  const fee = (amount: number, taxable = true, id = "f1") => ({ id, name: "", amount, taxable, taxClass: "" });

  it("a taxable fee is taxed at the customer's rates; the empty name is kept", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], fees: [fee(100), fee(100, false, "f2")] }));
    expect(result.fees).toEqual([
      { id: "f1", name: "", total: 100, total_tax: 7, taxes: { 1: 7 } },
      { id: "f2", name: "", total: 100, total_tax: 0, taxes: {} },
    ]);
    expect(result.totals).toMatchObject({ total_fees: 200, total_fees_tax: 7, total_price: 2000 + 200 + 145 + 7 });
  });

  it("a negative fee acts as a discount: its tax comes off too (half away from zero)", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], shipping: [flatRate(500)], fees: [fee(-1000)] }));
    // −1000 × 7.25 % = −72.5 → −73
    expect(result.fees[0]).toMatchObject({ total: -1000, total_tax: -73 });
    expect(result.totals).toMatchObject({ total_tax: 145 + 36 - 73, total_price: 2000 + 500 - 1000 + 108 });
  });

  it("a negative fee's tax is split over the tax classes by cost, non-taxable lines paying none", () => {
    const result = calculateTotals(
      demoInput({
        lines: [tshirt(), line({ key: "nt", unitPrice: 1000, taxStatus: "none" })],
        shipping: [flatRate(500)],
        fees: [fee(-1000)],
      }),
    );
    // taxable share 2500 / 3500: −714.29 × 7.25 % = −51.79 → −52
    expect(result.fees[0]).toMatchObject({ total: -1000, total_tax: -52 });
  });

  it("a negative fee cannot take the order below zero", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], shipping: [flatRate(500)], fees: [fee(-10000), fee(-50, true, "f2")] }));
    // capped at −(2000 + 500); −2500 × 7.25 % = −181.25 → −181; the next fee has nothing left to take
    expect(result.fees.map((f) => [f.total, f.total_tax])).toEqual([
      [-2500, -181],
      [0, 0],
    ]);
    expect(result.totals).toMatchObject({ total_fees: -2500, total_tax: 0, total_price: 0 });
  });
});

describe("calculateTotals: negative fee tax guards", () => {
  const fee = (amount: number) => ({ id: "f", name: "", amount, taxable: true, taxClass: "" });

  it("takes the shipping share of a negative fee's tax at the rates shipping pays", () => {
    // LA County (priority 2) does not apply to shipping, so a fee against shipping only takes back CA tax.
    const rates = [
      ...DEMO_RATES,
      rate({ id: 20, country: "US", state: "CA", postcodes: ["900*"], rate: 22_500, name: "LA County", priority: 2, shipping: false }),
    ];
    // No items: shipping is taxed in a fixed class here (based on items, it would pay none).
    const result = calculateTotals(demoInput({ taxRates: rates, shipping: [flatRate(2300)], fees: [fee(-2300)], shippingTaxClass: "" }));
    // 2300 × 7.25 % = 166.75 → 167 charged and taken back
    expect(result.fees[0]?.taxes).toEqual({ 1: -167 });
    expect(result.totals).toMatchObject({ total_tax: 0, total_price: 0 });
  });

  it("never takes back more tax than was charged (rounding cannot make tax negative)", () => {
    // two 5-cent lines pay 0.3625 → 0 each; the fee's −0.725 would round to −1
    const lines = [line({ key: "a", unitPrice: 5 }), line({ key: "b", unitPrice: 5 })];
    const result = calculateTotals(demoInput({ lines, fees: [fee(-10)] }));
    expect(result.fees[0]).toMatchObject({ total: -10, total_tax: 0 });
    expect(result.totals).toMatchObject({ total_tax: 0, total_price: 0 });
    expect(result.tax_lines).toEqual([]);
  });
});

describe("calculateTotals: sequential discounts", () => {
  it("a second percent coupon works on the already-discounted price", () => {
    const second = coupon({ id: 99, code: "more10", type: "percent", amount: 1000 });
    const plain = calculateTotals(demoInput({ lines: [tshirt()], coupons: [SAVE10, second] }));
    const sequential = calculateTotals(demoInput({ lines: [tshirt()], coupons: [SAVE10, second], calcDiscountsSequentially: true }));
    expect(plain.totals.total_discount).toBe(400);
    // 200, then 10 % of 1800
    expect(sequential.totals.total_discount).toBe(380);
  });
});

describe("calculateTotals: input guards", () => {
  it.each([
    ["a float price", { lines: [line({ key: "a", unitPrice: 19.99 })] }],
    ["a negative quantity", { lines: [line({ key: "a", unitPrice: 100, quantity: -1 })] }],
    ["a float rate", { lines: [tshirt()], taxRates: [rate({ id: 1, rate: 7.25, name: "x" })] }],
    ["a float fee", { lines: [tshirt()], fees: [{ id: "f", name: "", amount: 0.5, taxable: false, taxClass: "" }] }],
    ["duplicate keys", { lines: [tshirt(), tshirt()] }],
    ["a float coupon", { lines: [tshirt()], coupons: [coupon({ code: "x", type: "fixed_cart", amount: 1.5 })] }],
  ])("rejects %s", (_, overrides) => {
    expect(() => calculateTotals(demoInput(overrides))).toThrow(RangeError);
  });
});
