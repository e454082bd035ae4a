/**
 * Tracking on the server (decision 0014): a page view runs the tracker over the request's
 * cookies, and the cookies it changed go back as Set-Cookie headers, in the formats the browser
 * reads at checkout (not HttpOnly for that reason).
 */
import { ATTRIBUTION_URL_LENGTH } from "@cartwright/commerce";
import {
  ATTRIBUTION_COOKIES,
  type CookieJar,
  type CookiePlace,
  clearAttribution,
  cookieText,
  cookieValue,
  parsePairs,
  removalTexts,
  trackingAllowed,
} from "@cartwright/commerce/attribution";
import type { ShopSettings } from "../../settings/index.ts";
import { trackerConfig } from "./config.ts";
import { trackVisit } from "./tracker.ts";

/** The cookies of a Cookie header as a jar; what is written becomes Set-Cookie headers, the last write per cookie. */
export function responseCookieJar(cookieHeader: string, place: CookiePlace, now: Date): { jar: CookieJar; setCookies(): string[] } {
  const written = new Map<string, { value: string | undefined; headers: string[] }>();
  const jar: CookieJar = {
    get: (name) => (written.has(name) ? written.get(name)?.value : cookieValue(cookieHeader, name)),
    set(name, value, minutes) {
      const expires = minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null;
      // Max-Age counts on the browser's own clock, so a visitor whose clock is off keeps the same lifetimes.
      const maxAge = minutes > 0 ? `; Max-Age=${minutes * 60}` : "";
      written.set(name, { value, headers: [`${cookieText(name, value, expires, place)}${maxAge}`] });
    },
    remove: (name) => void written.set(name, { value: undefined, headers: removalTexts(name, place) }),
  };
  return { jar, setCookies: () => [...written.values()].flatMap((write) => write.headers) };
}

export interface PageRequest {
  /** The page's address, as the browser shows it. */
  url: string;
  /** The Referer header ("" when none); not used for a page change inside the app, whose referrer is our own page. */
  referrer: string;
  userAgent: string;
  /** The Cookie header ("" when none). */
  cookies: string;
  /** Over https: the cookies get Secure. */
  secure: boolean;
  /** A page change inside the app (no reload): the address the session is already on is its data reloaded, not a view. */
  inApp: boolean;
}

/** An address compared as the browser and React Router may each write its query. */
function comparable(address: string): string {
  try {
    const url = new URL(address);
    url.search = url.searchParams.toString();
    return url.href;
  } catch {
    return address;
  }
}

/** The Set-Cookie headers of one page view: tracked when allowed, every attribution cookie deleted when not, none when attribution is off. */
export function pageViewCookies(
  settings: Pick<ShopSettings, "orderAttribution">,
  page: PageRequest,
  now = new Date(),
  random: () => number = Math.random,
): string[] {
  const config = trackerConfig(settings);
  if (!config) return [];
  const { jar, setCookies } = responseCookieJar(page.cookies, { domain: config.domain, secure: page.secure }, now);
  if (!trackingAllowed(config, jar)) {
    clearAttribution(jar);
    return setCookies();
  }
  const onPage = parsePairs(jar.get(ATTRIBUTION_COOKIES.session))?.cpg;
  const reloaded = page.inApp && onPage !== undefined && comparable(onPage) === comparable(page.url.slice(0, ATTRIBUTION_URL_LENGTH));
  if (!reloaded) {
    trackVisit(config, { url: page.url, referrer: page.inApp ? "" : page.referrer, userAgent: page.userAgent, now, random }, jar);
  }
  return setCookies();
}
