/**
 * The shop's product prices as the settings show them (with or without the base location's
 * tax), for the catalogue's shapes. Rates come from the pricing cache (one counter read, moved
 * by any rate or class change); the settings from the request, so every process follows at once.
 */
import type { Cached } from "../../db/unit-of-work.ts";
import type { ShopContext, ShopSettings } from "../settings/index.ts";
import { loadPricingRules } from "./cart-view.ts";
import {
  matchTaxRates,
  type ShopPriceRules,
  type ShownPriceFormula,
  type StoredPriceBound,
  shopDisplayPrice,
  shopPricesAsEntered,
  shownPriceFormula,
  storedPriceBound,
  type TaxRate,
  type TaxStatus,
} from "./totals/index.ts";

/** A unit price in minor units → the price the shop shows for it. */
export type ShopPriceDisplay = (amount: number, taxStatus: TaxStatus, taxClass: string) => number;

/** How this request shows product prices; null when they show as entered (no rate is read then). */
export async function shopPriceDisplay(ctx: ShopContext): Promise<ShopPriceDisplay | null> {
  return shopPriceDisplayCached(ctx).load(ctx.db);
}

/** The same, answered from the pricing rules held (db/unit-of-work.ts). */
export function shopPriceDisplayCached({ settings }: ShopContext): Cached<ShopPriceDisplay | null> {
  if (asEntered(settings)) return { peek: () => null, load: async () => null };
  return {
    peek: (db, revisions) => {
      const rules = loadPricingRules.peek(db, revisions);
      return rules && displayWith(settings, rules.taxRates);
    },
    load: async (db) => displayWith(settings, (await loadPricingRules(db)).taxRates),
  };
}

const switchesOf = (settings: ShopSettings) => ({
  taxesEnabled: settings.taxesEnabled,
  pricesIncludeTax: settings.pricesIncludeTax,
  displayIncludingTax: settings.displayShopPricesIncludingTax,
});
const asEntered = (settings: ShopSettings) => shopPricesAsEntered(switchesOf(settings));

/** One display per settings and rates held, so shapes made with it can be reused while both hold (the catalogue's cross-sells). */
const displays = new WeakMap<ShopSettings, { taxRates: TaxRate[]; display: ShopPriceDisplay }>();
function displayWith(settings: ShopSettings, taxRates: TaxRate[]): ShopPriceDisplay {
  const held = displays.get(settings);
  if (held?.taxRates === taxRates) return held.display;
  const rules = rulesOf(settings, taxRates);
  const display: ShopPriceDisplay = (amount, taxStatus, taxClass) => shopDisplayPrice(amount, taxStatus, taxClass, rules);
  displays.set(settings, { taxRates, display });
  return display;
}

/** The base location's rules: its country and state, as a shop's rates are matched for its shown prices. */
const rulesOf = (settings: ShopSettings, taxRates: TaxRate[]): ShopPriceRules => ({
  ...switchesOf(settings),
  taxRates,
  baseLocation: { ...settings.baseLocation, postcode: "", city: "" },
});

/**
 * A listing's price filter in stored prices (decision 0160): `min` and `max` as asked for the products whose shown
 * price is the stored one (not taxable, or of a class without a rate at the base location), and for each tax
 * class with a rate there, the stored prices a taxable product of that class passes at.
 */
export interface StoredPriceFilter {
  min?: number;
  max?: number;
  classes: { taxClass: string; min?: StoredPriceBound; max?: StoredPriceBound }[];
}

/** The stored prices whose shown price lies within `shown` (minor units, either end optional). */
export async function storedPriceFilter(ctx: ShopContext, shown: { min?: number; max?: number }): Promise<StoredPriceFilter> {
  const asked = { min: shown.min, max: shown.max };
  if (asEntered(ctx.settings)) return { ...asked, classes: [] };
  const rules = rulesOf(ctx.settings, (await loadPricingRules(ctx.db)).taxRates);
  const boundOf = (value: number | undefined, side: "min" | "max", taxClass: string) =>
    value === undefined ? {} : { [side]: storedPriceBound(value, side, "taxable", taxClass, rules) };
  return {
    ...asked,
    classes: taxedClasses(rules).map((taxClass) => ({
      taxClass,
      ...boundOf(shown.min, "min", taxClass),
      ...boundOf(shown.max, "max", taxClass),
    })),
  };
}

/**
 * How each tax class with a rate at the base location shows its taxable prices, as integer maths on the stored ones,
 * for the listing's order by price (decision 0164); none when prices show as entered (no rate is read then).
 */
export async function shownPriceFormulas(ctx: ShopContext): Promise<ShownPriceFormula[]> {
  const { settings } = ctx;
  if (asEntered(settings)) return [];
  const { taxRates } = await loadPricingRules(ctx.db);
  const held = formulasHeld.get(settings);
  if (held?.taxRates === taxRates) return held.formulas;
  const rules = rulesOf(settings, taxRates);
  const formulas = taxedClasses(rules).map((taxClass) => shownPriceFormula(taxClass, rules));
  formulasHeld.set(settings, { taxRates, formulas });
  return formulas;
}

/** The formulas per settings and rates held, as `displays` keeps the display: worked out once, not per listing. */
const formulasHeld = new WeakMap<ShopSettings, { taxRates: TaxRate[]; formulas: ShownPriceFormula[] }>();

/** The tax classes with a rate at the base location, by name: those whose shown prices are not the stored ones. */
const taxedClasses = (rules: ShopPriceRules): string[] =>
  [...new Set(rules.taxRates.map((rate) => rate.taxClass))]
    .filter((taxClass) => matchTaxRates(rules.taxRates, rules.baseLocation, taxClass).length > 0)
    .sort();
