/**
 * The attribution cookies (reference §2, sourcebuster's formats under our names): each holds
 * `key=value` pairs joined by `|||`, the whole value URI-encoded.
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

export type Pairs = Record<string, string>;

export function formatPairs(pairs: Pairs): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key}=${value}`)
    .join("|||");
}

/** The pairs of a cookie value; undefined when there is no cookie. Keeps everything after the first "=". */
export function parsePairs(value: string | undefined): Pairs | undefined {
  if (value === undefined) return undefined;
  const pairs: Pairs = {};
  for (const part of value.split("|||")) {
    const at = part.indexOf("=");
    if (at > 0) pairs[part.slice(0, at)] = part.slice(at + 1);
  }
  return pairs;
}

/** Reading and writing cookies; `minutes` 0 makes a cookie that ends with the browser session. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, minutes: number): void;
  remove(name: string): void;
}

/** The page's cookies: path /, SameSite=Lax, Secure over https, on `domain` and its subdomains when given. */
export function documentCookieJar(doc: Document, options: { domain: string; secure: boolean }): CookieJar {
  const write = (name: string, value: string, expires: Date | null, domain: string) => {
    const expiry = expires ? `; expires=${expires.toUTCString()}` : "";
    doc.cookie = `${name}=${encodeURIComponent(value)}${expiry}; path=/${domain ? `; domain=.${domain}` : ""}; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  };
  return {
    get(name) {
      const entry = doc.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
      if (entry === undefined) return undefined;
      try {
        return decodeURIComponent(entry.slice(name.length + 1));
      } catch {
        return undefined;
      }
    },
    set: (name, value, minutes) => write(name, value, minutes > 0 ? new Date(Date.now() + minutes * 60_000) : null, options.domain),
    remove(name) {
      // Both forms: a cookie set before the shop chose a domain lives on the host alone.
      for (const domain of options.domain ? [options.domain, ""] : [""]) write(name, "", new Date(0), domain);
    },
  };
}
