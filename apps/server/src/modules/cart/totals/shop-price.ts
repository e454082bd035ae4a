/**
 * The price a product is shown at in the shop (WooCommerce's "Display prices in the shop"):
 * its entered price with the base location's tax put on or taken off, as the cart would price
 * one unit there. Pure and integer-only, with the engine's per-rate rounding.
 */
import { sumValues } from "./money-math.ts";
import { calcTax, matchTaxRates } from "./taxes.ts";
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
