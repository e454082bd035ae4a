/**
 * What the attribution cookies hold (reference §2, sourcebuster's formats): `key=value` pairs
 * joined by `|||` (the cookie value is this text URI-encoded), and the campaign keys of a record.
 */
/** Parameters that make a visit a campaign visit, with the record key each is kept under (and the checkout field of the same name). */
export const UTM_PARAMS = {
  utm_source: "src",
  utm_medium: "mdm",
  utm_campaign: "cmp",
  utm_content: "cnt",
  utm_term: "trm",
  utm_id: "id",
  utm_source_platform: "plt",
  utm_creative_format: "fmt",
  utm_marketing_tactic: "tct",
} as const;

export type Pairs = Record<string, string>;

/**
 * A value's "|" written "%7C" (and "%" as "%25", so the text comes back as it was): a campaign named "a|||typ=organic"
 * would otherwise end its pair there and bring in a pair of its own.
 */
const escapeValue = (value: string) => value.replaceAll("%", "%25").replaceAll("|", "%7C");
const unescapeValue = (value: string) => value.replace(/%(25|7C)/gi, (escaped) => (escaped === "%25" ? "%" : "|"));

export function formatPairs(pairs: Pairs): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key}=${escapeValue(value)}`)
    .join("|||");
}

/** The pairs of a cookie value; undefined when there is no cookie. Keeps everything after the first "=". */
export function parsePairs(value: string | undefined): Pairs | undefined {
  if (value === undefined) return undefined;
  const pairs: Pairs = {};
  for (const part of value.split("|||")) {
    const at = part.indexOf("=");
    if (at > 0) pairs[part.slice(0, at)] = unescapeValue(part.slice(at + 1));
  }
  return pairs;
}
