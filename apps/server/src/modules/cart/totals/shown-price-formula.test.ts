import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rate, shopPriceRules } from "./fixtures.test-helpers.ts";
import { frac } from "./money-math.ts";
import {
  LARGEST_STORED_PRICE,
  PRICE_DIGIT_BASE,
  type RoundedTaxFormula,
  type ShownPriceFormula,
  sameRoundingBelow,
  shopDisplayPrice,
  shownPriceFormula,
} from "./shop-price.ts";
import type { TaxRate } from "./types.ts";

const LARGEST_SQL_INTEGER = 2n ** 63n - 1n;

/** A step of the SQL's integer maths, refused past what a 64-bit integer holds (SQLite would turn it into a real). */
function held(value: bigint): bigint {
  if (value < 0n || value > LARGEST_SQL_INTEGER) throw new RangeError(`${value} is past a 64-bit integer`);
  return value;
}

/** A rate's rounded tax as the listing's SQL works it out (catalog.repo.ts `roundedTax`), each step checked. */
function sqlRoundedTax(amount: number, tax: RoundedTaxFormula): bigint {
  const a = BigInt(amount);
  const base = BigInt(PRICE_DIGIT_BASE);
  const digits = tax.digits === 1 ? [a] : [a % base, a / base];
  const sum = (values: number[]) => digits.reduce((total, digit, j) => held(total + held(digit * BigInt(values[j] ?? 0))), 0n);
  const denominator = BigInt(tax.denominator);
  return held(sum(tax.wholes) + held(held(2n * sum(tax.rests)) + denominator) / held(2n * denominator));
}

/** A stored price shown by a class's formula, as the SQL works it out. */
const sqlShownPrice = (amount: number, formula: ShownPriceFormula): number => {
  const taxes = formula.taxes.reduce((total, tax) => total + sqlRoundedTax(amount, tax), 0n);
  return Number(formula.sign > 0 ? BigInt(amount) + taxes : BigInt(amount) - taxes);
};

const rules = shopPriceRules;
const atBase = (overrides: Partial<TaxRate> & Pick<TaxRate, "id" | "rate">) =>
  rate({ country: "US", state: "CA", name: `R${overrides.id}`, priority: overrides.id, ...overrides });

describe("shownPriceFormula", () => {
  it("works out the demo's shown prices: 7.25 % on the 20.00 T-shirt shows 21.45, 2.5 % on a reduced one 20.50", () => {
    expect(sqlShownPrice(2000, shownPriceFormula("", rules()))).toBe(2145);
    expect(sqlShownPrice(2000, shownPriceFormula("reduced-rate", rules()))).toBe(2050);
    const takenOut = rules({ pricesIncludeTax: true, displayIncludingTax: false });
    expect(sqlShownPrice(2000, shownPriceFormula("", takenOut))).toBe(1865);
    expect(shownPriceFormula("", takenOut).sign).toBe(-1);
  });

  it("keeps a 7.25 % rate in one digit: 29/400 of the amount", () => {
    expect(shownPriceFormula("", rules())).toEqual({
      taxClass: "",
      sign: 1,
      taxes: [{ digits: 1, wholes: [0], rests: [29], denominator: 400 }],
    });
  });

  it("takes the amount in two digits where a compound rate's fraction would pass 64 bits in one", () => {
    const taxRates = [atBase({ id: 1, rate: 99_999 }), atBase({ id: 2, rate: 700_001, compound: true })];
    const formula = shownPriceFormula("", rules({ taxRates }));
    expect(formula.taxes.map((tax) => tax.digits)).toEqual([1, 2]);
    for (const amount of [0, 1, 999, 2000, 65_535, 65_536, 123_456_789, LARGEST_STORED_PRICE - 1, LARGEST_STORED_PRICE])
      expect(sqlShownPrice(amount, formula), `${amount}`).toBe(shopDisplayPrice(amount, "taxable", "", rules({ taxRates })));
  });
});

describe("sameRoundingBelow", () => {
  it("keeps a fraction whose denominator is small enough", () => {
    expect(sameRoundingBelow(frac(29, 400), LARGEST_STORED_PRICE)).toEqual(frac(29, 400));
  });

  it("answers a fraction below 2^33 for three compound rates' 10^24ths", () => {
    const fraction = frac(999_999_999_999_999_999_999n, 10n ** 24n);
    const simpler = sameRoundingBelow(fraction, LARGEST_STORED_PRICE);
    expect(simpler.d).toBeLessThan(2n ** 33n);
    expect(simpler.d).toBeGreaterThan(2n * BigInt(LARGEST_STORED_PRICE));
  });

  it("rounds every amount up to the largest alike, over every amount and many fractions", () => {
    const largest = 300n;
    const rounded = (amount: bigint, { n, d }: { n: bigint; d: bigint }) => (2n * amount * n + d) / (2n * d);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 601n, max: 10n ** 15n }), (n, d) => {
        const fraction = frac(n, d);
        const simpler = sameRoundingBelow(fraction, Number(largest));
        expect(simpler.d).toBeLessThan(4n * largest + 2n);
        const differing = [];
        for (let amount = 0n; amount <= largest; amount++)
          if (rounded(amount, simpler) !== rounded(amount, fraction)) differing.push(amount);
        expect(differing, `${n}/${d} as ${simpler.n}/${simpler.d}`).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Up to three rates at the base location, some compound, from 0 to 100 % with four decimals. */
const ratesArb: fc.Arbitrary<TaxRate[]> = fc
  .array(
    fc.record({
      rate: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(72_500, 50_000, 99_750, 200_000, 1_000_000)),
      compound: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((drawn) => drawn.map((r, i) => atBase({ id: i + 1, rate: r.rate, compound: r.compound })));

const amountArb = fc.oneof(
  fc.integer({ min: 0, max: 1_000 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.integer({ min: LARGEST_STORED_PRICE - 1_000, max: LARGEST_STORED_PRICE }),
  fc.integer({ min: 0, max: LARGEST_STORED_PRICE }),
);

describe("shownPriceFormula, over many amounts and rates", () => {
  it("shows every stored price as shopDisplayPrice does, in 64-bit integer maths", () => {
    fc.assert(
      fc.property(ratesArb, fc.boolean(), fc.array(amountArb, { minLength: 1, maxLength: 40 }), (taxRates, pricesIncludeTax, amounts) => {
        const shopRules = rules({ taxRates, pricesIncludeTax, displayIncludingTax: !pricesIncludeTax });
        const formula = shownPriceFormula("", shopRules);
        for (const amount of amounts)
          expect(sqlShownPrice(amount, formula), `${amount}`).toBe(shopDisplayPrice(amount, "taxable", "", shopRules));
      }),
      { numRuns: 3000 },
    );
  });
});
