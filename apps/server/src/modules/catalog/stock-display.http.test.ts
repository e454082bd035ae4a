/**
 * The product page's stock line (decision 0153), on the demo shop: a low quantity reads "Only 3 left in stock", any
 * other tracked quantity "12 in stock"; a product that tracks none reads "In stock"; backorders and sold-out products keep their own words. A variation's tracked quantity goes
 * to the page with its variation, for the line shown once a shopper picks it. The owner's stock display format
 * (Settings → Stock) shows quantities always, only when low, or never, and a hidden quantity never reaches the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { fieldMessages, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import { type StoreClient, variationId } from "../../../../../test/store-client.ts";
import { getVariations } from "./index.ts";

let shop: TestShop;
let owner: StoreClient;
const { read, save, saved } = settingsGroups(() => owner);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false, web: true });
  owner = await signedInOwner(shop);
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

/** A quantity no other figure of the demo's pages has, so finding it in a page's HTML finds the quantity. */
const MARKED = 98_765;

/** The Hoodie's Red/M made to track `quantity`, low at `lowAt` and under, put back after. */
async function withTrackedRedMedium(quantity: number, lowAt: number, check: (redMedium: number, hoodie: number) => Promise<void>) {
  const redMedium = await variationId(shop.app, "hoodie", ["red", "m"]);
  const row = await shop.db.selectFrom("products").selectAll().where("id", "=", redMedium).executeTakeFirstOrThrow();
  await shop.db
    .updateTable("products")
    .set({ manage_stock: 1, stock_quantity: quantity, low_stock_amount: lowAt, updated_at: new Date().toISOString() })
    .where("id", "=", redMedium)
    .execute();
  try {
    await check(redMedium, row.parent_id as number);
  } finally {
    const { manage_stock, stock_quantity, low_stock_amount } = row;
    await shop.db
      .updateTable("products")
      .set({ manage_stock, stock_quantity, low_stock_amount, updated_at: new Date().toISOString() })
      .where("id", "=", redMedium)
      .execute();
  }
}

/** The Classic T-Shirt made to hold the marked quantity, put back after. */
async function withMarkedShirt(check: () => Promise<void>) {
  const set = (quantity: number) =>
    shop.db
      .updateTable("products")
      .set({ stock_quantity: quantity, updated_at: new Date().toISOString() })
      .where("slug", "=", "classic-t-shirt")
      .execute();
  await set(MARKED);
  try {
    await check();
  } finally {
    await set(100);
  }
}

async function withStockFormat(format: string, check: () => Promise<void>) {
  const before = await read("inventory");
  await saved("inventory", { ...before, stock_format: format });
  try {
    await check();
  } finally {
    await saved("inventory", before);
  }
}

/** The product page's HTML, its loader's data (the product, its quantity, its variations) embedded in it. */
const pageHtml = async (slug: string) => (await shop.app.inject(`/product/${slug}`)).body;
const redMediumOf = async (redMedium: number, hoodie: number) =>
  (await getVariations(testContext(shop), hoodie)).find((v) => v.id === redMedium);

describe("the stock display format", () => {
  it("is refused with a clear message when it is none of the three, and nothing is lost", async () => {
    const before = await read("inventory");
    const bad = await save("inventory", { ...before, stock_format: "sometimes" });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad).stock_format).toMatch(/always|when_low|never/);
    expect(await read("inventory")).toEqual(before);
  });

  it("is kept when a body leaves it out", async () => {
    const before = await read("inventory");
    await saved("inventory", { ...before, stock_format: "never" });
    const { stock_format: _left, ...without } = before;
    expect((await saved("inventory", without)).stock_format).toBe("never");
    await saved("inventory", before);
  });

  it("always (the default): a low quantity says so, any other shows its count, in the page and a picked variation's line", async () => {
    expect((await read("inventory")).stock_format).toBe("always");
    expect(await stockLine("classic-t-shirt")).toBe('<p class="stock stock--in">100 in stock</p>');
    expect(await stockLine("limited-print")).toBe('<p class="stock stock--low">Only 3 left in stock</p>');
    expect(await stockLine("gift-card")).toBe('<p class="stock stock--in">In stock</p>');
    await withMarkedShirt(async () => {
      expect(await pageHtml("classic-t-shirt")).toContain(String(MARKED));
    });
    await withTrackedRedMedium(MARKED, 5, async (redMedium, hoodie) => {
      expect(await redMediumOf(redMedium, hoodie)).toMatchObject({ stock_quantity: MARKED, low_stock_remaining: null });
      expect(await pageHtml("hoodie")).toContain(String(MARKED));
    });
  });

  it('only when low: "Only 3 left in stock", else "In stock", and no other count reaches the page', async () => {
    await withStockFormat("when_low", async () => {
      expect(await stockLine("classic-t-shirt")).toBe('<p class="stock stock--in">In stock</p>');
      expect(await stockLine("limited-print")).toBe('<p class="stock stock--low">Only 3 left in stock</p>');
      expect(await stockLine("gift-card")).toBe('<p class="stock stock--in">In stock</p>');
      await withMarkedShirt(async () => {
        expect(await pageHtml("classic-t-shirt")).not.toContain(String(MARKED));
      });
      // A picked variation's line: no count while it is not low, its low count once it is.
      await withTrackedRedMedium(MARKED, 5, async (redMedium, hoodie) => {
        expect(await redMediumOf(redMedium, hoodie)).toMatchObject({ stock_quantity: null, low_stock_remaining: null });
        expect(await pageHtml("hoodie")).not.toContain(String(MARKED));
      });
      await withTrackedRedMedium(MARKED, MARKED, async (redMedium, hoodie) => {
        expect(await redMediumOf(redMedium, hoodie)).toMatchObject({ stock_quantity: null, low_stock_remaining: MARKED });
      });
    });
  });

  it('never: "In stock" always, the backorder and sold-out words kept, and no quantity in the page or the Store API', async () => {
    await withStockFormat("never", async () => {
      expect(await stockLine("classic-t-shirt")).toBe('<p class="stock stock--in">In stock</p>');
      expect(await stockLine("limited-print")).toBe('<p class="stock stock--in">In stock</p>');
      expect(await stockLine("pre-order-poster")).toBe('<p class="stock stock--backorder">Available on backorder</p>');
      expect(await stockLine("discontinued-mug")).toBe('<p class="stock stock--out">Out of stock</p>');
      expect(await pageHtml("limited-print")).not.toContain("left in stock");
      expect((await shop.app.inject("/api/store/v1/products/limited-print")).json().low_stock_remaining).toBeNull();
      await withMarkedShirt(async () => {
        expect(await pageHtml("classic-t-shirt")).not.toContain(String(MARKED));
      });
      // A picked variation's line reads "In stock" even when low: neither count is in its data.
      await withTrackedRedMedium(MARKED, MARKED, async (redMedium, hoodie) => {
        expect(await redMediumOf(redMedium, hoodie)).toMatchObject({ stock_quantity: null, low_stock_remaining: null, is_in_stock: true });
        expect(await pageHtml("hoodie")).not.toContain(String(MARKED));
      });
    });
  });
});
