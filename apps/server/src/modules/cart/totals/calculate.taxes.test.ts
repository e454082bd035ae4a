/** Tax classes, tax statuses, the shipping tax class, priorities, compound rates and postcode rules through the whole pipeline. */
import { describe, expect, it } from "vitest";
import { calculateTotals, shippingChargeTax } from "./calculate.ts";
import { CA, DEMO_RATES, demoInput, flatRate, GB, line, rate, tshirt } from "./fixtures.test-helpers.ts";
import { shippingTaxClass } from "./taxes.ts";
import type { TaxLocation, TotalsLine } from "./types.ts";

const REDUCED = "reduced-rate";
const ZERO = "zero-rate";
const RATES = [
  ...DEMO_RATES,
  rate({ id: 30, country: "GB", rate: 50_000, name: "VAT reduced", taxClass: REDUCED, order: 10 }),
  rate({ id: 31, country: "US", state: "CA", rate: 20_000, name: "CA reduced", taxClass: REDUCED, order: 11 }),
  rate({ id: 32, country: "GB", rate: 0, name: "VAT zero", taxClass: ZERO, order: 12 }),
];
const book = (overrides: Partial<TotalsLine> = {}) => line({ key: "book", unitPrice: 10000, taxClass: REDUCED, ...overrides });
const milk = (overrides: Partial<TotalsLine> = {}) => line({ key: "milk", unitPrice: 5000, taxClass: ZERO, ...overrides });
const at = (location: TaxLocation, lines: TotalsLine[], more = {}) =>
  calculateTotals(demoInput({ lines, taxRates: RATES, location, shipping: [flatRate(1500)], ...more }));

describe("tax classes", () => {
  it("a reduced-class line pays the reduced rate, and shipping follows its class", () => {
    const result = at(GB, [book()]);
    expect(result.lines.book).toMatchObject({ line_total: 10000, line_total_tax: 500, taxes: { 30: 500 } });
    expect(result.shipping[0]).toMatchObject({ total: 1500, total_tax: 75, taxes: { 30: 75 } });
    expect(result.tax_lines).toEqual([{ rateId: 30, name: "VAT reduced", rate: "5%", price: 575, shippingTax: 75 }]);
    expect(result.totals.total_price).toBe(10000 + 500 + 1500 + 75);
  });

  it("a zero-class line pays nothing; its 0 % rate adds no tax line", () => {
    const result = at(GB, [milk()]);
    expect(result.lines.milk).toMatchObject({ line_total_tax: 0 });
    expect(result.totals.total_tax).toBe(0);
    expect(result.tax_lines).toEqual([]);
  });

  it("a class with no rate for the address pays nothing (no swap to the standard class)", () => {
    const result = at(CA, [milk()]);
    expect(result.totals.total_tax).toBe(0);
    expect(result.totals.total_price).toBe(6500);
  });

  it("standard and reduced lines together: each its own rate, shipping at the standard rate", () => {
    const result = at(GB, [tshirt(), book()]);
    expect(result.lines.tshirt!.taxes).toEqual({ 3: 400 });
    expect(result.lines.book!.taxes).toEqual({ 30: 500 });
    expect(result.shipping[0]!.taxes).toEqual({ 3: 300 });
    expect(result.tax_lines.map((t) => [t.name, t.price, t.shippingTax])).toEqual([
      ["VAT", 700, 300],
      ["VAT reduced", 500, 0],
    ]);
  });
});

describe("tax status", () => {
  it("shipping only: the item pays no tax but its shipping is taxed in its class", () => {
    const result = at(GB, [book({ taxStatus: "shipping" })]);
    expect(result.lines.book!.line_total_tax).toBe(0);
    expect(result.shipping[0]!.taxes).toEqual({ 30: 75 });
  });

  it("none: neither the item nor, when it is the only shipped item, its shipping", () => {
    const result = at(GB, [book({ taxStatus: "none" })]);
    expect(result.totals.total_tax).toBe(0);
    expect(result.totals.total_price).toBe(11500);
  });

  it("items shipped nowhere (virtual) do not choose the shipping class", () => {
    const result = at(GB, [tshirt(), book({ needsShipping: false }), milk({ taxStatus: "none" })]);
    expect(result.shipping[0]!.taxes).toEqual({ 3: 300 });
  });
});

