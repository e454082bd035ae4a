/**
 * The price a product is shown at in the shop (WooCommerce's "Display prices in the shop"):
 * its entered price with the base location's tax put on or taken off, as the cart would price
 * one unit there. Pure and integer-only, with the engine's per-rate rounding.
 */
import { type Fraction, floorOf, frac, minus, plus, sumFractions, sumValues, times } from "./money-math.ts";
import { calcTax, exactTaxes, matchTaxRates } from "./taxes.ts";
import type { TaxLocation, TaxRate, TaxStatus } from "./types.ts";

export interface ShopPriceRules {
  taxesEnabled: boolean;
  /** Prices are entered with the base location's tax in them. */
  pricesIncludeTax: boolean;
  /** The shop shows prices with tax. */
  displayIncludingTax: boolean;
  taxRates: readonly TaxRate[];
  baseLocation: TaxLocation;
}

/** True when every shown price is the entered one, so no rate need be read. */
export function shopPricesAsEntered(rules: Pick<ShopPriceRules, "taxesEnabled" | "pricesIncludeTax" | "displayIncludingTax">): boolean {
  return !rules.taxesEnabled || rules.pricesIncludeTax === rules.displayIncludingTax;
}

/**
 * One unit's shown price in minor units. Net entered, shown with tax: price plus each base rate's
 * rounded tax. Gross entered, shown without: price less each base rate's rounded tax inside it
 * (the cart's line subtotal at the base location). Untaxed products show the entered price.
 */
export function shopDisplayPrice(amount: number, taxStatus: TaxStatus, taxClass: string, rules: ShopPriceRules): number {
  if (shopPricesAsEntered(rules) || taxStatus !== "taxable") return amount;
  const rates = matchTaxRates(rules.taxRates, rules.baseLocation, taxClass);
  const tax = sumValues(calcTax(amount, rates, rules.pricesIncludeTax));
  return rules.pricesIncludeTax ? amount - tax : amount + tax;
}

/**
 * The stored prices whose shown price passes one side of a shown price range: every amount from `bound` up (a
 * minimum) or up to `bound` (a maximum), and the few `besides` on the far side of it that pass too.
 */
export interface StoredPriceBound {
  bound: number;
  besides: number[];
}

/**
 * Turns a bound on shown prices into the stored prices that pass it, exactly: an amount passes the result iff
 * `shopDisplayPrice(amount)` passes `shown` (decision 0160). A shown price is the amount plus or less each rate's
 * rounded tax, and each rate's exact tax is a fixed fraction of the amount, so it lies within half a minor unit per
 * rate of amount × slope; only amounts in that narrow window are priced one by one. `besides` is empty but where
 * taking several rates' rounded taxes out of a gross price makes the shown price step down by a unit.
 * Prices are never negative, so a maximum no amount passes is -1.
 */
export function storedPriceBound(
  shown: number,
  side: "min" | "max",
  taxStatus: TaxStatus,
  taxClass: string,
  rules: ShopPriceRules,
): StoredPriceBound {
  const rates = matchTaxRates(rules.taxRates, rules.baseLocation, taxClass);
  if (shopPricesAsEntered(rules) || taxStatus !== "taxable" || rates.length === 0) return { bound: shown, besides: [] };
  const perUnit = sumFractions(exactTaxes(frac(1), rates, rules.pricesIncludeTax).values());
  const slope = rules.pricesIncludeTax ? minus(frac(1), perUnit) : plus(frac(1), perUnit);
  const slack = frac(rates.length, 2);
  // The amount whose exact shown price is `value`: value ÷ slope (the slope is above zero, rates being at most 100 %).
  const amountAt = (value: Fraction) => times(value, frac(slope.d, slope.n));
  const passes = (amount: number) => {
    const price = shopDisplayPrice(amount, taxStatus, taxClass, rules);
    return side === "min" ? price >= shown : price <= shown;
  };
  if (side === "min") {
    // Below `first` none passes; from `surely` on, all do.
    const first = Math.max(0, -floorOf(amountAt(minus(slack, frac(shown)))));
    const surely = Math.max(first, -floorOf(amountAt(minus(frac(-shown), slack))));
    let bound = surely;
    while (bound > first && passes(bound - 1)) bound -= 1;
    return { bound, besides: amountsIn(first, bound - 1).filter(passes) };
  }
  // Up to `surely` all pass; past `last`, none does.
  const last = floorOf(amountAt(plus(frac(shown), slack)));
  const surely = Math.min(last, Math.max(-1, floorOf(amountAt(minus(frac(shown), slack)))));
  let bound = surely;
  while (bound < last && passes(bound + 1)) bound += 1;
  return { bound, besides: amountsIn(bound + 2, last + 1).filter(passes) };
}

