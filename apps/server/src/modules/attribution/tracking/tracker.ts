/**
 * What the server does on each page view (spec §4.5; reference §2): decide the source, keep
 * first-visit and current records, count visits and pages, all in cookies. Pure over a cookie
 * jar, so tests run it without a request.
 */
import { ATTRIBUTION_URL_LENGTH, ATTRIBUTION_USER_AGENT_LENGTH, NO_VALUE } from "@cartwright/commerce";
import {
  ATTRIBUTION_COOKIES as C,
  type ConsentRule,
  type CookieJar,
  formatPairs,
  parsePairs,
  SESSION_MINUTES,
} from "@cartwright/commerce/attribution";
import { detectSource } from "./source.ts";

export interface TrackerConfig {
  /** Attribution cookies last this long; 0: until the browser closes. */
  lifetimeMinutes: number;
  /** The shop's domain for cookies and for telling internal referrers apart; "" for the page's host. */
  domain: string;
  consent: ConsentRule;
  promoCode: boolean;
  /** Hidden checkout inputs are named with this prefix and the field name. */
  fieldPrefix: string;
}

export interface PageView {
  url: string;
  referrer: string;
  userAgent: string;
  now: Date;
  /** A number in [0, 1), for the promo code. */
  random: () => number;
}

/** Months of 30 days, counted in whole minutes (sourcebuster: parseInt(months × 30 × 24 × 60)). */
export const lifetimeMinutes = (months: number) => Math.max(0, Math.trunc(months * 30 * 24 * 60));

/** "YYYY-MM-DD HH:MM:SS" in UTC. */
export const formatVisitDate = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** A promo code from 100000 to 999999 (six digits). */
export const promoCodeFrom = (random: number) => String(100000 + Math.floor(random * 900000)).padStart(6, "0");

const count = (value: string | undefined) => Number.parseInt(value ?? "", 10) || 1;

/** One page view: the source, the records, the visit count, the session's pages, the promo code. */
export function trackVisit(config: TrackerConfig, page: PageView, jar: CookieJar): void {
  const lifetime = config.lifetimeMinutes;
  const hasSession = jar.get(C.session) !== undefined;
  const stored = jar.get(C.current) ?? jar.get(C.first);
  const detected = detectSource({
    url: page.url,
    referrer: page.referrer,
    domain: config.domain || new URL(page.url).hostname,
    hasSession,
    hasRecord: stored !== undefined,
  });
  if (detected) {
    const extra = formatPairs({
      fd: formatVisitDate(page.now),
      ep: page.url.slice(0, ATTRIBUTION_URL_LENGTH),
      rf: page.referrer.slice(0, ATTRIBUTION_URL_LENGTH) || NO_VALUE,
    });
    jar.set(C.currentAdd, extra, lifetime);
    if (jar.get(C.firstAdd) === undefined) jar.set(C.firstAdd, extra, lifetime);
    jar.set(C.current, formatPairs({ ...detected }), lifetime);
  } else if (stored !== undefined) {
    // The last non-direct click stays, and lives on from this view.
    jar.set(C.current, stored, lifetime);
    const extra = jar.get(C.currentAdd);
    if (extra !== undefined) jar.set(C.currentAdd, extra, lifetime);
  }
  const current = jar.get(C.current);
  if (jar.get(C.first) === undefined && current !== undefined) jar.set(C.first, current, lifetime);

  const user = parsePairs(jar.get(C.udata));
  const visits = user ? count(user.vst) + (hasSession ? 0 : 1) : 1;
  const agent = page.userAgent.slice(0, ATTRIBUTION_USER_AGENT_LENGTH) || NO_VALUE;
  jar.set(C.udata, formatPairs({ vst: String(visits), uip: NO_VALUE, uag: agent }), lifetime);

  const session = parsePairs(jar.get(C.session));
  const pages = session ? count(session.pgs) + 1 : 1;
  jar.set(C.session, formatPairs({ pgs: String(pages), cpg: page.url.slice(0, ATTRIBUTION_URL_LENGTH) }), SESSION_MINUTES);

  if (config.promoCode && jar.get(C.promo) === undefined) jar.set(C.promo, formatPairs({ code: promoCodeFrom(page.random()) }), lifetime);
}
