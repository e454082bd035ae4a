/** The tracking script's settings for a page, from the shop's settings (decision 0014). */
import type { ShopSettings } from "../../../../server/src/modules/settings/index.ts";
import { lifetimeMinutes, type TrackerConfig } from "./tracker.ts";

/** Null when the shop has attribution turned off: the page then carries no tracking at all. */
export function trackerConfig(settings: Pick<ShopSettings, "orderAttribution">): TrackerConfig | null {
  const s = settings.orderAttribution;
  if (!s.enabled) return null;
  return {
    lifetimeMinutes: lifetimeMinutes(s.lifetimeMonths),
    domain: s.cookieDomain.trim().replace(/^\./, "").toLowerCase(),
    consent: s.consent,
    promoCode: s.promoCode,
    fieldPrefix: s.fieldPrefix,
  };
}
