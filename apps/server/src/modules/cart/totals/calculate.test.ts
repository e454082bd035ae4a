import { describe, expect, it } from "vitest";
import { calculateTotals } from "./calculate.ts";
import {
  beanie,
  CA,
  coupon,
  DE,
  DEMO_RATES,
  demoInput,
  FIVE_OFF,
  FR,
  FREESHIP,
  flatRate,
  GB,
  line,
  NY,
  rate,
  SAVE10,
  TSHIRT2,
  tshirt,
} from "./fixtures.test-helpers.ts";

describe("calculateTotals: the DEMO shop (prices without tax, base US/CA)", () => {
  it("Classic T-Shirt ×2 + SAVE10 in CA with flat rate 5.00", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt(2)], coupons: [SAVE10], shipping: [flatRate(500)] }));
    expect(result).toEqual({
      // 4000 × 7.25 % = 290; after 10 %: 3600 × 7.25 % = 261.00
      lines: { tshirt: { line_subtotal: 4000, line_subtotal_tax: 290, line_total: 3600, line_total_tax: 261, taxes: { 1: 261 } } },
      coupons: { save10: { discount: 400, discount_tax: 29 } },
      fees: [],
      // 500 × 7.25 % = 36.25 → 36
      shipping: { 0: { total: 500, total_tax: 36, taxes: { 1: 36 } } },
      totals: {
        total_items: 4000,
        total_items_tax: 290,
        total_fees: 0,
        total_fees_tax: 0,
        total_discount: 400,
        total_discount_tax: 29,
        total_shipping: 500,
        total_shipping_tax: 36,
        total_price: 4397,
        total_tax: 297,
      },
      tax_lines: [{ rateId: 1, name: "CA Tax", rate: "7.25%", price: 297, shippingTax: 36 }],
      freeShipping: false,
    });
  });

  it("Beanie (on sale 18.00) + 5OFF in NY: 4 % on 13.00 and on shipping", () => {
    const { totals, coupons, tax_lines } = calculateTotals(
      demoInput({ lines: [beanie()], coupons: [FIVE_OFF], shipping: [flatRate(500)], location: NY }),
    );
    expect(coupons).toEqual({ "5off": { discount: 500, discount_tax: 20 } });
    expect(totals).toMatchObject({ total_items: 1800, total_items_tax: 72, total_discount: 500, total_shipping_tax: 20, total_tax: 72 });
    expect(totals.total_price).toBe(1300 + 500 + 52 + 20);
    expect(tax_lines).toEqual([{ rateId: 2, name: "NY Tax", rate: "4%", price: 72, shippingTax: 20 }]);
  });

  it("TSHIRT2 takes 2.00 off each T-shirt only; half cents round up per line", () => {
    const { lines, totals, coupons } = calculateTotals(
      demoInput({ lines: [tshirt(3), beanie()], coupons: [TSHIRT2], shipping: [flatRate(500)] }),
    );
    // 5400 × 7.25 % = 391.5 → 392; 1800 × 7.25 % = 130.5 → 131
    expect(lines.tshirt).toMatchObject({ line_subtotal: 6000, line_subtotal_tax: 435, line_total: 5400, line_total_tax: 392 });
    expect(lines.beanie).toMatchObject({ line_subtotal: 1800, line_subtotal_tax: 131, line_total: 1800, line_total_tax: 131 });
    expect(coupons.tshirt2).toEqual({ discount: 600, discount_tax: 43 });
    expect(totals.total_tax).toBe(392 + 131 + 36);
    expect(totals.total_price).toBe(8259);
  });

  it("SAVE10 then 5OFF on T-shirt ×2 + Beanie: percent first, fixed cart spread per unit, coupon taxes split exactly", () => {
    const result = calculateTotals(demoInput({ lines: [beanie(), tshirt(2)], coupons: [FIVE_OFF, SAVE10] }));
    // percent: 400 + 180; fixed cart: 166 per unit (332 + 166), the last 2 cents to the T-shirts
    expect(result.lines.tshirt).toMatchObject({ line_total: 4000 - 734, line_total_tax: 237 });
    expect(result.lines.beanie).toMatchObject({ line_total: 1800 - 346, line_total_tax: 105 });
    expect(result.coupons).toEqual({ save10: { discount: 580, discount_tax: 43 }, "5off": { discount: 500, discount_tax: 36 } });
    expect(result.totals).toMatchObject({ total_discount: 1080, total_discount_tax: 79, total_tax: 342, total_price: 5062 });
  });

  it("FREESHIP grants free shipping and discounts nothing", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], coupons: [FREESHIP] }));
    expect(result.freeShipping).toBe(true);
    expect(result.coupons.freeship).toEqual({ discount: 0, discount_tax: 0 });
    expect(result.totals.total_price).toBe(2000 + 145);
  });

  it("uses the base location while the shopper has no tax address", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], location: null }));
    expect(result.totals.total_tax).toBe(145);
  });

  it("a non-taxable line pays no tax", () => {
    const result = calculateTotals(demoInput({ lines: [line({ key: "free", unitPrice: 999, taxStatus: "none" }), tshirt()] }));
    expect(result.lines.free).toEqual({ line_subtotal: 999, line_subtotal_tax: 0, line_total: 999, line_total_tax: 0, taxes: {} });
    expect(result.totals.total_tax).toBe(145);
  });
});

