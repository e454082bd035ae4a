import { describe, expect, it } from "vitest";
import { BASE, CA, DEMO_RATES, GB, NY, rate } from "./fixtures.test-helpers.ts";
import { calcTax, formatRatePercent, matchTaxRates, normalizePostcode, parseRatePercent, postcodeMatches } from "./taxes.ts";
import type { TaxLocation } from "./types.ts";

const ids = (rates: readonly { id: number }[]) => rates.map((r) => r.id);
const at = (overrides: Partial<TaxLocation>): TaxLocation => ({ country: "US", state: "CA", postcode: "", city: "", ...overrides });

describe("postcodeMatches", () => {
  it.each([
    ["90210", "90210", true],
    ["90210", "90211", false],
    ["902*", "90210", true],
    ["902*", "90310", false],
    ["*", "anything", true],
    ["sw1a*", "SW1A 1AA", true],
    ["SW1A 1AA", "sw1a1aa", true],
    ["90000...90299", "90210", true],
    ["90000...90299", "90000", true],
    ["90000...90299", "90299", true],
    ["90000...90299", "90300", false],
    ["90000...90299", "8999", false],
    ["90000...90299", "ABCDE", false],
    ["A...Z", "B", false],
  ])("rule %s vs postcode %s → %s", (rule, postcode, expected) => {
    expect(postcodeMatches(rule, postcode)).toBe(expected);
  });

  it("normalises case, spaces and hyphens", () => {
    expect(normalizePostcode(" ab1-2 cd ")).toBe("AB12CD");
  });
});

describe("matchTaxRates", () => {
  it("answers a frozen list of rates (the pricing cache's) as it answers the same rates unfrozen, asked again and again", () => {
    const frozen = Object.freeze([...DEMO_RATES]);
    const locations = [CA, NY, GB, BASE, at({ state: "TX" }), at({ country: "us", state: "ca" }), at({ postcode: "90210", city: "x" })];
    for (let round = 0; round < 3; round++)
      for (const location of locations)
        for (const taxClass of ["", "reduced-rate", "zero-rate"])
          expect(ids(matchTaxRates(frozen, location, taxClass))).toEqual(ids(matchTaxRates([...DEMO_RATES], location, taxClass)));
    // Another location with the same fields but its own case is another key, matched alike.
    expect(ids(matchTaxRates(frozen, at({ country: "Us", state: "Ca" }), ""))).toEqual([1]);
  });

  it.each([
    ["CA", CA, [1]],
    ["NY", NY, [2]],
    ["GB", GB, [3]],
    ["TX (no rate)", at({ state: "TX" }), []],
    ["base", BASE, [1]],
    ["lower-case input", at({ country: "us", state: "ca" }), [1]],
  ])("the DEMO rates for %s", (_, location, expected) => {
    expect(ids(matchTaxRates(DEMO_RATES, location, ""))).toEqual(expected);
  });

  it("only rates of the requested tax class", () => {
    const rates = [rate({ id: 1, rate: 100, name: "std" }), rate({ id: 2, rate: 50, name: "reduced", taxClass: "reduced-rate" })];
    expect(ids(matchTaxRates(rates, CA, "reduced-rate"))).toEqual([2]);
    expect(ids(matchTaxRates(rates, CA, ""))).toEqual([1]);
    expect(ids(matchTaxRates(rates, CA, "zero-rate"))).toEqual([]);
  });

  it("one rate per priority: the most specific wins over country-wide and worldwide ones", () => {
    const rates = [
      rate({ id: 1, rate: 10_000, name: "worldwide", order: 0 }),
      rate({ id: 2, country: "US", rate: 20_000, name: "US", order: 1 }),
      rate({ id: 3, country: "US", state: "CA", rate: 30_000, name: "US CA", order: 2 }),
      rate({ id: 4, country: "US", state: "CA", postcodes: ["9*"], rate: 40_000, name: "US CA 9*", order: 3 }),
      rate({ id: 5, country: "US", state: "CA", postcodes: ["9*"], cities: ["springfield"], rate: 50_000, name: "city", order: 4 }),
    ];
    expect(ids(matchTaxRates(rates, CA, ""))).toEqual([5]);
    expect(ids(matchTaxRates(rates, { ...CA, city: "Oakland" }, ""))).toEqual([4]);
    expect(ids(matchTaxRates(rates, { ...CA, postcode: "10001" }, ""))).toEqual([3]);
    expect(ids(matchTaxRates(rates, NY, ""))).toEqual([2]);
    expect(ids(matchTaxRates(rates, GB, ""))).toEqual([1]);
  });

  it("within equal specificity the owner's order decides", () => {
    const rates = [
      rate({ id: 7, country: "US", rate: 1, name: "second", order: 2 }),
      rate({ id: 8, country: "US", rate: 2, name: "first", order: 1 }),
    ];
    expect(ids(matchTaxRates(rates, CA, ""))).toEqual([8]);
  });

  it("rates of several priorities stack, sorted by priority", () => {
    const rates = [
      rate({ id: 1, country: "US", rate: 1, name: "p3", priority: 3 }),
      rate({ id: 2, country: "US", rate: 1, name: "p1", priority: 1 }),
      rate({ id: 3, country: "US", state: "CA", rate: 1, name: "p2", priority: 2 }),
      rate({ id: 4, country: "US", state: "NY", rate: 1, name: "p2 NY", priority: 2 }),
    ];
    expect(ids(matchTaxRates(rates, CA, ""))).toEqual([2, 3, 1]);
  });
});

