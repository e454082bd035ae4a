/** The widget's files and the one-tag embed at /widget/ (decision 0020), over the built widget (npm test builds it first). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { WEB_BUILD_DIR } from "../../web.ts";
import { embedScript } from "./embed.routes.ts";

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

  it("queues the settings and imports the loader by its address; no text in them can end the script", () => {
    const page = {
      widgets: [],
      country: "-",
      crawler: false,
      ajaxUrl: "https://shop.example/ajax",
      assetsUrl: "https://shop.example/widget/",
      consent: "required" as const,
    };
    const tricky = { ...page, country: "</script><script>alert(1)</script>\u2028" };
    const script = embedScript(tricky, `https://shop.example/widget/${manifest.loader}`);
    expect(script).not.toContain("</script");
    expect(script).not.toContain("\u2028");
    expect(script).toContain(`import("https://shop.example/widget/${manifest.loader}")`);
    // Run as a classic script would: the queue gets the settings as sent.
    const queue: unknown[] = [];
    const imported: string[] = [];
    new Function("window", "__import", script.replace("import(", "__import("))({ cartwrightContactWidgets: queue }, (url: string) =>
      imported.push(url),
    );
    expect(queue).toEqual([tricky]);
    expect(imported).toEqual([`https://shop.example/widget/${manifest.loader}`]);
  });
});
