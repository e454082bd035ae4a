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
