import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rate, shopPriceRules } from "./fixtures.test-helpers.ts";
import { type StoredPriceBound, shopDisplayPrice, storedPriceBound } from "./shop-price.ts";
import type { TaxRate, TaxStatus } from "./types.ts";

const rules = shopPriceRules;
const GROSS_SHOWN_NET = { pricesIncludeTax: true, displayIncludingTax: false };

/** Two 10 % rates at two priorities: with both taken out of a gross price, 0.06 shows 0.04 and 0.05 shows 0.05. */
const TWO_RATES = [
  rate({ id: 1, country: "US", state: "CA", rate: 100_000, name: "State" }),
  rate({ id: 2, country: "US", state: "CA", rate: 100_000, name: "District", priority: 2 }),
];

const passesStored = (amount: number, side: "min" | "max", { bound, besides }: StoredPriceBound) =>
  (side === "min" ? amount >= bound : amount <= bound) || besides.includes(amount);

describe("storedPriceBound", () => {
  it("turns shown bounds into stored ones at 7.25 %: the 20.00 T-shirt shows 21.45", () => {
    // 19.58 shows 19.58 + 1.42 = 21.00; 19.57 shows 20.99.
    expect(storedPriceBound(2100, "min", "taxable", "", rules())).toEqual({ bound: 1958, besides: [] });
    // 20.00 shows 21.45; 20.01 shows 21.46.
    expect(storedPriceBound(2145, "max", "taxable", "", rules())).toEqual({ bound: 2000, besides: [] });
    expect(storedPriceBound(2146, "min", "taxable", "", rules())).toEqual({ bound: 2001, besides: [] });
  });

  it("uses the class's rate, and leaves the bound as it is where no rate applies", () => {
    // 2.5 %: 20.00 shows 20.50, 19.99 shows 20.49.
    expect(storedPriceBound(2050, "min", "taxable", "reduced-rate", rules())).toEqual({ bound: 2000, besides: [] });
    expect(storedPriceBound(2050, "max", "taxable", "zero-rate", rules())).toEqual({ bound: 2050, besides: [] });
    expect(storedPriceBound(2050, "max", "none", "", rules())).toEqual({ bound: 2050, besides: [] });
    expect(storedPriceBound(2050, "max", "shipping", "", rules())).toEqual({ bound: 2050, besides: [] });
    expect(storedPriceBound(2050, "min", "taxable", "", rules({ displayIncludingTax: false }))).toEqual({ bound: 2050, besides: [] });
    expect(storedPriceBound(2050, "min", "taxable", "", rules({ taxesEnabled: false }))).toEqual({ bound: 2050, besides: [] });
  });

  it("works the other way for prices entered with tax and shown without", () => {
    // 21.45 shows 20.00; 21.44 shows 21.44 − 1.45 = 19.99.
    expect(storedPriceBound(2000, "min", "taxable", "", rules(GROSS_SHOWN_NET))).toEqual({ bound: 2145, besides: [] });
    // 21.46 shows 21.46 − 1.45 = 20.01.
    expect(storedPriceBound(2000, "max", "taxable", "", rules(GROSS_SHOWN_NET))).toEqual({ bound: 2145, besides: [] });
    expect(storedPriceBound(2001, "min", "taxable", "", rules(GROSS_SHOWN_NET))).toEqual({ bound: 2146, besides: [] });
  });

  it("lists the amounts on the far side of the bound that pass where several rounded taxes make the shown price step down", () => {
    const stepping = rules({ ...GROSS_SHOWN_NET, taxRates: TWO_RATES });
    expect([4, 5, 6, 7, 8].map((amount) => shopDisplayPrice(amount, "taxable", "", stepping))).toEqual([4, 5, 4, 5, 6]);
    expect(storedPriceBound(5, "min", "taxable", "", stepping)).toEqual({ bound: 7, besides: [5] });
    expect(storedPriceBound(4, "max", "taxable", "", stepping)).toEqual({ bound: 4, besides: [6] });
  });

  it("answers -1 for a maximum below every shown price", () => {
    const doubled = rules({ taxRates: [rate({ id: 1, country: "US", state: "CA", rate: 1_000_000, name: "All" })] });
    // At 100 %, 0.01 shows 0.02: a maximum of 0.01 lets only a zero price through.
    expect(storedPriceBound(1, "max", "taxable", "", doubled)).toEqual({ bound: 0, besides: [] });
    const taken = rules({ ...GROSS_SHOWN_NET, taxRates: [rate({ id: 1, country: "US", state: "CA", rate: 1_000_000, name: "All" })] });
    expect(storedPriceBound(0, "max", "taxable", "", taken)).toEqual({ bound: 1, besides: [] });
    expect(storedPriceBound(0, "min", "taxable", "", rules())).toEqual({ bound: 0, besides: [] });
  });
});

/** Up to three rates at the base location, some compound, from 0 to 100 % with four decimals. */
const ratesArb: fc.Arbitrary<TaxRate[]> = fc
  .array(
    fc.record({
      rate: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(72_500, 50_000, 99_750, 200_000)),
      compound: fc.boolean(),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((drawn) =>
    drawn.map((r, i) =>
      rate({ id: i + 1, country: "US", state: "CA", rate: r.rate, compound: r.compound, priority: i + 1, name: `R${i}` }),
    ),
  );

const caseArb = fc.record({
  rates: ratesArb,
  pricesIncludeTax: fc.boolean(),
  taxStatus: fc.constantFrom<TaxStatus>("taxable", "taxable", "taxable", "none"),
  side: fc.constantFrom<"min" | "max">("min", "max"),
  shown: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 500_000 }), fc.constant(2_147_483_647)),
  amounts: fc.array(fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 400 })), { maxLength: 30 }),
});

describe("storedPriceBound, over many amounts and rates", () => {
  it("lets an amount through iff its shown price passes the shown bound", () => {
    fc.assert(
      fc.property(caseArb, ({ rates, pricesIncludeTax, taxStatus, side, shown, amounts }) => {
        const shopRules = rules({ taxRates: rates, pricesIncludeTax, displayIncludingTax: !pricesIncludeTax });
        const stored = storedPriceBound(shown, side, taxStatus, "", shopRules);
        // Every amount near the bound and its exceptions, and amounts anywhere.
        const near = Array.from({ length: 81 }, (_, i) => stored.bound - 40 + i).filter((amount) => amount >= 0);
        for (const amount of [...near, ...stored.besides, ...amounts]) {
          const price = shopDisplayPrice(amount, taxStatus, "", shopRules);
          const shownPasses = side === "min" ? price >= shown : price <= shown;
          expect(passesStored(amount, side, stored), `${amount} shows ${price}`).toBe(shownPasses);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
