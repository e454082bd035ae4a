/**
 * What stays of order attribution on every page (decision 0014; the server tracks each page view):
 * a consent tool tells the shop with
 * `window.dispatchEvent(new CustomEvent("cw:consent", { detail: { marketing: true|false } }))`.
 * The choice is kept in the consent cookie; withdrawing deletes every attribution cookie as soon as it is handled;
 * consent given on a page the server could not track asks the server to track it now, with the
 * page's own referrer, so the landing page's source is kept. Only the listener is in every page;
 * what an event does loads with the first event (consent-choice.ts).
 */
import type { BrowserAttribution } from "@cartwright/commerce/attribution";

/** The root layout's meta element with the settings, present only when attribution is on. */
export const CONSENT_META_NAME = "cw-attribution";
export const PAGE_VIEW_URL = "/api/store/v1/attribution/page-view";

/** The meta element's content: where the cookies live, the consent rule, and the Store API nonce for the call. */
export type ConsentSettings = Pick<BrowserAttribution, "domain" | "consent"> & { nonce: string };

/** Listens from the moment the first chunk runs, before React hydrates; events are handled in the order they came. */
export function listenForConsent(win: Window): void {
  win.addEventListener("cw:consent", (event) => {
    const granted = (event as CustomEvent<{ marketing?: unknown }>).detail?.marketing;
    if (typeof granted !== "boolean") return;
    void import("./consent-choice.ts").then(({ recordConsent }) => recordConsent(win, granted));
  });
}
