/**
 * The shop's product prices as the settings show them (with or without the base location's
 * tax), for the catalogue's shapes. Rates come from the pricing cache (one counter read, moved
 * by any rate or class change); the settings from the request, so every process follows at once.
 */
import type { ShopContext } from "../settings/index.ts";
import { loadPricingRules } from "./cart-view.ts";
import { shopDisplayPrice, shopPricesAsEntered, type TaxStatus } from "./totals/index.ts";

/** A unit price in minor units → the price the shop shows for it. */
export type ShopPriceDisplay = (amount: number, taxStatus: TaxStatus, taxClass: string) => number;

/** How this request shows product prices; null when they show as entered (no rate is read then). */
export async function shopPriceDisplay(ctx: ShopContext): Promise<ShopPriceDisplay | null> {
  const { settings } = ctx;
  const switches = {
    taxesEnabled: settings.taxesEnabled,
    pricesIncludeTax: settings.pricesIncludeTax,
    displayIncludingTax: settings.displayShopPricesIncludingTax,
  };
  if (shopPricesAsEntered(switches)) return null;
  const { taxRates } = await loadPricingRules(ctx.db);
  const rules = { ...switches, taxRates, baseLocation: { ...settings.baseLocation, postcode: "", city: "" } };
  return (amount, taxStatus, taxClass) => shopDisplayPrice(amount, taxStatus, taxClass, rules);
}
