/**
 * A partial change of a product (PATCH) is merged into the product as it is when written, not as
 * it was read a moment before: a price change must never write back a stock that an order or
 * another of the owner's changes moved meanwhile (found by the resilience suite's crash scenario
 * on PostgreSQL: a stock edit lost to a price edit at the same moment, issue 21).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedIn } from "../../../../../test/owner-client.ts";
import { productId, type StoreClient } from "../../../../../test/store-client.ts";
import { ensureOwner } from "../customers/index.ts";

const OWNER = { email: "owner@concurrent.test", password: "concurrent-owner-2026" };
const ROUNDS = 20;

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop();
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
  owner = await signedIn(shop.app, OWNER.email, OWNER.password);
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);

describe("a product's partial change at the same moment as other writes", () => {
  it("keeps every unit an order took while the owner changed the price", async () => {
    const before = await stockOf(tShirt);
    for (let round = 0; round < ROUNDS; round++) {
      const [patched] = await Promise.all([
        adminCall(owner, "PATCH", `/products/${tShirt}`, { regular_price: 2000 + round }),
        // What taking stock for an order does (orders.repo takeStock): one relative write.
        shop.db.updateTable("products").set({ stock_quantity: sql`stock_quantity - 1` }).where("id", "=", tShirt).execute(),
      ]);
      expect(patched.statusCode, patched.body).toBe(200);
    }
    expect(await stockOf(tShirt)).toBe(before - ROUNDS);
  });

  it("keeps the owner's stock change and price change sent at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await stockOf(tShirt);
      const [stock, price] = await Promise.all([
        adminCall(owner, "PATCH", `/products/${tShirt}`, { stock_quantity: before + 10 }),
        adminCall(owner, "PATCH", `/products/${tShirt}`, { regular_price: 3000 + round }),
      ]);
      expect([stock.statusCode, price.statusCode]).toEqual([200, 200]);
      expect(await stockOf(tShirt)).toBe(before + 10);
      expect((await adminCall(owner, "GET", `/products/${tShirt}`)).json().regular_price).toBe(3000 + round);
    }
  });
});
