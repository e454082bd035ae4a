/**
 * The tracking script's entry: built on its own into a small inline script (vite.config.ts,
 * `virtual:cw-attribution-script`) that every page runs before React loads, with the page's CSP
 * nonce. Its settings come from the script element's data-config attribute. It exposes
 * `window.cwOrderAttribution` for the checkout and for page changes without a reload.
 *
 * Consent: a `cw:consent` event on window with `detail.marketing` true or false records the
 * visitor's choice; false deletes the attribution cookies at once.
 */
import { CONSENT_COOKIE, CONSENT_MINUTES, documentCookieJar } from "./cookies.ts";
import { attributionFields } from "./fields.ts";
import type { OrderAttributionApi } from "./global.ts";
import { clearAttribution, type TrackerConfig, trackingAllowed, trackVisit } from "./tracker.ts";

function start(config: TrackerConfig): void {
  const jar = documentCookieJar(document, { domain: config.domain, secure: location.protocol === "https:" });
  const page = (referrer: string) => ({
    url: location.href,
    referrer,
    userAgent: navigator.userAgent,
    now: new Date(),
    random: Math.random,
  });
  if (trackingAllowed(config, jar)) trackVisit(config, page(document.referrer), jar);
  else clearAttribution(jar);

  window.addEventListener("cw:consent", (event) => {
    const granted = (event as CustomEvent<{ marketing?: unknown }>).detail?.marketing;
    if (typeof granted !== "boolean") return;
    const before = trackingAllowed(config, jar);
    jar.set(CONSENT_COOKIE, granted ? "allow" : "deny", CONSENT_MINUTES);
    if (!granted) clearAttribution(jar);
    else if (!before) trackVisit(config, page(document.referrer), jar);
  });

  const api: OrderAttributionApi = {
    fieldPrefix: config.fieldPrefix,
    fields: () => (trackingAllowed(config, jar) ? attributionFields(jar) : null),
    // A page change inside the app: the referrer is our own page, so the source stays.
    pageView: () => {
      if (trackingAllowed(config, jar)) trackVisit(config, page(""), jar);
    },
  };
  window.cwOrderAttribution = api;
}

const element = document.currentScript as HTMLScriptElement | null;
const config = element?.dataset.config;
if (config) start(JSON.parse(config) as TrackerConfig);
