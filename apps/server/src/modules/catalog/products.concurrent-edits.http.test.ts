/**
 * A partial change of a product (PATCH) is merged into the product as it is when written, not as
 * it was read a moment before: a price change must never write back a stock that an order or
 * another of the owner's changes moved meanwhile (found by the resilience suite's crash scenario
 * on PostgreSQL: a stock edit lost to a price edit at the same moment, issue 21).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

const ROUNDS = 20;

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;

beforeAll(async () => {
  shop = await createTestShop();
  owner = await signedInOwner(shop);
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

type LoadedVariation = Record<string, unknown> & { id: number; stock_quantity: number | null };
type Loaded = Record<string, unknown> & { stock_quantity: number | null; variations: LoadedVariation[] };

/** What the console sends back on a save: the product as loaded, each quantity's loaded figure beside it. */
function asLoaded(product: Loaded): Loaded {
  const {
    id: _id,
    permalink: _p,
    images: _i,
    total_sales: _s,
    created_at: _c,
    updated_at: _u,
    currency_code: _cc,
    currency_minor_unit: _m,
    ...input
  } = product;
  return {
    ...input,
    stock_quantity: product.stock_quantity,
    original_stock_quantity: product.stock_quantity,
    variations: product.variations.map((v) => ({ ...v, original_stock_quantity: v.stock_quantity })),
  };
}

describe("a product saved from an editor opened before orders moved its stock (PUT)", () => {
  it("keeps the units orders took when the quantity is sent back as loaded", async () => {
    const loaded = asLoaded((await adminCall(owner, "GET", `/products/${tShirt}`)).json());
    const now = (loaded.stock_quantity as number) - 3;
    await shop.db.updateTable("products").set({ stock_quantity: now }).where("id", "=", tShirt).execute();
    const saved = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...loaded, regular_price: 2750 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ regular_price: 2750, stock_quantity: now });
    expect(await stockOf(tShirt)).toBe(now);
  });

  it("refuses a quantity changed after orders moved the stock, says the figure now, and takes the owner's figure on the next save", async () => {
    const product = (await adminCall(owner, "GET", `/products/${tShirt}`)).json();
    const loaded = asLoaded(product);
    const now = (loaded.stock_quantity as number) - 2;
    await shop.db.updateTable("products").set({ stock_quantity: now }).where("id", "=", tShirt).execute();
    const refused = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...loaded, stock_quantity: 40, regular_price: 2900 });
    expect(refused.statusCode).toBe(409);
    const message = `While this was open the stock changed from ${loaded.stock_quantity} to ${now}. Check the quantity and save again.`;
    expect(refused.json()).toMatchObject({
      code: "cw_rest_stock_changed",
      message,
      data: { status: 409, stock: { stock_quantity: now }, details: { stock_quantity: { code: "cw_rest_stock_changed", message } } },
    });
    // Nothing of the refused save was written.
    expect((await adminCall(owner, "GET", `/products/${tShirt}`)).json()).toMatchObject({
      regular_price: product.regular_price,
      stock_quantity: now,
    });
    const again = await adminCall(owner, "PUT", `/products/${tShirt}`, {
      ...loaded,
      original_stock_quantity: now,
      stock_quantity: 40,
      regular_price: 2900,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(tShirt)).toBe(40);
  });

  it("does the same for each variation, naming the variation's field", async () => {
    const hoodie = await productId(shop.app, "hoodie");
    const product = (await adminCall(owner, "GET", `/products/${hoodie}`)).json();
    // Stock managed on the first two variations, as the owner would set it.
    const managed = asLoaded({
      ...product,
      variations: product.variations.map((v: Record<string, unknown>, i: number) =>
        i < 2 ? { ...v, manage_stock: true, stock_quantity: 9 } : v,
      ),
    });
    const set = await adminCall(owner, "PUT", `/products/${hoodie}`, {
      ...managed,
      original_stock_quantity: undefined,
      variations: managed.variations.map((v) => ({ ...v, original_stock_quantity: undefined })),
    });
    expect(set.statusCode, set.body).toBe(200);
    const loaded = asLoaded(set.json());
    const [first, second] = loaded.variations;
    await shop.db.updateTable("products").set({ stock_quantity: 7 }).where("id", "in", [first!.id, second!.id]).execute();
    const variations = loaded.variations.map((v, i) => (i === 1 ? { ...v, stock_quantity: 20 } : v));
    const refused = await adminCall(owner, "PUT", `/products/${hoodie}`, { ...loaded, variations });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.stock).toEqual({ "variations[1].stock_quantity": 7 });
    expect(Object.keys(refused.json().data.details)).toEqual(["variations[1].stock_quantity"]);
    const kept = await adminCall(owner, "PUT", `/products/${hoodie}`, loaded);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      kept
        .json()
        .variations.slice(0, 2)
        .map((v: { stock_quantity: number }) => v.stock_quantity),
    ).toEqual([7, 7]);
  });

  it("takes a loaded quantity of null as none, not as 0, and refuses a wrong type beside its field", async () => {
    const loaded = asLoaded((await adminCall(owner, "GET", `/products/${tShirt}`)).json());
    const now = await stockOf(tShirt);
    const fromNone = await adminCall(owner, "PUT", `/products/${tShirt}`, {
      ...loaded,
      original_stock_quantity: null,
      stock_quantity: now + 1,
    });
    expect(fromNone.statusCode).toBe(409);
    expect(fromNone.json().message).toBe(`While this was open the stock changed from none to ${now}. Check the quantity and save again.`);
    for (const wrong of [1.5, { units: 3 }, "\u0000", 1e20]) {
      const refused = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...loaded, original_stock_quantity: wrong });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json().data.params).toHaveProperty("original_stock_quantity");
    }
    expect(await stockOf(tShirt)).toBe(now);
  });

  it("writes the quantity as given when the client does not say what it loaded", async () => {
    const { original_stock_quantity: _o, ...loaded } = asLoaded((await adminCall(owner, "GET", `/products/${tShirt}`)).json());
    await shop.db.updateTable("products").set({ stock_quantity: 5 }).where("id", "=", tShirt).execute();
    const saved = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...loaded, stock_quantity: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(tShirt)).toBe(12);
  });
});