/** The whole amounts from `from` up to, not including, `to`. */
const amountsIn = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** The largest price the integer columns store. */
export const LARGEST_STORED_PRICE = 2_147_483_647;
const LARGEST_SQL_INTEGER = 2n ** 63n - 1n;
/** The base of a stored price's digits when it is taken in two. */
export const PRICE_DIGIT_BASE = 65_536;
const DIGIT = BigInt(PRICE_DIGIT_BASE);

/**
 * One rate's rounded tax on a stored price `a`, half up, as 64-bit integer maths that SQLite and PostgreSQL alike run
 * without overflow (decision 0164): `a` in `digits` (itself, or its two digits of PRICE_DIGIT_BASE, low first) a_j, and the
 * tax Σ a_j × wholes[j] + (2 × Σ a_j × rests[j] + denominator) div (2 × denominator).
 */
export interface RoundedTaxFormula {
  digits: 1 | 2;
  wholes: number[];
  rests: number[];
  denominator: number;
}

/**
 * A tax class's shown prices as integer maths on the stored ones: the stored price plus (`sign` 1) or less (-1) each
 * rate's rounded tax, so that a listing can sort by the prices the shop shows in SQL, exactly as `shopDisplayPrice`.
 */
export interface ShownPriceFormula {
  taxClass: string;
  sign: 1 | -1;
  taxes: RoundedTaxFormula[];
}

/** A taxable product's shown price in `taxClass` as integer maths, for a shop whose prices do not show as entered. */
export function shownPriceFormula(taxClass: string, rules: ShopPriceRules): ShownPriceFormula {
  const rates = matchTaxRates(rules.taxRates, rules.baseLocation, taxClass);
  // Each rate's exact tax is a fixed fraction of the amount, compound ones too (calcTax's, per unit).
  const fractions = [...exactTaxes(frac(1), rates, rules.pricesIncludeTax).values()].filter((fraction) => fraction.n !== 0n);
  return { taxClass, sign: rules.pricesIncludeTax ? -1 : 1, taxes: fractions.map((fraction) => roundedTaxFormula(fraction)) };
}

/** round(a × fraction) for every stored price a, in the fewest digits whose products stay within 64-bit integers. */
function roundedTaxFormula(fraction: Fraction): RoundedTaxFormula {
  const { n, d } = sameRoundingBelow(fraction, LARGEST_STORED_PRICE);
  if (2n * BigInt(LARGEST_STORED_PRICE) * (n % d) + d <= LARGEST_SQL_INTEGER)
    return { digits: 1, wholes: [Number(n / d)], rests: [Number(n % d)], denominator: Number(d) };
  // With d below 2^33 (sameRoundingBelow), 2 × (2^16 × d + 2^15 × d) + d stays below 2^52.
  return {
    digits: 2,
    wholes: [Number(n / d), Number((DIGIT * n) / d)],
    rests: [Number(n % d), Number((DIGIT * n) % d)],
    denominator: Number(d),
  };
}

/**
 * A fraction that every amount from 0 to `largest` rounds alike with (half up), its denominator below 4 × largest + 2.
 * round(a × x) steps only where a × x is k + ½, at fractions whose denominators are at most 2 × largest. A fraction
 * with a larger denominator is none of them, and neither is the convergent or semiconvergent of its continued
 * fraction whose denominator first passes 2 × largest: every fraction between the two has a larger denominator still
 * (the two lie between a pair of Farey neighbours), so no step lies between them.
 */
export function sameRoundingBelow(fraction: Fraction, largest: number): Fraction {
  const limit = 2n * BigInt(largest) + 1n;
  if (fraction.d < limit) return fraction;
  // The continued fraction's last two convergents h0/k0 and h1/k1, and what is left of the fraction, n/d.
  let [h0, k0, h1, k1] = [0n, 1n, 1n, 0n];
  let [n, d] = [fraction.n, fraction.d];
  for (;;) {
    const quotient = n / d;
    // The semiconvergents (h0 + t × h1) / (k0 + t × k1), t up to the quotient, the last one the next convergent.
    if (k0 + quotient * k1 >= limit) {
      const t = (limit - k0 + k1 - 1n) / k1;
      return frac(h0 + t * h1, k0 + t * k1);
    }
    [h0, k0, h1, k1] = [h1, k1, h0 + quotient * h1, k0 + quotient * k1];
    [n, d] = [d, n - quotient * d];
  }
}
