/** Order attribution tracked by the storefront's replies (issue 7; decision 0014): cookies from the pages, the consent call. */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { DEFAULT_SETTINGS, updateSettings } from "../settings/index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());
beforeEach(() => updateSettings(shop.db, { orderAttribution: DEFAULT_SETTINGS.orderAttribution }));

const HOST = "shop.test";
const setCookies = (response: LightMyRequestResponse) => {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [header] : [];
};
const attributionCookies = (response: LightMyRequestResponse) => setCookies(response).filter((c) => c.startsWith("cw_attr_"));

/** A browser's cookies, kept from reply to reply (a cookie expired in 1970 is dropped). */
class Cookies {
  private readonly values = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }

  keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const header of setCookies(response)) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      if (header.includes("expires=Thu, 01 Jan 1970")) this.values.delete(pair.slice(0, at));
      else this.values.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  set(name: string, value: string): void {
    this.values.set(name, value);
  }

  value(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  get header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const page = async (cookies: Cookies, url: string, headers: Record<string, string> = {}) =>
  cookies.keep(await shop.app.inject({ method: "GET", url, headers: { host: HOST, cookie: cookies.header, ...headers } }));

describe("pages track where the visitor came from", () => {
  it("a landing page from a search with a campaign sets the cookies, for the checkout to read", async () => {
    const cookies = new Cookies();
    const response = await page(cookies, "/shop?utm_source=newsletter&utm_medium=email&utm_campaign=spring", {
      referer: "https://www.google.com/",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
    });
    expect(response.statusCode).toBe(200);
    expect(cookies.value("cw_attr_current")).toMatch(/^typ=utm\|\|\|src=newsletter\|\|\|mdm=email\|\|\|cmp=spring\|\|\|/);
    expect(cookies.value("cw_attr_first")).toBe(cookies.value("cw_attr_current"));
    expect(cookies.value("cw_attr_current_add")).toMatch(
      /^fd=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\|\|\|ep=http:\/\/shop\.test\/shop\?utm_source=newsletter&utm_medium=email&utm_campaign=spring\|\|\|rf=https:\/\/www\.google\.com\/$/,
    );
    expect(cookies.value("cw_attr_session")).toBe(
      "pgs=1|||cpg=http://shop.test/shop?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
    );
    expect(cookies.value("cw_attr_udata")).toBe("vst=1|||uip=(none)|||uag=Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0");
    for (const cookie of attributionCookies(response)) {
      // Readable by the checkout's script, so never HttpOnly; six months, the session 30 minutes.
      expect(cookie).toMatch(/; path=\/; SameSite=Lax; Max-Age=\d+$/);
      expect(cookie).toContain(cookie.startsWith("cw_attr_session=") ? "Max-Age=1800" : "Max-Age=15552000");
    }
  });

  it("a page change inside the app (a data request) counts the page and keeps the source; its data reloaded counts nothing", async () => {
    const cookies = new Cookies();
    await page(cookies, "/shop", { referer: "https://duckduckgo.com/" });
    const source = cookies.value("cw_attr_current");
    expect(source).toMatch(/^typ=organic\|\|\|src=duckduckgo/);

    // React Router asks for the next page's data with our own page as referrer.
    const next = await page(cookies, "/product/hoodie.data?_routes=routes%2Fproduct", { referer: "http://shop.test/shop" });
    expect(next.statusCode).toBe(200);
    expect(next.headers["content-type"]).toContain("text/x-script");
    expect(cookies.value("cw_attr_session")).toBe("pgs=2|||cpg=http://shop.test/product/hoodie");
    expect(cookies.value("cw_attr_current")).toBe(source);
    expect(cookies.value("cw_attr_current_add")).toMatch(/\|\|\|ep=http:\/\/shop\.test\/shop\|\|\|rf=https:\/\/duckduckgo\.com\/$/);
    expect(cookies.value("cw_attr_udata")).toMatch(/^vst=1\|/);

    // After a form's action the router reloads the same page's data: no view.
    expect(attributionCookies(await page(cookies, "/product/hoodie.data"))).toEqual([]);
    // The home page's data is a redirect to /shop, which shows no page itself.
    const redirect = await page(cookies, "/_.data");
    expect(redirect.statusCode).toBe(202);
    expect(attributionCookies(redirect)).toEqual([]);
    await page(cookies, "/shop.data?orderby=price");
    expect(cookies.value("cw_attr_session")).toBe("pgs=3|||cpg=http://shop.test/shop?orderby=price");
  });

  it("sets no cookies until the visitor consents, when the shop requires consent, and deletes them once consent is withdrawn", async () => {
    await updateSettings(shop.db, { orderAttribution: { ...DEFAULT_SETTINGS.orderAttribution, consent: "required" } });
    const cookies = new Cookies();
    expect(attributionCookies(await page(cookies, "/shop", { referer: "https://www.google.com/" }))).toEqual([]);
    expect(attributionCookies(await page(cookies, "/product/hoodie.data"))).toEqual([]);

    const consented = new Cookies({ cw_consent_marketing: "allow" });
    await page(consented, "/shop", { referer: "https://www.google.com/" });
    expect(consented.value("cw_attr_current")).toMatch(/^typ=organic\|\|\|src=google/);

    // Withdrawn (the page deleted the cookies, but say one came back): the next page deletes it.
    const withdrawn = new Cookies({ cw_consent_marketing: "deny", cw_attr_current: "typ%3Dtypein" });
    const response = await page(withdrawn, "/shop");
    expect(attributionCookies(response)).toEqual(["cw_attr_current=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax"]);
  });

  it("tells the page's consent listener the settings, and does nothing at all when attribution is off", async () => {
    await updateSettings(shop.db, {
      orderAttribution: { ...DEFAULT_SETTINGS.orderAttribution, consent: "required", cookieDomain: ".Shop.Test" },
    });
    const body = (await page(new Cookies(), "/cart")).body;
    const content = /<meta name="cw-attribution" content="([^"]*)"/.exec(body)?.[1]?.replaceAll("&quot;", '"');
    expect(JSON.parse(content ?? "null")).toEqual({ domain: "shop.test", consent: "required", nonce: expect.any(String) });

    await updateSettings(shop.db, { orderAttribution: { ...DEFAULT_SETTINGS.orderAttribution, enabled: false } });
    const off = await page(new Cookies(), "/shop?utm_source=x", { referer: "https://www.google.com/" });
    expect(attributionCookies(off)).toEqual([]);
    expect(off.body).not.toContain('name="cw-attribution"');
  });
});

