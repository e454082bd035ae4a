/** The visitor's country (spec §5.1 country rule) and crawler flag (§4.2), from headers and the bundled geo-IP data. */
import { describe, expect, it } from "vitest";
import { addressCountry, isCrawler, isPrivateAddress, UNKNOWN_COUNTRY, visitorCountry } from "./visitor.ts";

const visitor = (ip: string, headers: Record<string, string> = {}) => ({ ip, headers });

describe("visitorCountry", () => {
  it("takes the configured header first, whatever the address says", () => {
    expect(visitorCountry(visitor("8.8.8.8", { "cf-ipcountry": "FR" }), "cf-ipcountry")).toBe("FR");
    expect(visitorCountry(visitor("10.0.0.1", { "cf-ipcountry": "de" }), "cf-ipcountry")).toBe("DE");
    expect(visitorCountry(visitor("8.8.8.8", { "x-vercel-ip-country": "JP" }), "x-vercel-ip-country")).toBe("JP");
  });

  it.each(["XX", "T1", "ZZ", "USA", "", "1"])("ignores a header that names no country (%j) and asks the address", (code) => {
    expect(visitorCountry(visitor("8.8.8.8", { "cf-ipcountry": code }), "cf-ipcountry")).toBe("US");
    expect(visitorCountry(visitor("192.168.1.20", { "cf-ipcountry": code }), "cf-ipcountry")).toBe(UNKNOWN_COUNTRY);
  });

  it("trusts no header when none is configured, and only the configured one", () => {
    expect(visitorCountry(visitor("8.8.8.8", { "cf-ipcountry": "FR" }), null)).toBe("US");
    expect(visitorCountry(visitor("8.8.8.8", { "cf-ipcountry": "FR" }), "cloudfront-viewer-country")).toBe("US");
  });

  it("defaults to cf-ipcountry", () => {
    expect(visitorCountry(visitor("127.0.0.1", { "cf-ipcountry": "GB" }))).toBe("GB");
  });
});

describe("addressCountry (bundled offline data)", () => {
  it.each([
    ["8.8.8.8", "US"], // Google Public DNS
    ["193.0.6.139", "NL"], // RIPE NCC, Amsterdam
    ["133.11.0.1", "JP"], // University of Tokyo
    ["2001:4860:4860::8888", "US"], // Google Public DNS over IPv6
    ["::ffff:8.8.8.8", "US"], // IPv4-mapped
  ])("places the public address %s of a well-known network in %s", (ip, country) => {
    expect(addressCountry(ip)).toBe(country);
  });

  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.5.4",
    "192.168.0.10",
    "100.64.0.1",
    "169.254.1.1",
    "::1",
    "fd00::1",
    "fe80::1%eth0",
    "not-an-ip",
    "",
  ])("leaves the private or unreadable address %j unknown", (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
    expect(addressCountry(ip)).toBe(UNKNOWN_COUNTRY);
  });
});

describe("isCrawler", () => {
  it("knows crawlers by their user agent, and browsers are not", () => {
    expect(isCrawler({ headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } })).toBe(true);
    expect(
      isCrawler({
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" },
      }),
    ).toBe(false);
  });
});
