/**
 * Settings, pricing rules and the catalogue are cached per process; any write to them, made by
 * whatever means (here plain SQL, as another process or a console would), shows on the next request.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { StoreClient } from "../../../../test/store-client.ts";
import { getSettings } from "../modules/settings/index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const T_SHIRT = 1;

describe("revision-checked caches", () => {
  it("show a product price changed behind the server's back", async () => {
    const client = new StoreClient(shop.app);
    const before = await client.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    const price = Number(before.items[0].prices.price);
    await sql`update products set regular_price = regular_price + 100 where id = ${T_SHIRT}`.execute(shop.db);
    const after = await client.cart("GET", "/cart");
    expect(Number(after.items[0].prices.price)).toBe(price + 100);
    await sql`update products set regular_price = regular_price - 100 where id = ${T_SHIRT}`.execute(shop.db);
  });

  it("show a tax rate changed behind the server's back", async () => {
    const client = new StoreClient(shop.app);
    await client.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 });
    const address = { country: "US", state: "CA", postcode: "90001", city: "Los Angeles" };
    const before = await client.cart("POST", "/cart/update-customer", { shipping_address: address, billing_address: address });
    expect(Number(before.totals.total_tax)).toBeGreaterThan(0);
    await sql`update tax_rates set rate = '0.0000'`.execute(shop.db);
    const after = await client.cart("GET", "/cart");
    expect(Number(after.totals.total_tax)).toBe(0);
  });

  it("show a setting changed behind the server's back, and never hand out a value a caller could change", async () => {
    const before = await getSettings(shop.db);
    expect(() => {
      (before as { lowStockAmount: number }).lowStockAmount = 99;
    }).toThrow(TypeError);
    await sql`insert into settings (key, value) values ('lowStockAmount', '7')
              on conflict (key) do update set value = '7'`.execute(shop.db);
    expect((await getSettings(shop.db)).lowStockAmount).toBe(7);
  });

  it("forget what a rolled-back write showed", async () => {
    const client = new StoreClient(shop.app);
    const price = Number((await client.cart("POST", "/cart/add-item", { id: T_SHIRT, quantity: 1 })).items[0].prices.price);
    const { loadPurchasables } = await import("../modules/catalog/index.ts");
    await expect(
      shop.db.transaction().execute(async (trx) => {
        await sql`update products set regular_price = 1 where id = ${T_SHIRT}`.execute(trx);
        // Read (and cached) inside the transaction that is about to fail.
        expect((await loadPurchasables(trx, [T_SHIRT])).get(T_SHIRT)?.price).toBe(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(Number((await client.cart("GET", "/cart")).items[0].prices.price)).toBe(price);
  });
});
