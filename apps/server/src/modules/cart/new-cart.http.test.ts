/**
 * A cart's first write makes its row, and a row just made has no lines or coupons (their rows need it first, by
 * foreign key): the write reads none. Counted on SQLite, statement by statement (test/sqlite-statements.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../../test/app.ts";
import { sqliteStatementsDuring } from "../../../../../test/sqlite-statements.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
});
afterAll(() => shop.close());

const readsLines = (statements: string[]) =>
  statements.filter((text) => /^select .* from "cart_(items|coupons)" where "cart_id" = \?$/.test(text));

describe.skipIf(testDialect() !== "sqlite")("a cart's first write", () => {
  it("reads no lines or coupons when it makes the cart's row, and reads them on the next write", async () => {
    const beanie = await productId(shop.app, "beanie");
    const shopper = new StoreClient(shop.app);
    await shopper.get("/api/store/v1/cart");

    let added: { status: number; items: { quantity: number }[] } | undefined;
    const first = await sqliteStatementsDuring(shop.db, async () => {
      const reply = await shopper.post("/api/store/v1/cart/add-item", { id: beanie, quantity: 2 });
      added = { status: reply.statusCode, items: reply.json().items };
    });
    expect(added?.status).toBe(201);
    expect(added?.items.map((item) => item.quantity)).toEqual([2]);
    expect(first.some((text) => text.startsWith('insert into "carts"'))).toBe(true);
    expect(readsLines(first)).toEqual([]);

    // The row now stands: a second write finds it (its lines kept with the reply, or read), and adds to the line.
    const again = await shopper.post("/api/store/v1/cart/add-item", { id: beanie, quantity: 1 });
    expect(again.json().items.map((item: { quantity: number }) => item.quantity)).toEqual([3]);
  });
});