describe("two editors of one product (decision 0158)", () => {
  const load = async () => asLoaded((await adminCall(owner, "GET", `/products/${tShirt}`)).json());

  it("refuses a save made on a stale copy, keeping the other editor's change, and takes it once reloaded", async () => {
    const first = await load();
    const second = await load();
    const renamed = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...first, name: "Classic Tee" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().version).not.toBe(first.version);

    const stale = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...second, short_description: "<p>Soft.</p>" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "cw_rest_product_changed",
      message: "This product was changed by someone else since you opened it: reload it to see their change, then make yours again.",
      data: { version: renamed.json().version },
    });
    const stored = await load();
    expect(stored).toMatchObject({ name: "Classic Tee", short_description: second.short_description });

    const again = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...stored, short_description: "<p>Soft.</p>" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: "Classic Tee", short_description: "<p>Soft.</p>" });
  });

  it("refuses a PATCH on a stale version too; without a version a PATCH is made as sent", async () => {
    const { version } = await load();
    expect((await adminCall(owner, "PATCH", `/products/${tShirt}`, { menu_order: 7 })).statusCode).toBe(200);
    const stale = await adminCall(owner, "PATCH", `/products/${tShirt}`, { regular_price: 1234, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("cw_rest_product_changed");
    const stored = await load();
    expect(stored.regular_price).not.toBe(1234);
    const patched = await adminCall(owner, "PATCH", `/products/${tShirt}`, { regular_price: 1234, version: stored.version });
    expect(patched.json()).toMatchObject({ regular_price: 1234, menu_order: 7 });
  });

  it("leaves the version as it is when an order takes stock, so the editor opened before the sale still saves", async () => {
    const opened = await load();
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("sale@concurrent.test"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    const after = await load();
    expect(after.stock_quantity).toBe((opened.stock_quantity as number) - 2);
    expect(after.version).toBe(opened.version);
    const saved = await adminCall(owner, "PUT", `/products/${tShirt}`, { ...opened, regular_price: 2600 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ regular_price: 2600, stock_quantity: after.stock_quantity });
  });
});
