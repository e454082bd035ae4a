/**
 * What stays of order attribution on every page (decision 0014; the server tracks each page view):
 * a consent tool tells the shop with
 * `window.dispatchEvent(new CustomEvent("cw:consent", { detail: { marketing: true|false } }))`.
 * The choice is kept in the consent cookie; withdrawing deletes every attribution cookie at once;
 * consent given on a page the server could not track asks the server to track it now, with the
 * page's own referrer, so the landing page's source is kept.
 */
import {
  type BrowserAttribution,
  CONSENT_COOKIE,
  CONSENT_MINUTES,
  clearAttribution,
  documentCookieJar,
  trackingAllowed,
} from "@cartwright/commerce/attribution";

/** The root layout's meta element with the settings, present only when attribution is on. */
export const CONSENT_META_NAME = "cw-attribution";
export const PAGE_VIEW_URL = "/api/store/v1/attribution/page-view";

/** The meta element's content: where the cookies live, the consent rule, and the Store API nonce for the call. */
export type ConsentSettings = Pick<BrowserAttribution, "domain" | "consent"> & { nonce: string };

/** Listens from the moment the first chunk runs, before React hydrates; the settings are read from the page at each event. */
export function listenForConsent(win: Window): void {
  win.addEventListener("cw:consent", (event) => {
    const granted = (event as CustomEvent<{ marketing?: unknown }>).detail?.marketing;
    const meta = win.document.querySelector<HTMLMetaElement>(`meta[name="${CONSENT_META_NAME}"]`);
    if (typeof granted !== "boolean" || !meta) return;
    const settings = JSON.parse(meta.content) as ConsentSettings;
    const jar = documentCookieJar(win.document, { domain: settings.domain, secure: win.location.protocol === "https:" });
    const before = trackingAllowed(settings, jar);
    jar.set(CONSENT_COOKIE, granted ? "allow" : "deny", CONSENT_MINUTES);
    if (!granted) clearAttribution(jar);
    else if (!before) {
      const page = { url: win.location.href, referrer: win.document.referrer };
      const request = {
        method: "POST",
        headers: { "content-type": "application/json", nonce: settings.nonce },
        body: JSON.stringify(page),
      };
      // Best effort: a lost call only loses this page's source, and the page must not notice.
      win.fetch(PAGE_VIEW_URL, request).catch(() => {});
    }
  });
}