describe("shipping tax class", () => {
  const lines = (...classes: string[]) => classes.map((taxClass, i) => line({ key: `l${i}`, unitPrice: 100, taxClass }));

  it.each([
    ["standard wins over the others", lines(ZERO, "", REDUCED), [REDUCED, ZERO], ""],
    ["one class alone", lines(ZERO, ZERO), [REDUCED, ZERO], ZERO],
    ["several: the first in the owner's order", lines(ZERO, REDUCED), [REDUCED, ZERO], REDUCED],
    ["several, order reversed", lines(ZERO, REDUCED), [ZERO, REDUCED], ZERO],
    ["no items: no tax", [], [REDUCED, ZERO], null],
  ])("based on the items: %s", (_, items, order, expected) => {
    expect(shippingTaxClass({ lines: items, taxClassOrder: order })).toBe(expected);
  });

  it("a fixed class is used whatever the items", () => {
    expect(shippingTaxClass({ lines: lines(""), shippingTaxClass: REDUCED })).toBe(REDUCED);
    const result = at(GB, [tshirt()], { shippingTaxClass: REDUCED });
    expect(result.lines.tshirt!.taxes).toEqual({ 3: 400 });
    expect(result.shipping[0]!.taxes).toEqual({ 30: 75 });
  });

  it("a fixed standard class taxes shipping even when every item is untaxed", () => {
    const result = at(GB, [book({ taxStatus: "none" })], { shippingTaxClass: "" });
    expect(result.shipping[0]!.taxes).toEqual({ 3: 300 });
  });
});

describe("priorities, compound rates and postcodes", () => {
  const QC: TaxLocation = { country: "CA", state: "QC", postcode: "H2X 1Y4", city: "Montréal" };
  const canada = [
    rate({ id: 40, country: "CA", rate: 50_000, name: "GST", priority: 1 }),
    rate({ id: 41, country: "CA", state: "QC", rate: 99_750, name: "QST", priority: 2, compound: true }),
  ];

  it("a compound rate of a second priority is charged on the price plus the first tax", () => {
    const result = calculateTotals(demoInput({ lines: [line({ key: "a", unitPrice: 10000 })], taxRates: canada, location: QC }));
    // GST 500; QST 9.975 % of 10500 = 1047.375 → 1047
    expect(result.lines.a!.taxes).toEqual({ 40: 500, 41: 1047 });
    expect(result.tax_lines.map((t) => [t.name, t.rate, t.price])).toEqual([
      ["GST", "5%", 500],
      ["QST", "9.975%", 1047],
    ]);
    const elsewhere = calculateTotals(
      demoInput({ lines: [line({ key: "a", unitPrice: 10000 })], taxRates: canada, location: { ...QC, state: "ON" } }),
    );
    expect(elsewhere.lines.a!.taxes).toEqual({ 40: 500 });
  });

  it("two priorities stack; a postcode range and a wildcard pick the second one", () => {
    const rates = [
      ...DEMO_RATES,
      rate({ id: 50, country: "US", state: "CA", postcodes: ["90000...90299"], rate: 22_500, name: "LA district", priority: 2 }),
      rate({ id: 51, country: "US", state: "CA", postcodes: ["941*"], rate: 12_500, name: "SF district", priority: 2 }),
    ];
    const priced = (postcode: string) =>
      calculateTotals(demoInput({ lines: [line({ key: "a", unitPrice: 10000 })], taxRates: rates, location: { ...CA, postcode } })).lines.a!
        .taxes;
    expect(priced("90210")).toEqual({ 1: 725, 50: 225 });
    expect(priced("90299")).toEqual({ 1: 725, 50: 225 });
    expect(priced("90300")).toEqual({ 1: 725 });
    expect(priced("94103")).toEqual({ 1: 725, 51: 125 });
    expect(priced("94000")).toEqual({ 1: 725 });
  });
});

