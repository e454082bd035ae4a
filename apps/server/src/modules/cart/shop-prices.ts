/**
 * The shop's product prices as the settings show them (with or without the base location's
 * tax), for the catalogue's shapes. Rates come from the pricing cache (one counter read, moved
 * by any rate or class change); the settings from the request, so every process follows at once.
 */
import type { Cached } from "../../db/unit-of-work.ts";
import type { ShopContext, ShopSettings } from "../settings/index.ts";
import { loadPricingRules } from "./cart-view.ts";
import { shopDisplayPrice, shopPricesAsEntered, type TaxRate, type TaxStatus } from "./totals/index.ts";

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
  const rules = { ...switchesOf(settings), taxRates, baseLocation: { ...settings.baseLocation, postcode: "", city: "" } };
  const display: ShopPriceDisplay = (amount, taxStatus, taxClass) => shopDisplayPrice(amount, taxStatus, taxClass, rules);
  displays.set(settings, { taxRates, display });
  return display;
}
