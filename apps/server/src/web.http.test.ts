import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

describe("storefront pages", () => {
  it("carry a content security policy whose nonce is on every inline script, fresh per page", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await shop.app.inject("/shop");
      expect(response.statusCode).toBe(200);
      const policy = String(response.headers["content-security-policy"]);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
      const inlineScripts = [...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("/shop?tag=", () => {
  it("answers 404 for a tag no product tag has, and names a tag without products by its own name", async () => {
    expect((await shop.app.inject("/shop?tag=no-such-tag")).statusCode).toBe(404);
    await shop.db.insertInto("tags").values({ name: "Gift ideas", slug: "gift-ideas" }).execute();
    const empty = await shop.app.inject("/shop?tag=gift-ideas");
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain("Products tagged “Gift ideas”");
  });
});

describe("a rendered page", () => {
  it("leaves no timer behind once it is sent, so nothing holds the request after it (issue 14, item 10)", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    await shop.app.inject("/shop");
    const before = timers();
    for (let i = 0; i < 5; i++) expect((await shop.app.inject(`/shop?q=${i}`)).statusCode).toBe(200);
    // The render's abort timer used to stay for six seconds per page, holding the request, its reply and the page's services.
    expect(timers()).toBeLessThan(before + 5);
  });
});

describe("the coming-soon banner", () => {
  it("shows while the setting is on, until this visitor dismisses it", async () => {
    const { updateSettings } = await import("./modules/settings/index.ts");
    await updateSettings(shop.db, { comingSoon: { enabled: true, text: "Opening on Monday." } });
    try {
      const first = await shop.app.inject("/shop");
      expect(first.body).toContain("Opening on Monday.");
      expect(first.body).toContain('aria-label="Dismiss the coming-soon banner"');
      const cookie = String(first.headers["set-cookie"]).split(";")[0] as string;
      const nonce = String(first.headers.nonce);

      const dismissed = await shop.app.inject({
        method: "POST",
        url: "/api/store/v1/visitor/meta",
        headers: { cookie, nonce, "content-type": "application/json" },
        payload: { meta: { coming_soon_banner_dismissed: "yes" } },
      });
      expect(dismissed.statusCode).toBe(200);
      expect((await shop.app.inject({ url: "/shop", headers: { cookie } })).body).not.toContain("Opening on Monday.");
      // Another visitor still sees it.
      expect((await shop.app.inject("/shop")).body).toContain("Opening on Monday.");
    } finally {
      await updateSettings(shop.db, { comingSoon: { enabled: false, text: "" } });
    }
    expect((await shop.app.inject("/shop")).body).not.toContain("coming-soon-banner");
  });
});

describe("a client navigation's redirects (the .data requests of React Router)", () => {
  it("name the page, not its data: a listing's add-to-cart link and WooCommerce's old account addresses", async () => {
    const added = await shop.app.inject("/shop.data?add-to-cart=1&_routes=routes%2Fshop");
    expect(added.statusCode).toBe(202);
    expect(added.body).toContain('"/shop?added=1"');
    expect(added.body).not.toContain(".data");
    const moved = await shop.app.inject("/my-account/view-order/7.data");
    expect(moved.statusCode).toBe(202);
    expect(moved.body).toContain('"/my-account/orders/7"');
    // The same addresses as documents: a permanent redirect.
    const document = await shop.app.inject("/my-account/view-order/7/");
    expect(document.statusCode).toBe(301);
    expect(document.headers.location).toBe("/my-account/orders/7");
  });
});
