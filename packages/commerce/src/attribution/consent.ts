/** The visitor's marketing consent over the attribution cookies (decision 0014): the same rule on the server and in the browser. */
import { ATTRIBUTION_COOKIES, CONSENT_COOKIE, type CookieJar, type CookieReader } from "./cookies.ts";

/** 'required': cookies only after the visitor consents; 'not-required': until they withdraw consent. */
export type ConsentRule = "required" | "not-required";

/** Cookies are allowed when the visitor consented, or when the shop needs no consent and it was not withdrawn. */
export function trackingAllowed(config: { consent: ConsentRule }, jar: CookieReader): boolean {
  const choice = jar.get(CONSENT_COOKIE);
  return choice === "allow" || (config.consent === "not-required" && choice !== "deny");
}

/** Deletes every attribution cookie the visitor holds. */
export function clearAttribution(jar: CookieJar): void {
  for (const name of Object.values(ATTRIBUTION_COOKIES)) if (jar.get(name) !== undefined) jar.remove(name);
}

/** What the browser needs of the shop's attribution settings; null when attribution is off. */
export interface BrowserAttribution {
  /** The cookies' domain ("" for the page's host). */
  domain: string;
  consent: ConsentRule;
  /** Hidden checkout inputs are named with this prefix and the field name. */
  fieldPrefix: string;
}
