/**
 * The product page's stock line (decision 0153), on the demo shop: a low quantity reads "Only 3 left in stock", any
 * other tracked quantity "12 in stock"; a product that tracks none reads "In stock"; backorders and sold-out products keep their own words. A variation's tracked quantity goes
 * to the page with its variation, for the line shown once a shopper picks it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { variationId } from "../../../../../test/store-client.ts";
import { getVariations } from "./index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop?.close());

async function stockLine(slug: string): Promise<string> {
  const response = await shop.app.inject(`/product/${slug}`);
  expect(response.statusCode).toBe(200);
  const lines = response.body.match(/<p class="stock stock--\w+">[^<]*<\/p>/g) ?? [];
  expect(lines).toHaveLength(1);
  return lines[0] ?? "";
}

describe("a product page's stock line", () => {
  it("shows a tracked quantity, and says when it is low", async () => {
    expect(await stockLine("classic-t-shirt")).toBe('<p class="stock stock--in">100 in stock</p>');
    // Low (at or under its threshold of 5): it says so, marked low.
    expect(await stockLine("limited-print")).toBe('<p class="stock stock--low">Only 3 left in stock</p>');
  });

  it("follows the quantity as it changes", async () => {
    await shop.db
      .updateTable("products")
      .set({ stock_quantity: 1, updated_at: new Date().toISOString() })
      .where("slug", "=", "limited-print")
      .execute();
    try {
      expect(await stockLine("limited-print")).toBe('<p class="stock stock--low">Only 1 left in stock</p>');
    } finally {
      await shop.db.updateTable("products").set({ stock_quantity: 3 }).where("slug", "=", "limited-print").execute();
    }
  });

  it('reads "In stock" for a product that tracks no quantity', async () => {
    expect(await stockLine("gift-card")).toBe('<p class="stock stock--in">In stock</p>');
  });

  it("keeps the backorder and sold-out words", async () => {
    expect(await stockLine("pre-order-poster")).toBe('<p class="stock stock--backorder">Available on backorder</p>');
    expect(await stockLine("discontinued-mug")).toBe('<p class="stock stock--out">Out of stock</p>');
  });
});

describe("a variation's quantity for its stock line", () => {
  it("is the quantity it tracks, else null", async () => {
    const redMedium = await variationId(shop.app, "hoodie", ["red", "m"]);
    const blueSmall = await variationId(shop.app, "hoodie", ["blue", "s"]);
    const hoodie = (await shop.db.selectFrom("products").select("parent_id").where("id", "=", redMedium).executeTakeFirstOrThrow())
      .parent_id as number;
    await shop.db
      .updateTable("products")
      .set({ manage_stock: 1, stock_quantity: 7, updated_at: new Date().toISOString() })
      .where("id", "=", redMedium)
      .execute();
    const quantities = new Map((await getVariations(testContext(shop), hoodie)).map((v) => [v.id, v.stock_quantity]));
    expect(quantities.get(redMedium)).toBe(7);
    // Blue/S tracks its stock (none left); the rest track none.
    expect(quantities.get(blueSmall)).toBe(0);
    expect([...quantities.values()].filter((q) => q === null)).toHaveLength(4);
  });
});
