/**
 * The attribution cookies (decision 0014; reference §2, sourcebuster's names under ours): what
 * they are called and how they are written and read. The server writes them on each page view;
 * the browser records the consent choice in every page and reads them at checkout. Their values'
 * format is in `pairs.ts`, which only the server and the checkout need.
 */
export const ATTRIBUTION_COOKIES = {
  /** typ src mdm cmp cnt trm id plt fmt tct: the visit's source (last non-direct click). */
  current: "cw_attr_current",
  /** The same for the very first visit. */
  first: "cw_attr_first",
  /** fd (first-visit date, "YYYY-MM-DD HH:MM:SS" UTC), ep (entrance point), rf (referrer). */
  currentAdd: "cw_attr_current_add",
  firstAdd: "cw_attr_first_add",
  /** pgs (pages seen), cpg (current page); lasts 30 minutes, refreshed on each view. */
  session: "cw_attr_session",
  /** vst (visit count), uip (IP address: never collected), uag (user agent). */
  udata: "cw_attr_udata",
  /** code: a random six-digit promo code, when the shop hands them out. */
  promo: "cw_attr_promo",
} as const;

/** The visitor's marketing-consent choice: "allow" or "deny" (set from a cw:consent event). */
export const CONSENT_COOKIE = "cw_consent_marketing";

export const SESSION_MINUTES = 30;
export const CONSENT_MINUTES = 365 * 24 * 60;

/** Reading and writing cookies; `minutes` 0 makes a cookie that ends with the browser session. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, minutes: number): void;
  remove(name: string): void;
}

export type CookieReader = Pick<CookieJar, "get">;

/** Where the cookies live: path /, SameSite=Lax, Secure over https, on `domain` and its subdomains when given ("" for the host alone). */
export interface CookiePlace {
  domain: string;
  secure: boolean;
}

/** A lone UTF-16 surrogate: encodeURIComponent throws on one (a referrer or page address may hold any text). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One cookie as document.cookie and a Set-Cookie header both take it; `expires` null ends it with the browser session. */
export function cookieText(name: string, value: string, expires: Date | null, place: CookiePlace): string {
  const expiry = expires ? `; expires=${expires.toUTCString()}` : "";
  return `${name}=${encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD"))}${expiry}; path=/${place.domain ? `; domain=.${place.domain}` : ""}; SameSite=Lax${place.secure ? "; Secure" : ""}`;
}

/** Deleting a cookie takes both forms: one set before the shop chose a domain lives on the host alone. */
export function removalTexts(name: string, place: CookiePlace): string[] {
  return (place.domain ? [place.domain, ""] : [""]).map((domain) => cookieText(name, "", new Date(0), { ...place, domain }));
}

/** The URI-decoded value of `name` in a Cookie header or document.cookie ("a=1; b=2"); undefined when absent or not decodable. */
export function cookieValue(cookies: string, name: string): string | undefined {
  const entry = cookies
    .split(";")
    .map((part) => part.trimStart())
    .find((part) => part.startsWith(`${name}=`));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(name.length + 1));
  } catch {
    return undefined;
  }
}

/** The page's cookies through document.cookie. */
export function documentCookieJar(doc: { cookie: string }, place: CookiePlace): CookieJar {
  return {
    get: (name) => cookieValue(doc.cookie, name),
    set(name, value, minutes) {
      doc.cookie = cookieText(name, value, minutes > 0 ? new Date(Date.now() + minutes * 60_000) : null, place);
    },
    remove(name) {
      for (const text of removalTexts(name, place)) doc.cookie = text;
    },
  };
}
