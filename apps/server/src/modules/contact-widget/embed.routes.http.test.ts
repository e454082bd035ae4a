/** The widget's files and the one-tag embed at /widget/ (decision 0020), over the built widget (npm test builds it first). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../../../test/app.ts";
import { WEB_BUILD_DIR } from "../../web.ts";
import { embedScript } from "./embed.routes.ts";
import { configureContactWidgets } from "./index.ts";

const widgetDirectory = join(WEB_BUILD_DIR, "widget");
const manifest = JSON.parse(readFileSync(join(widgetDirectory, "manifest.json"), "utf8")) as { loader: string; files: string[] };

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("GET /widget/<hashed file>", () => {
  it("sends the build's gzip or brotli form, cached a year, open to other sites' module imports", async () => {
    const file = readFileSync(join(widgetDirectory, manifest.loader));
    const gzip = await shop.app.inject({ url: `/widget/${manifest.loader}`, headers: { "accept-encoding": "gzip" } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers["access-control-allow-origin"]).toBe("*");
    expect(gzip.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
    // Budget of the issue: the loader adds at most 6 KB gzip to a page.
    expect(gzip.rawPayload.length).toBeLessThanOrEqual(6 * 1024);

    const brotli = await shop.app.inject({ url: `/widget/${manifest.loader}`, headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const plain = await shop.app.inject({ url: `/widget/${manifest.loader}`, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it("answers 404 for a name the build does not have", async () => {
    for (const url of ["/widget/loader-missing.js", "/widget/manifest.json", "/widget/..%2Fclient%2Findex.js"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe("cw_script_not_found");
    }
  });
});

describe("GET /widget/{id}.js", () => {
  it("answers 404 for a widget that does not exist, and for ids no table holds", async () => {
    for (const url of ["/widget/999.js", "/widget/2147483648.js", "/widget/0.js"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      // The error shape, as every refusal: a page's <script> fails on the 404 alike.
      expect(response.json().code).toBe("cw_script_not_found");
      expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });

  const page = {
    widgets: [],
    country: "-",
    crawler: false,
    ajaxUrl: "https://shop.example/ajax",
    assetsUrl: "https://shop.example/widget/",
    consent: "required" as const,
  };
  const sites = { origins: ["https://blog.example.com"], shopHost: "shop.example" };

  /** A page's location at `href`. */
  const at = (href: string) => ({ origin: new URL(href).origin, host: new URL(href).host });

  /** Runs the embed as a classic script would on a page at `location`: what it queued, imported and said. */
  function runEmbed(script: string, location: { origin: string; host: string }) {
    const queue: unknown[] = [];
    const imported: string[] = [];
    const said: unknown[][] = [];
    const console = { info: (...words: unknown[]) => said.push(words) };
    new Function("window", "__import", "console", script.replace("import(", "__import("))(
      { cartwrightContactWidgets: queue, location },
      (url: string) => imported.push(url),
      console,
    );
    return { queue, imported, said };
  }

  it("queues the settings and imports the loader by its address; no text in them can end the script", () => {
    const tricky = { ...page, country: "</script><script>alert(1)</script>\u2028" };
    const trickySites = { origins: ["https://a.example</script>\u2028"], shopHost: "shop.example</script>" };
    const script = embedScript(tricky, `https://shop.example/widget/${manifest.loader}`, trickySites);
    expect(script).not.toContain("</script");
    expect(script).not.toContain("\u2028");
    expect(script).toContain(`import("https://shop.example/widget/${manifest.loader}")`);
    // An allowed origin is compared as it was sent, and the queue gets the settings as they were sent.
    const run = runEmbed(script, { origin: "https://a.example</script>\u2028", host: "a.example" });
    expect(run.queue).toEqual([tricky]);
    expect(run.imported).toEqual([`https://shop.example/widget/${manifest.loader}`]);
  });

  it("mounts on a site the widget allows and on the shop, and on any other site stops, saying why", () => {
    const script = embedScript(page, `https://shop.example/widget/${manifest.loader}`, sites);
    for (const href of ["https://blog.example.com/post", "https://shop.example/", "http://shop.example/"]) {
      const run = runEmbed(script, at(href));
      expect(run.queue, href).toEqual([page]);
      expect(run.imported, href).toHaveLength(1);
      expect(run.said, href).toEqual([]);
    }
    for (const href of ["https://elsewhere.example/", "http://blog.example.com/", "https://blog.example.com:8443/"]) {
      const run = runEmbed(script, at(href));
      expect(run.queue, href).toEqual([]);
      expect(run.imported, href).toEqual([]);
      expect(run.said, href).toEqual([[expect.stringMatching(/the shop does not allow this site .*: /)]]);
      expect(String(run.said[0]?.[0]).endsWith(`: ${new URL(href).origin}`), href).toBe(true);
    }
  });

  it("tells the page the widget's allowed origins, the shop's host and its PUBLIC_URL, as /ajax allows them", async () => {
    await shop.db
      .updateTable("contact_widgets")
      .set({ allowed_origins: JSON.stringify(["https://blog.example.com"]) })
      .where("id", "=", 1)
      .execute();
    try {
      const response = await shop.app.inject({ url: "/widget/1.js", headers: { host: "shop.example:8080" } });
      expect(response.statusCode).toBe(200);
      const allowed = runEmbed(response.body, at("https://blog.example.com/post"));
      expect(allowed.queue).toHaveLength(1);
      expect(allowed.imported).toEqual([`http://shop.example:8080/widget/${manifest.loader}`]);
      expect(runEmbed(response.body, at("http://shop.example:8080/")).queue).toHaveLength(1);
      const refused = runEmbed(response.body, at("https://evil.example/"));
      expect(refused.queue).toEqual([]);
      expect(refused.imported).toEqual([]);
      // The same origin is what /ajax refuses.
      const report = await shop.app.inject({
        method: "POST",
        url: "/ajax",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", host: "shop.example:8080" },
        payload: "action=update_contact_widget_views&widgetId=1",
      });
      expect(report.json().code).toBe("cw_widget_origin_not_allowed");
      configureContactWidgets(shop.db, { secret: TEST_SECRET, countryHeader: "cf-ipcountry", shopOrigin: "https://shop.example.com" });
      const withPublicUrl = await shop.app.inject({ url: "/widget/1.js", headers: { host: "shop.example:8080" } });
      expect(runEmbed(withPublicUrl.body, at("https://shop.example.com/")).queue).toHaveLength(1);
    } finally {
      configureContactWidgets(shop.db, { secret: TEST_SECRET, countryHeader: "cf-ipcountry", shopOrigin: null });
      await shop.db.updateTable("contact_widgets").set({ allowed_origins: "[]" }).where("id", "=", 1).execute();
    }
  });
});
