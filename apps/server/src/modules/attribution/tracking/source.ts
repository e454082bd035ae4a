/**
 * Where a visit comes from (spec §3.6, §4.5; sourcebuster's rules, reference §2), as pure
 * functions of the page address, the referrer and which cookies exist. First match wins:
 * 1. utm parameters or a click id in the address → utm, even in the middle of a session;
 * 2. an external search-engine referrer → organic;
 * 3. no session yet and an external referrer → referral;
 * 4. no first or current record yet → typein (direct);
 * 5. otherwise the stored current record is kept (the last non-direct click).
 */
import { ATTRIBUTION_TEXT_LENGTH, NO_VALUE, type SourceType } from "@cartwright/commerce";
import { UTM_PARAMS } from "@cartwright/commerce/attribution";
import { REFERRER_ALIASES, SEARCH_ENGINES, type SearchEngine } from "./search-engines.ts";

/** A traffic record in sourcebuster's short keys: type, source, medium, campaign, content, term, id, platform, format, tactic. */
export interface TrafficRecord {
  typ: SourceType;
  src: string;
  mdm: string;
  cmp: string;
  cnt: string;
  trm: string;
  id: string;
  plt: string;
  fmt: string;
  tct: string;
}

export interface Visit {
  /** The page's address, as the browser shows it. */
  url: string;
  /** The referrer (what document.referrer gives); "" when none. */
  referrer: string;
  /** The shop's own domain: it and its subdomains are internal ("www." is ignored). */
  domain: string;
  /** A session cookie exists (a view in the last 30 minutes). */
  hasSession: boolean;
  /** A first-visit or current record exists. */
  hasRecord: boolean;
}

/** Ad click ids: the source, medium and campaign they stand for when no utm parameter says otherwise. */
const CLICK_IDS: Record<string, { src: string; mdm: string; cmp: string }> = {
  gclid: { src: "google", mdm: "cpc", cmp: "google_cpc" },
  yclid: { src: "yandex", mdm: "cpc", cmp: "yandex_cpc" },
  msclkid: { src: "bing", mdm: "cpc", cmp: "bing_cpc" },
  // Facebook adds fbclid to every outgoing link, paid or not: it names the source only.
  fbclid: { src: "facebook", mdm: "social", cmp: NO_VALUE },
};

/** A record of this type with "(none)" in every other key. */
const emptyRecord = (typ: SourceType): TrafficRecord => {
  const record = { typ } as TrafficRecord;
  for (const key of Object.values(UTM_PARAMS)) record[key] = NO_VALUE;
  return record;
};

function parseUrl(value: string): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A host as sources are named: lower case, without "www.". */
export const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** True when the referrer's host is the shop's domain or one of its subdomains. */
export function isInternalHost(host: string, domain: string): boolean {
  const own = bareHost(domain);
  const other = bareHost(host);
  return other === own || other.endsWith(`.${own}`);
}

/** The engine's host as a pattern: the name with any subdomain (or only www.), `name.*` with any top-level domain of 2 to 9 characters. */
function engineMatches(engine: SearchEngine, referrer: URL): boolean {
  const name = engine.host.replaceAll(".", "\\.").replace(/\\\.\*$/, "\\.[a-z0-9.-]{2,9}");
  const host = new RegExp(`^(${engine.bareOrWww ? "www" : ".*"}\\.)?${name}$`);
  return host.test(referrer.hostname.toLowerCase()) && (!engine.param || referrer.searchParams.has(engine.param));
}

/** The search engine a referrer belongs to, or null. */
export function searchEngineOf(referrer: string, engines: readonly SearchEngine[] = SEARCH_ENGINES): SearchEngine | null {
  const url = parseUrl(referrer);
  if (!url) return null;
  return engines.find((engine) => engineMatches(engine, url)) ?? null;
}

/** Values from the address are cut to what the checkout may send. */
const clip = (value: string) => value.slice(0, ATTRIBUTION_TEXT_LENGTH);

function campaignRecord(params: URLSearchParams): TrafficRecord | null {
  const utmPresent = Object.keys(UTM_PARAMS).some((name) => params.has(name));
  const click = Object.keys(CLICK_IDS).find((name) => params.has(name));
  if (!utmPresent && !click) return null;
  const record = emptyRecord("utm");
  const implied = click ? CLICK_IDS[click] : undefined;
  if (implied) Object.assign(record, implied);
  for (const [name, key] of Object.entries(UTM_PARAMS)) {
    const value = params.get(name)?.trim();
    if (value) record[key] = clip(value);
  }
  return record;
}

/**
 * The record a visit starts, or null when the stored current record is to be kept (rule 5).
 * Search engines are looked up in `engines` (the shop's list first, then ours).
 */
export function detectSource(visit: Visit, engines: readonly SearchEngine[] = SEARCH_ENGINES): TrafficRecord | null {
  const page = parseUrl(visit.url);
  const campaign = page ? campaignRecord(page.searchParams) : null;
  if (campaign) return campaign;

  const referrer = parseUrl(visit.referrer);
  const external = referrer !== null && referrer.hostname !== "" && !isInternalHost(referrer.hostname, visit.domain);
  if (external) {
    const engine = searchEngineOf(visit.referrer, engines);
    if (engine) return { ...emptyRecord("organic"), src: engine.source, mdm: "organic" };
    if (!visit.hasSession) {
      const host = bareHost(referrer.hostname);
      return {
        ...emptyRecord("referral"),
        src: REFERRER_ALIASES[host] ?? host,
        mdm: "referral",
        cnt: clip(referrer.pathname) || NO_VALUE,
      };
    }
  }
  if (!visit.hasRecord) return { ...emptyRecord("typein"), src: "(direct)" };
  return null;
}