describe("calcTax", () => {
  const ca = DEMO_RATES.slice(0, 1);
  const vat = [rate({ id: 3, rate: 200_000, name: "VAT" })];

  it.each([
    [4000, 290], // 290.00
    [3600, 261], // 261.00
    [500, 36], // 36.25 ↓
    [5400, 392], // 391.50 ↑ (half up)
    [1800, 131], // 130.50 ↑
    [1454, 105], // 105.415 ↓
    [0, 0],
    [-1000, -73], // −72.5: half away from zero
    [-500, -36],
  ])("exclusive 7.25 %% of %i = %i", (amount, tax) => {
    expect(calcTax(amount, ca, false)).toEqual({ 1: tax });
  });

  it.each([
    [2000, 135], // 135.198
    [1800, 122], // 121.678
    [1200, 200],
  ])("inclusive: tax inside %i", (gross, tax) => {
    const rates = gross === 1200 ? vat : ca;
    expect(Object.values(calcTax(gross, rates, true))).toEqual([tax]);
  });

  it("regular rates share the inclusive tax in proportion to their rates", () => {
    const two = [rate({ id: 1, rate: 50_000, name: "a" }), rate({ id: 2, rate: 100_000, name: "b", priority: 2 })];
    // 11500 holds 1500 of tax: 500 + 1000
    expect(calcTax(11500, two, true)).toEqual({ 1: 500, 2: 1000 });
    expect(calcTax(10000, two, false)).toEqual({ 1: 500, 2: 1000 });
  });

  it("compound rates apply on the amount plus the taxes before them, even when listed first", () => {
    const rates = [
      rate({ id: 2, rate: 100_000, name: "compound 10 %", compound: true, priority: 2 }),
      rate({ id: 1, rate: 50_000, name: "5 %", priority: 1 }),
      rate({ id: 3, rate: 100_000, name: "compound again", compound: true, priority: 3 }),
    ];
    // 10000 → 500; (10500) × 10 % = 1050; (11550) × 10 % = 1155
    expect(calcTax(10000, rates, false)).toEqual({ 1: 500, 2: 1050, 3: 1155 });
    // and backed out of the gross 12705 exactly
    expect(calcTax(12705, rates, true)).toEqual({ 1: 500, 2: 1050, 3: 1155 });
  });

  it("no rates, no tax", () => {
    expect(calcTax(1000, [], false)).toEqual({});
    expect(calcTax(1000, [], true)).toEqual({});
  });

  it("refuses fractional amounts", () => {
    expect(() => calcTax(10.5, ca, false)).toThrow(RangeError);
  });
});

describe("rate labels and parsing", () => {
  it.each([
    [72_500, "7.25%"],
    [200_000, "20%"],
    [40_000, "4%"],
    [99_750, "9.975%"],
    [12_345, "1.2345%"],
    [5, "0.0005%"],
    [0, "0%"],
  ])("formatRatePercent(%i) = %s", (value, label) => {
    expect(formatRatePercent(value)).toBe(label);
  });

  it.each([
    ["7.2500", 72_500],
    ["7.25", 72_500],
    ["20", 200_000],
    ["0.0005", 5],
    [" 19.0000 ", 190_000],
  ])("parseRatePercent(%s) = %i", (text, value) => {
    expect(parseRatePercent(text)).toBe(value);
  });

  it.each([["7.25001"], ["-1"], ["abc"], [""], ["1e3"]])("parseRatePercent rejects %s", (text) => {
    expect(() => parseRatePercent(text)).toThrow(RangeError);
  });
});
