/**
 * Settings, pricing rules and the catalogue are cached per process; any write to them, made by
 * whatever means (here plain SQL, as another process or a console would), shows on the next request.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { sqliteStatementsDuring } from "../../../../test/sqlite-statements.ts";
import { productId, StoreClient } from "../../../../test/store-client.ts";
import { getSettings } from "../modules/settings/index.ts";
import { sqliteHandleOf } from "./index.ts";
import { STOCK_COLUMNS } from "./migrations/051_stock_revision.ts";
import { revisionsOf } from "./revisions.ts";

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

  it("show a listing and category counts changed behind the server's back", async () => {
    const client = new StoreClient(shop.app);
    const names = async () => (await client.get("/products?per_page=100")).json().map((p: { name: string }) => p.name);
    const { listCategories } = await import("../modules/catalog/index.ts");
    const counts = async () => Object.fromEntries((await listCategories({ db: shop.db })).map((c) => [c.slug, c.count]));
    const listed = await names();
    const countsBefore = await counts();
    expect(listed).toContain("Beanie");
    await sql`update products set catalog_visibility = 'hidden' where slug = 'beanie'`.execute(shop.db);
    try {
      expect(await names()).not.toContain("Beanie");
      const countsAfter = await counts();
      expect(Object.values(countsAfter).reduce((a, b) => a + b, 0)).toBe(Object.values(countsBefore).reduce((a, b) => a + b, 0) - 1);
    } finally {
      await sql`update products set catalog_visibility = 'visible' where slug = 'beanie'`.execute(shop.db);
    }
    expect(await names()).toEqual(listed);
  });
});

const counters = async () =>
  Object.fromEntries(
    (await sql<{ name: string; value: string }>`select name, value from revisions`.execute(shop.db)).rows.map((r) => [
      r.name,
      String(r.value),
    ]),
  );

describe("the stock's own counter (decision 0130)", () => {
  it("moves for a stock figure alone; every other column of products moves the catalogue's", async () => {
    const columns = (await sql<{ name: string }>`select * from products where id = ${T_SHIRT}`.execute(shop.db)).rows[0] ?? {};
    const stock = new Set<string>(STOCK_COLUMNS);
    const moved: Record<string, string[]> = {};
    for (const column of Object.keys(columns)) {
      const before = await counters();
      // Set to itself: the triggers fire on the columns a statement sets, whatever their values.
      await sql`update products set ${sql.ref(column)} = ${sql.ref(column)} where id = ${T_SHIRT}`.execute(shop.db);
      const after = await counters();
      moved[column] = ["catalogue", "stock"].filter((name) => after[name] !== before[name]);
    }
    // A column added to products later and not watched (migration 051 `watchProductColumns`) would show here as [].
    for (const [column, names] of Object.entries(moved))
      expect([column, names]).toEqual([column, stock.has(column) ? ["stock"] : ["catalogue"]]);
    expect(Object.keys(moved)).toEqual(expect.arrayContaining([...STOCK_COLUMNS, "regular_price", "name"]));
  });

  it("an order's stock move shows in the cart, the listing and the product, while the cart's products stay cached", async () => {
    const print = await productId(shop.app, "limited-print");
    const shopper = new StoreClient(shop.app);
    const listed = async () =>
      (await shopper.get("/products?per_page=100")).json().find((p: { id: number }) => p.id === print) as { low_stock_remaining: number };
    expect((await shopper.cart("POST", "/cart/add-item", { id: print, quantity: 1 })).items[0]).toMatchObject({
      low_stock_remaining: 3,
      quantity_limits: { maximum: 3 },
    });
    expect((await listed()).low_stock_remaining).toBe(3);
    const before = await counters();
    // As an order taking two would (orders.repo.ts takeStockQuery), by hand: another process, or a console.
    await sql`update products set stock_quantity = stock_quantity - 2, updated_at = ${new Date().toISOString()} where id = ${print}`.execute(
      shop.db,
    );
    try {
      const after = await counters();
      expect([after.catalogue === before.catalogue, after.stock === before.stock]).toEqual([true, false]);
      // The cart's product is still held, with the stock it was loaded with: the cart reads the stock afresh.
      const { purchasablesCached } = await import("../modules/catalog/index.ts");
      const revisions = revisionsOf((await sql<{ name: string; value: number }>`select name, value from revisions`.execute(shop.db)).rows);
      expect(purchasablesCached([print], new Date()).peek(shop.db, revisions)?.get(print)?.row.stock_quantity).toBe(3);
      const cart = await shopper.cart("GET", "/cart");
      expect(cart.items[0]).toMatchObject({ quantity: 1, low_stock_remaining: 1, quantity_limits: { maximum: 1 } });
      const refused = await shopper.post("/cart/add-item", { id: print, quantity: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        "You cannot add that amount of “Limited Print” to the cart because there is not enough stock (1 remaining).",
      );
      expect((await listed()).low_stock_remaining).toBe(1);
      expect((await shop.app.inject(`/api/store/v1/products/${print}`)).json().low_stock_remaining).toBe(1);
    } finally {
      await sql`update products set stock_quantity = stock_quantity + 2 where id = ${print}`.execute(shop.db);
    }
    expect((await shopper.cart("GET", "/cart")).items[0].low_stock_remaining).toBe(3);
  });

  it("a stock move shows in the cart's cross-sells, their stock read once while their rows stay cached (decision 0131)", async () => {
    const [beanie, print] = [await productId(shop.app, "beanie"), await productId(shop.app, "limited-print")];
    await sql`insert into cross_sells (product_id, cross_sell_id, position) values (${beanie}, ${print}, 0)`.execute(shop.db);
    const shopper = new StoreClient(shop.app);
    type Shown = { cross_sells: { id: number; low_stock_remaining: number | null }[] };
    const printShown = (cart: Shown) => cart.cross_sells.find((product) => product.id === print)?.low_stock_remaining;
    try {
      const added = await shopper.cart("POST", "/cart/add-item", { id: beanie, quantity: 1 });
      expect(printShown(added)).toBe(3);
      await sql`update products set stock_quantity = stock_quantity - 2, updated_at = ${new Date().toISOString()} where id = ${print}`.execute(
        shop.db,
      );
      try {
        const stockRead = 'select "stock_quantity", "stock_status", "updated_at" from "products" where "id" = ?';
        let cart: Shown = { cross_sells: [] };
        const read = await sqliteStatementsDuring(shop.db, async () => {
          cart = await shopper.cart("GET", "/cart");
        });
        expect(printShown(cart)).toBe(1);
        const written = await sqliteStatementsDuring(shop.db, async () => {
          cart = await shopper.cart("POST", "/cart/update-item", { key: added.items[0].key, quantity: 2 });
        });
        expect(printShown(cart)).toBe(1);
        // SQLite shows what was read (PostgreSQL answers no statements): the cross-sells' rows stayed cached, and the
        // Beanie tracks no stock, so the one stock read is the print's, once for both calls.
        if (sqliteHandleOf(shop.db)) {
          expect([...read, ...written].filter((text) => text.includes('from "cross_sells"'))).toEqual([]);
          expect([read.filter((text) => text === stockRead).length, written.filter((text) => text === stockRead).length]).toEqual([1, 0]);
        }
      } finally {
        await sql`update products set stock_quantity = stock_quantity + 2 where id = ${print}`.execute(shop.db);
      }
      expect(printShown(await shopper.cart("GET", "/cart"))).toBe(3);
    } finally {
      await sql`delete from cross_sells where product_id = ${beanie}`.execute(shop.db);
    }
  });
});

describe("a keyed cache with a limit", () => {
  it("lets its least recently used entries go when full, and still answers every key", async () => {
    const { revisionMap } = await import("./revisions.ts");
    const loads: number[][] = [];
    const squares = revisionMap(
      "catalogue",
      async (_db, keys: number[]) => {
        loads.push(keys);
        return new Map(keys.map((k) => [k, k * k]));
      },
      2,
    );
    expect([...(await squares(shop.db, [1, 2]))]).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect([...(await squares(shop.db, [1]))]).toEqual([[1, 1]]);
    expect(loads).toEqual([[1, 2]]);
    // A third key does not fit: 2, used longest ago (1 was just read), goes; the new one is answered and held.
    expect([...(await squares(shop.db, [3]))]).toEqual([[3, 9]]);
    expect([...(await squares(shop.db, [3]))]).toEqual([[3, 9]]);
    expect([...(await squares(shop.db, [1]))]).toEqual([[1, 1]]);
    expect(loads).toEqual([[1, 2], [3]]);
    expect([...(await squares(shop.db, [2]))]).toEqual([[2, 4]]);
    expect(loads).toEqual([[1, 2], [3], [2]]);
  });
});
