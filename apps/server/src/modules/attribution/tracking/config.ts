/** The tracker's settings, from the shop's settings (decision 0014). */
import type { BrowserAttribution } from "@cartwright/commerce/attribution";
import type { ShopSettings } from "../../settings/index.ts";
import { lifetimeMinutes, type TrackerConfig } from "./tracker.ts";

/** Null when the shop has attribution turned off: pages then set and read no attribution cookies. */
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

/** What the page's consent listener and the checkout need; null when attribution is off. */
export function browserAttribution(settings: Pick<ShopSettings, "orderAttribution">): BrowserAttribution | null {
  const config = trackerConfig(settings);
  return config && { domain: config.domain, consent: config.consent, fieldPrefix: config.fieldPrefix };
}
