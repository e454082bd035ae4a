/**
 * "Only N left" (decision 0099) on SQLite and PostgreSQL: the Store API's `low_stock_remaining` of a
 * variation, asked for as a product and in the cart, judges it by the threshold the owner's low-stock
 * notice uses: the variation's own amount, else its product's, else the shop's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { StoreClient, variationId } from "../../../../../test/store-client.ts";

let shop: TestShop;
let hoodie: number;
let redMedium: number;
beforeAll(async () => {
  shop = await createTestShop();
  redMedium = await variationId(shop.app, "hoodie", ["red", "m"]);
  hoodie = (await shop.db.selectFrom("products").select("parent_id").where("id", "=", redMedium).executeTakeFirstOrThrow())
    .parent_id as number;
});
afterAll(() => shop?.close());

/** The product's and the variation's low amounts, the variation's stock counted at `quantity`. */
async function stock(quantity: number, amounts: { product: number | null; variation: number | null }) {
  await shop.db.updateTable("products").set({ low_stock_amount: amounts.product }).where("id", "=", hoodie).execute();
  await shop.db
    .updateTable("products")
    .set({ manage_stock: 1, stock_quantity: quantity, stock_status: "instock", low_stock_amount: amounts.variation })
    .where("id", "=", redMedium)
    .execute();
}

const shownLeft = async () => (await shop.app.inject(`/api/store/v1/products/${redMedium}`)).json().low_stock_remaining;
async function cartLeft() {
  const shopper = new StoreClient(shop.app);
  const cart = await shopper.cart("POST", "/cart/add-item", { id: redMedium, quantity: 1 });
  return cart.items[0].low_stock_remaining;
}

describe("a variation's low stock as shoppers see it", () => {
  it("falls back on its product's amount when it has none (the shop's is 2)", async () => {
    await stock(5, { product: 6, variation: null });
    expect(await shownLeft()).toBe(5);
    expect(await cartLeft()).toBe(5);
  });

  it("takes its own amount first", async () => {
    await stock(5, { product: 6, variation: 3 });
    expect(await shownLeft()).toBeNull();
    expect(await cartLeft()).toBeNull();
    await stock(3, { product: 6, variation: 3 });
    expect(await shownLeft()).toBe(3);
    expect(await cartLeft()).toBe(3);
  });

  it("takes the shop's when neither has one", async () => {
    await stock(5, { product: null, variation: null });
    expect(await shownLeft()).toBeNull();
    expect(await cartLeft()).toBeNull();
    await stock(2, { product: null, variation: null });
    expect(await shownLeft()).toBe(2);
    expect(await cartLeft()).toBe(2);
  });
});
