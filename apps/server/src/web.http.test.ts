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
