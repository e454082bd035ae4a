/** A page view on the server: the request's cookies in, the changed ones out as Set-Cookie headers. */

import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../settings/index.ts";
import { type PageRequest, pageViewCookies, responseCookieJar } from "./page-view.ts";

const NOW = new Date("2026-03-01T10:20:30.456Z");
const settings = (over: Partial<typeof DEFAULT_SETTINGS.orderAttribution> = {}) => ({
  orderAttribution: { ...DEFAULT_SETTINGS.orderAttribution, ...over },
});
const request = (over: Partial<PageRequest>): PageRequest => ({
  url: "https://shop.example/shop",
  referrer: "",
  userAgent: "Mozilla/5.0 Test",
  cookies: "",
  secure: true,
  inApp: false,
  ...over,
});

/** The cookies a browser would hold after these Set-Cookie headers, as a Cookie header (deleted ones dropped). */
function cookieHeaderAfter(headers: string[], before = ""): string {
  const jar = new Map(before ? before.split("; ").map((pair) => pair.split("=") as [string, string]) : []);
  for (const header of headers) {
    const [pair = ""] = header.split("; ");
    const [name = "", value = ""] = pair.split("=");
    if (header.includes("expires=Thu, 01 Jan 1970")) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
const cookieIn = (header: string, name: string) =>
  decodeURIComponent(
    header
      .split("; ")
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? "",
  );

describe("the response's cookie jar", () => {
  it("reads the request's cookies, then its own writes, and sends the last write of each cookie with the browser's lifetime", () => {
    const { jar, setCookies } = responseCookieJar("cw_attr_session=pgs%3D3; other=1", { domain: "shop.example", secure: true }, NOW);
    expect(jar.get("cw_attr_session")).toBe("pgs=3");
    jar.set("cw_attr_session", "pgs=4", 30);
    jar.set("cw_attr_session", "pgs=5", 30);
    jar.set("cw_attr_current", "typ=typein", 0);
    expect(jar.get("cw_attr_session")).toBe("pgs=5");
    jar.remove("other");
    expect(jar.get("other")).toBeUndefined();
    expect(setCookies()).toEqual([
      "cw_attr_session=pgs%3D5; expires=Sun, 01 Mar 2026 10:50:30 GMT; path=/; domain=.shop.example; SameSite=Lax; Secure; Max-Age=1800",
      "cw_attr_current=typ%3Dtypein; path=/; domain=.shop.example; SameSite=Lax; Secure",
      "other=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.shop.example; SameSite=Lax; Secure",
      "other=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax; Secure",
    ]);
  });
});

describe("a page view", () => {
  it("on landing from a search with a campaign sets every cookie, for six months and the 30-minute session", () => {
    const headers = pageViewCookies(
      settings(),
      request({ url: "https://shop.example/shop?utm_source=news&utm_medium=email", referrer: "https://www.google.com/" }),
      NOW,
    );
    const byName = Object.fromEntries(headers.map((header) => [header.slice(0, header.indexOf("=")), header]));
    expect(Object.keys(byName).sort()).toEqual([
      "cw_attr_current",
      "cw_attr_current_add",
      "cw_attr_first",
      "cw_attr_first_add",
      "cw_attr_session",
      "cw_attr_udata",
    ]);
    expect(cookieIn(byName.cw_attr_current ?? "", "cw_attr_current")).toMatch(/^typ=utm\|\|\|src=news\|\|\|mdm=email\|\|\|/);
    expect(cookieIn(byName.cw_attr_current_add ?? "", "cw_attr_current_add")).toBe(
      "fd=2026-03-01 10:20:30|||ep=https://shop.example/shop?utm_source=news&utm_medium=email|||rf=https://www.google.com/",
    );
    expect(byName.cw_attr_current).toContain("; Max-Age=15552000");
    expect(byName.cw_attr_session).toContain("; Max-Age=1800");
    for (const header of headers) expect(header).not.toMatch(/HttpOnly/i);
  });

  it("inside the app counts the page and keeps the source; the same address again (its data reloaded) counts nothing", () => {
    const landing = pageViewCookies(settings(), request({ referrer: "https://duckduckgo.com/" }), NOW);
    const cookies = cookieHeaderAfter(landing);
    const next = pageViewCookies(
      settings(),
      request({ url: "https://shop.example/product/hoodie", referrer: "https://shop.example/shop", cookies, inApp: true }),
      NOW,
    );
    const after = cookieHeaderAfter(next, cookies);
    expect(cookieIn(after, "cw_attr_current_add")).toBe(cookieIn(cookies, "cw_attr_current_add"));
    expect(cookieIn(after, "cw_attr_current")).toMatch(/^typ=organic\|\|\|src=duckduckgo/);
    expect(cookieIn(after, "cw_attr_session")).toBe("pgs=2|||cpg=https://shop.example/product/hoodie");

    const again = request({ url: "https://shop.example/product/hoodie", cookies: after, inApp: true });
    expect(pageViewCookies(settings(), again, NOW)).toEqual([]);
    // A reload of the document is a view.
    expect(cookieIn(cookieHeaderAfter(pageViewCookies(settings(), { ...again, inApp: false }, NOW), after), "cw_attr_session")).toMatch(
      /^pgs=3/,
    );
  });

  it("inside the app ignores the referrer, which is our own page: a first view there is direct", () => {
    const headers = pageViewCookies(settings(), request({ referrer: "https://www.bing.com/", inApp: true }), NOW);
    expect(cookieIn(cookieHeaderAfter(headers), "cw_attr_current")).toMatch(/^typ=typein\|\|\|src=\(direct\)/);
  });

  it("without consent sets nothing and deletes what an earlier consent left; with attribution off it touches nothing", () => {
    const required = settings({ consent: "required", cookieDomain: "shop.example" });
    expect(pageViewCookies(required, request({ referrer: "https://www.google.com/" }), NOW)).toEqual([]);
    const withdrawn = "cw_consent_marketing=deny; cw_attr_current=typ%3Dtypein; cw_session=abc";
    expect(pageViewCookies(settings(), request({ cookies: withdrawn }), NOW)).toEqual([
      "cw_attr_current=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax; Secure",
    ]);
    expect(pageViewCookies(required, request({ cookies: "cw_consent_marketing=allow" }), NOW)).toHaveLength(6);
    expect(pageViewCookies(settings({ enabled: false }), request({ cookies: withdrawn }), NOW)).toEqual([]);
  });

  it("is Secure over https only, and on the shop's domain when it has one", () => {
    const [plain] = pageViewCookies(settings({ cookieDomain: ".Shop.Example" }), request({ secure: false }), NOW);
    expect(plain).toMatch(/; path=\/; domain=\.shop\.example; SameSite=Lax; Max-Age=/);
  });
});
