/** The tracking script in the storefront's pages (issue 7): inline, under the page's nonce, configured from the settings. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

const trackerOf = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].find(([, , body]) => body?.includes("cw_attr_current")) ?? null;

describe("the tracking script", () => {
  it("runs inline on every page with the page's nonce and the shop's settings, and stays out of the JavaScript bundles", async () => {
    for (const path of ["/shop", "/cart", "/product/hoodie"]) {
      const response = await shop.app.inject(path);
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
      const script = trackerOf(response.body);
      expect(script?.[1]).toContain(`nonce="${nonce}"`);
      const config = /data-config="([^"]*)"/.exec(script?.[1] ?? "")?.[1]?.replaceAll("&quot;", '"');
      expect(JSON.parse(config ?? "null")).toEqual({
        lifetimeMinutes: 259_200,
        domain: "",
        consent: "not-required",
        promoCode: false,
        fieldPrefix: "cw_order_attribution_",
      });
      // Small: it is part of every page.
      expect(script?.[2]?.length).toBeLessThan(8_000);
      for (const [, asset] of response.body.matchAll(/"(\/assets\/[^"]+\.js)"/g)) {
        expect((await shop.app.inject(asset as string)).body).not.toContain("cw_attr_current");
      }
    }
  });

  it("follows the settings: the lifetime in minutes, the consent rule; nothing runs when attribution is off", async () => {
    await updateSettings(shop.db, {
      orderAttribution: { enabled: true, lifetimeMonths: 1, consent: "required", cookieDomain: "", fieldPrefix: "cw_oa_", promoCode: true },
    });
    const configured = /data-config="([^"]*)"/.exec((await shop.app.inject("/shop")).body)?.[1]?.replaceAll("&quot;", '"');
    expect(JSON.parse(configured ?? "null")).toMatchObject({
      lifetimeMinutes: 43_200,
      consent: "required",
      fieldPrefix: "cw_oa_",
      promoCode: true,
    });

    await updateSettings(shop.db, {
      orderAttribution: { enabled: false, lifetimeMonths: 6, consent: "not-required", cookieDomain: "", fieldPrefix: "", promoCode: false },
    });
    const off = (await shop.app.inject("/shop")).body;
    expect(trackerOf(off)).toBeNull();
    expect(off).not.toContain("data-config=");
  });
});
