/** Two server processes on one database: what one signs, the other verifies (no shared memory, no SECRET). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { buildApp } from "../app.ts";
import { loadSigningSecret } from "../db/index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const appOn = async () =>
  buildApp({
    config: { logLevel: "silent", production: false, rateLimit: true, secret: await loadSigningSecret(shop.db) },
    db: shop.db,
    logger: false,
  });

describe("the signing key kept in the database", () => {
  it("is created once and shared", async () => {
    const first = await loadSigningSecret(shop.db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadSigningSecret(shop.db)).toBe(first);
  });

  it("lets one process accept the nonce and cookie another process issued", async () => {
    const [a, b] = [await appOn(), await appOn()];
    try {
      const first = await a.inject("/api/store/v1/cart");
      const cookie = String(first.headers["set-cookie"]).split(";")[0] ?? "";
      const nonce = String(first.headers.nonce);
      const product = (await a.inject("/api/store/v1/products/beanie")).json();
      const added = await b.inject({
        method: "POST",
        url: "/api/store/v1/cart/add-item",
        headers: { cookie, nonce, "content-type": "application/json" },
        payload: JSON.stringify({ id: product.id }),
      });
      expect(added.statusCode).toBe(201);
      const token = String(added.headers["cart-token"]);
      const cart = (await a.inject({ url: "/api/store/v1/cart", headers: { "cart-token": token } })).json();
      expect(cart.items_count).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
