/**
 * Who is looking at a page, as far as the widget's triggers care (spec §5.1, §4.2): the visitor's
 * country and whether it is a known crawler. The country comes from the header a CDN or proxy sets
 * (config COUNTRY_HEADER), else from the bundled offline geo-IP data; nothing leaves the shop.
 */

import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { isCountryCode } from "@cartwright/commerce";
import { isbot } from "isbot";
import { Reader, type Response } from "mmdb-lib";

export interface Visitor {
  headers: IncomingHttpHeaders;
  /** The client's address as the app believes it (request.ip, proxies per TRUST_PROXY). */
  ip: string;
}

/** "-" is the spec's unknown country: the country rule then shows the widget. */
export const UNKNOWN_COUNTRY = "-";

/** A known crawler: sees the widget, never reports (spec §4.2). */
export function isCrawler(visitor: Pick<Visitor, "headers">): boolean {
  const agent = visitor.headers["user-agent"];
  return isbot(typeof agent === "string" ? agent : "");
}

// Addresses no geo-IP data places: loopback, private, link-local, carrier NAT, unique-local, documentation.
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

/** The address without an IPv6 zone, IPv4-mapped IPv6 as IPv4; null when it is not an address. */
function plainAddress(ip: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const zoneless = (ip ?? "").split("%")[0] ?? "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless)?.[1];
  if (mapped) return { address: mapped, family: "ipv4" };
  if (isIPv4(zoneless)) return { address: zoneless, family: "ipv4" };
  if (isIPv6(zoneless)) return { address: zoneless, family: "ipv6" };
  return null;
}

export function isPrivateAddress(ip: string): boolean {
  const plain = plainAddress(ip);
  return !plain || privateRanges.check(plain.address, plain.family);
}

/** The records of this data set: only a country code (mmdb-lib's types describe MaxMind's own records). */
type CountryRecord = { country_code?: string };
let reader: Reader<Response> | null | undefined;

/**
 * The bundled data (@ip-location-db/geo-whois-asn-country-mmdb: RIR whois and ASN data, NRO's
 * part under CC BY 4.0), read once, on the first lookup; a missing file leaves countries unknown.
 */
function geoReader(): Reader<Response> | null {
  if (reader !== undefined) return reader;
  try {
    const file = createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
    reader = new Reader<Response>(readFileSync(file));
  } catch {
    reader = null;
  }
  return reader;
}

/** The country the bundled data gives a public address; "-" for private addresses and gaps. */
export function addressCountry(ip: string): string {
  const plain = plainAddress(ip);
  if (!plain || privateRanges.check(plain.address, plain.family)) return UNKNOWN_COUNTRY;
  const record = geoReader()?.get(plain.address) as CountryRecord | null | undefined;
  const code = record?.country_code?.toUpperCase() ?? "";
  return isCountryCode(code) ? code : UNKNOWN_COUNTRY;
}

/**
 * The visitor's country: the configured header when it names a country (a proxy's "XX", "T1" or
 * junk is ignored), else the address's country in the bundled data, else "-".
 */
export function visitorCountry(visitor: Visitor, header: string | null = "cf-ipcountry"): string {
  if (header) {
    const given = visitor.headers[header];
    const code = (Array.isArray(given) ? given[0] : given)?.trim().toUpperCase() ?? "";
    if (isCountryCode(code)) return code;
  }
  return addressCountry(visitor.ip);
}