describe("prices entered with tax", () => {
  const inclusive = { pricesIncludeTax: true, shipping: [] };

  it("at the base address the shopper pays the entered price; elsewhere the net price plus their own tax", () => {
    const shirt = line({ key: "s", unitPrice: 10725 });
    const home = at(CA, [shirt], inclusive);
    expect(home.lines.s).toMatchObject({ line_subtotal: 10000, line_subtotal_tax: 725, line_total_tax: 725 });
    expect(home.totals.total_price).toBe(10725);
    const abroad = at(GB, [shirt], inclusive);
    expect(abroad.lines.s).toMatchObject({ line_subtotal: 10000, line_total_tax: 2000 });
    expect(abroad.totals.total_price).toBe(12000);
  });

  it("a reduced line: the base's reduced tax comes off, the address's reduced tax goes on", () => {
    const abroad = at(GB, [book({ unitPrice: 10200 })], inclusive);
    expect(abroad.lines.book).toMatchObject({ line_subtotal: 10000, line_total_tax: 500, taxes: { 30: 500 } });
    expect(abroad.totals.total_price).toBe(10500);
  });

  it("a line whose class has no rate at the address pays the net price", () => {
    const elsewhere = at({ country: "US", state: "NY", postcode: "10001", city: "" }, [book({ unitPrice: 10200 })], inclusive);
    expect(elsewhere.lines.book).toMatchObject({ line_subtotal: 10000, line_total_tax: 0 });
    expect(elsewhere.totals.total_price).toBe(10000);
  });

  it("a class with no rate anywhere keeps its price; an untaxed line too", () => {
    const result = at(GB, [milk(), book({ taxStatus: "none", unitPrice: 3000 })], { ...inclusive, taxRates: DEMO_RATES });
    expect(result.totals.total_price).toBe(8000);
    expect(result.totals.total_tax).toBe(0);
  });
});

describe("an offered rate's tax before it is chosen (shippingChargeTax)", () => {
  it("is what the same charge adds once chosen, at the location and in the class stage 4 uses", () => {
    for (const [location, lines] of [
      [GB, [book()]],
      [GB, [tshirt(), book()]],
      [CA, [tshirt()]],
    ] as const) {
      const input = demoInput({ lines: [...lines], taxRates: RATES, location, shipping: [flatRate(1500)] });
      expect(shippingChargeTax(input, location, flatRate(1500))).toBe(calculateTotals(input).shipping[0]!.total_tax);
    }
  });

  it("is 0 for an untaxed rate, a free one, a cart whose items pay no tax, and with taxes off", () => {
    const input = demoInput({ lines: [tshirt()], taxRates: RATES, location: GB });
    expect(shippingChargeTax(input, GB, { cost: 1500, taxable: false })).toBe(0);
    expect(shippingChargeTax(input, GB, { cost: 0, taxable: true })).toBe(0);
    const untaxedItems = { ...input, lines: [{ ...tshirt(), taxStatus: "none" as const }] };
    expect(shippingChargeTax(untaxedItems, GB, flatRate(1500))).toBe(0);
    expect(shippingChargeTax({ ...input, taxesEnabled: false }, GB, flatRate(1500))).toBe(0);
  });

  it("is taxed at the base location when no location is known", () => {
    const input = demoInput({ lines: [tshirt()], taxRates: RATES, location: null });
    const chosen = calculateTotals({ ...input, shipping: [flatRate(1000)] });
    expect(shippingChargeTax(input, null, flatRate(1000))).toBe(chosen.shipping[0]!.total_tax);
    expect(shippingChargeTax(input, null, flatRate(1000))).toBeGreaterThan(0);
  });
});
