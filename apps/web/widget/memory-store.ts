/**
 * Where a widget's report memory lives (spec §3.4, contract "Reports"): localStorage under
 * contactWidget_{id} when the visitor's consent allows, by the same rule as the attribution cookies
 * (decision 0014: the cw_consent_marketing cookie and the shop's consent setting); otherwise for
 * this page only. The blur's 365-day "hide" flag follows the same rule.
 */
import { cookieValue, trackingAllowed } from "@cartwright/commerce/attribution";
import type { WidgetPage } from "@cartwright/commerce/contact-widget";

export interface StringStore {
  get(): string | null;
  set(value: string): void;
}

/** Spec §3.4: the blur stays off 365 days once the visitor closed it. */
export const BLUR_HIDDEN_DAYS = 365;
export const BLUR_HIDDEN_KEY = "contactWidget_hide-bg-blur-effect";

function storageAllowed(win: Window, page: WidgetPage): boolean {
  return trackingAllowed({ consent: page.consent }, { get: (name) => cookieValue(win.document.cookie, name) });
}

/** One key's store: consent is asked at each read and write, so a choice made on the page counts at once. */
export function visitorStore(win: Window, page: WidgetPage, key: string): StringStore {
  let pageOnly: string | null = null;
  const storage = () => {
    try {
      return storageAllowed(win, page) ? win.localStorage : null;
    } catch {
      // Storage refused (privacy settings, sandboxed frames): the page's copy serves.
      return null;
    }
  };
  return {
    get: () => storage()?.getItem(key) ?? pageOnly,
    set(value) {
      pageOnly = value;
      try {
        storage()?.setItem(key, value);
      } catch {
        // Full or refused storage: kept for the page.
      }
    },
  };
}
