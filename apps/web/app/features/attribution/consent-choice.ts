/**
 * What a cw:consent event does (decision 0014), loaded by the listener in consent.ts when the
 * first event comes: most shops send none, so most pages never fetch this.
 */
import { CONSENT_COOKIE, CONSENT_MINUTES, clearAttribution, documentCookieJar, trackingAllowed } from "@cartwright/commerce/attribution";
import { CONSENT_META_NAME, type ConsentSettings, PAGE_VIEW_URL } from "./consent.ts";

/** Keeps the choice in the consent cookie; withdrawal deletes every attribution cookie; consent on an untracked page asks the server to track it. */
export function recordConsent(win: Window, granted: boolean): void {
  const meta = win.document.querySelector<HTMLMetaElement>(`meta[name="${CONSENT_META_NAME}"]`);
  if (!meta) return;
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
}