describe("POST /attribution/page-view (consent given on a page the server could not track)", () => {
  /** A visitor on a page: its session cookie and the nonce the page hands the browser. */
  async function visitor() {
    const cookies = new Cookies();
    const response = await page(cookies, "/shop");
    const nonce = String(response.headers.nonce);
    const post = async (body: unknown, headers: Record<string, string> = { nonce }) =>
      cookies.keep(
        await shop.app.inject({
          method: "POST",
          url: "/api/store/v1/attribution/page-view",
          headers: { host: HOST, cookie: cookies.header, "content-type": "application/json", ...headers },
          payload: JSON.stringify(body),
        }),
      );
    return { cookies, post };
  }

  it("tracks the page with its own referrer once the visitor has consented, so the landing source is kept", async () => {
    await updateSettings(shop.db, { orderAttribution: { ...DEFAULT_SETTINGS.orderAttribution, consent: "required" } });
    const { cookies, post } = await visitor();
    expect(cookies.value("cw_attr_current")).toBeUndefined();

    const landing = { url: "http://shop.test/shop?utm_source=spring", referrer: "https://www.bing.com/" };
    const refused = await post(landing);
    expect(refused.statusCode).toBe(204);
    expect(attributionCookies(refused)).toEqual([]);

    // The page's listener records the choice, then calls.
    cookies.set("cw_consent_marketing", "allow");
    const response = await post(landing);
    expect(response.statusCode).toBe(204);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(cookies.value("cw_attr_current")).toMatch(/^typ=utm\|\|\|src=spring\|/);
    expect(cookies.value("cw_attr_current_add")).toMatch(
      /\|\|\|ep=http:\/\/shop\.test\/shop\?utm_source=spring\|\|\|rf=https:\/\/www\.bing\.com\/$/,
    );
    expect(cookies.value("cw_attr_session")).toBe("pgs=1|||cpg=http://shop.test/shop?utm_source=spring");
  });

  it("is a write: it needs the nonce; the address must be a page of this shop", async () => {
    const { post } = await visitor();
    const missing = await post({ url: "http://shop.test/shop", referrer: "" }, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");

    for (const url of ["https://elsewhere.example/shop", "not an address", "https://shop.test/shop"]) {
      const response = await post({ url, referrer: "" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "rest_invalid_param", data: { params: { url: "url is not a page of this shop." } } });
    }
    const noUrl = await post({ referrer: "" });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().code).toBe("rest_missing_callback_param");
  });
});