describe("calculateTotals: tax settings", () => {
  it("taxes disabled: no tax anywhere, even with tax-inclusive prices", () => {
    for (const pricesIncludeTax of [false, true]) {
      const result = calculateTotals(
        demoInput({ lines: [tshirt(2)], coupons: [SAVE10], shipping: [flatRate(500)], taxesEnabled: false, pricesIncludeTax }),
      );
      expect(result.totals).toMatchObject({
        total_items: 4000,
        total_discount: 400,
        total_tax: 0,
        total_shipping_tax: 0,
        total_price: 4100,
      });
      expect(result.tax_lines).toEqual([]);
    }
  });

  it("inclusive prices at the base location: the shopper pays the entered price", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], pricesIncludeTax: true }));
    // 2000 × 7.25 / 107.25 = 135.198 → 135
    expect(result.lines.tshirt).toEqual({
      line_subtotal: 1865,
      line_subtotal_tax: 135,
      line_total: 1865,
      line_total_tax: 135,
      taxes: { 1: 135 },
    });
    expect(result.totals.total_price).toBe(2000);
  });

  it("inclusive prices: the discount comes off the inclusive price and its tax is split out", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], coupons: [SAVE10], pricesIncludeTax: true }));
    // 1800 × 7.25 / 107.25 = 121.68 → 122
    expect(result.lines.tshirt).toMatchObject({ line_total: 1678, line_total_tax: 122 });
    expect(result.coupons.save10).toEqual({ discount: 187, discount_tax: 13 });
    expect(result.totals).toMatchObject({ total_discount: 187, total_discount_tax: 13, total_price: 1800 });
  });

  it.each([
    // net 2000 / 1.0725 = 1864.80; × 1.20 = 2237.76 → 2238, of which VAT 373
    ["GB VAT", GB, 2238, { 3: 373 }],
    // × 1.19 = 2219.11 → 2219, of which MwSt 354.29 → 354
    ["DE MwSt", DE, 2219, { 4: 354 }],
    // no rate in FR: the net price, 1864.80 → 1865
    ["FR (no rate)", FR, 1865, {}],
  ])("inclusive prices for a non-base customer (%s): base tax swapped for theirs", (_, location, gross, taxes) => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], pricesIncludeTax: true, location }));
    const tax = Object.values(taxes).reduce((a, b) => a + b, 0);
    expect(result.lines.tshirt).toEqual({
      line_subtotal: gross - tax,
      line_subtotal_tax: tax,
      line_total: gross - tax,
      line_total_tax: tax,
      taxes,
    });
    expect(result.totals.total_price).toBe(gross);
  });

  it("GB customer of a tax-inclusive US/CA shop with Europe shipping 15.00 (shipping is never inclusive)", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], pricesIncludeTax: true, location: GB, shipping: [flatRate(1500)] }));
    expect(result.shipping[0]).toEqual({ total: 1500, total_tax: 300, taxes: { 3: 300 } });
    expect(result.totals.total_price).toBe(1865 + 373 + 1500 + 300);
    expect(result.tax_lines).toEqual([{ rateId: 3, name: "VAT", rate: "20%", price: 673, shippingTax: 300 }]);
  });

  it("several inclusive rates rounding up on a one-cent discount never make the discount negative", () => {
    const two = [rate({ id: 40, rate: 100_000, name: "A" }), rate({ id: 41, rate: 100_000, name: "B", priority: 2 })];
    const penny = coupon({ code: "penny", type: "fixed_cart", amount: 1 });
    const result = calculateTotals(
      demoInput({ lines: [line({ key: "a", unitPrice: 1206 })], coupons: [penny], taxRates: two, pricesIncludeTax: true }),
    );
    // 1206 holds 100.5 + 100.5 → 101 + 101; 1205 holds 100.42 each → 100 + 100, which would take 2 cents of tax off a 1-cent discount
    expect(result.lines.a).toEqual({
      line_subtotal: 1004,
      line_subtotal_tax: 202,
      line_total: 1004,
      line_total_tax: 201,
      taxes: { 40: 101, 41: 100 },
    });
    expect(result.coupons.penny).toEqual({ discount: 0, discount_tax: 1 });
  });

  const quebec = { country: "CA", state: "QC", postcode: "H2X 1Y4", city: "Montréal" };
  const canada = [
    rate({ id: 10, country: "CA", rate: 50_000, name: "GST", priority: 1 }),
    rate({ id: 11, country: "CA", state: "QC", rate: 99_750, name: "QST", priority: 2, compound: true }),
  ];

  it("compound rate on top of the regular one (exclusive)", () => {
    const result = calculateTotals(demoInput({ lines: [line({ key: "a", unitPrice: 10000 })], taxRates: canada, location: quebec }));
    // GST 500; QST 9.975 % of 10500 = 1047.375 → 1047
    expect(result.lines.a?.taxes).toEqual({ 10: 500, 11: 1047 });
    expect(result.tax_lines.map((t) => [t.name, t.rate, t.price])).toEqual([
      ["GST", "5%", 500],
      ["QST", "9.975%", 1047],
    ]);
  });

  it("compound rate backed out of an inclusive price at the base location", () => {
    const result = calculateTotals(
      demoInput({
        lines: [line({ key: "a", unitPrice: 11547 })],
        taxRates: canada,
        location: quebec,
        baseLocation: quebec,
        pricesIncludeTax: true,
      }),
    );
    // QST 11547 × 9.975 / 109.975 = 1047.34 → 1047; GST (11547 − 1047.34) × 5 / 105 = 499.98 → 500
    expect(result.lines.a).toEqual({
      line_subtotal: 10000,
      line_subtotal_tax: 1547,
      line_total: 10000,
      line_total_tax: 1547,
      taxes: { 10: 500, 11: 1047 },
    });
  });

  const county = [
    ...DEMO_RATES,
    rate({ id: 20, country: "US", state: "CA", postcodes: ["900*"], rate: 22_500, name: "LA County", priority: 2 }),
    rate({ id: 21, country: "US", state: "CA", postcodes: ["94000...94999"], rate: 10_000, name: "Bay Area", priority: 2 }),
  ];

  it.each([
    ["90001", { 1: 725, 20: 225 }],
    ["94107", { 1: 725, 21: 100 }],
    ["95000", { 1: 725 }],
  ])("postcode wildcard and range rates stack by priority (%s)", (postcode, taxes) => {
    const result = calculateTotals(
      demoInput({ lines: [line({ key: "a", unitPrice: 10000 })], taxRates: county, location: { ...CA, postcode } }),
    );
    expect(result.lines.a?.taxes).toEqual(taxes);
  });

  it("shipping is taxed only at rates marked for shipping, and only when the charge is taxable", () => {
    const noShippingTax = DEMO_RATES.map((r) => ({ ...r, shipping: false }));
    const a = calculateTotals(demoInput({ lines: [tshirt()], shipping: [flatRate(500)], taxRates: noShippingTax }));
    expect(a.shipping[0]).toEqual({ total: 500, total_tax: 0, taxes: {} });
    expect(a.totals.total_tax).toBe(145);
    const b = calculateTotals(demoInput({ lines: [tshirt()], shipping: [{ ...flatRate(500), taxable: false }] }));
    expect(b.shipping[0]?.total_tax).toBe(0);
  });

  it("shipping of several packages is taxed per package", () => {
    const result = calculateTotals(demoInput({ lines: [tshirt()], shipping: [flatRate(500, 0), flatRate(250, 1)] }));
    // 36.25 → 36 and 18.125 → 18
    expect(result.shipping).toEqual({
      0: { total: 500, total_tax: 36, taxes: { 1: 36 } },
      1: { total: 250, total_tax: 18, taxes: { 1: 18 } },
    });
    expect(result.totals).toMatchObject({ total_shipping: 750, total_shipping_tax: 54 });
  });

  it("a reduced-rate tax class uses its own rates", () => {
    const rates = [...DEMO_RATES, rate({ id: 30, country: "GB", rate: 50_000, name: "VAT reduced", taxClass: "reduced-rate" })];
    const result = calculateTotals(
      demoInput({ lines: [line({ key: "seat", unitPrice: 10000, taxClass: "reduced-rate" })], taxRates: rates, location: GB }),
    );
    expect(result.lines.seat?.taxes).toEqual({ 30: 500 });
  });
});
