/**
 * A variable product's stock as shoppers see it (decision 0148), on SQLite and PostgreSQL: from its variations that
 * have a price, so one with no priced variation is out of stock everywhere its stock shows: the Store API product, the
 * listing's stock filter, collection data's counts, the shop hiding sold-out products, related products and the page;
 * and its prices and attribute terms are those of its priced variations alone, for the price and attribute filters,
 * collection data and the shop's "Filter by" area.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
let color: { id: number; blue: number; red: number };
let parka: { id: number; variations: { id: number }[] } & Record<string, unknown>;

const call = (method: "POST" | "PUT" | "GET", path: string, body?: unknown) => adminCall(owner, method, path, body);

const product = async (slug: string) => (await shop.app.inject(`/api/store/v1/products/${slug}`)).json() as StoreProduct;

async function listed(query: string): Promise<string[]> {
  const response = await shop.app.inject(`/api/store/v1/products?per_page=100&${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return (response.json() as StoreProduct[]).map((p) => p.slug);
}

async function stockCounts(query: string) {
  const response = await shop.app.inject(`/api/store/v1/products/collection-data?calculate_stock_status_counts=true&${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return Object.fromEntries((response.json().stock_status_counts as { status: string; count: number }[]).map((c) => [c.status, c.count]));
}

/** The parka's row in the owner's product list, with the list's stock filter set as given. */
async function consoleRow(stockFilter = "") {
  const response = await call("GET", `/products?search=parka${stockFilter ? `&stock_status=${stockFilter}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  const row = response.json().products.find((p: { slug: string }) => p.slug === "unpriced-parka");
  return row && { stock_status: row.stock_status, variations: row.variations, priced_variations: row.priced_variations };
}

/** How many clothes offer Blue and Red, as collection data counts them for the filter blocks. */
async function colorCounts() {
  const response = await shop.app.inject(
    "/api/store/v1/products/collection-data?category=clothing&calculate_attribute_counts[0][taxonomy]=pa_color",
  );
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const counts = new Map((response.json().attribute_counts as { term: number; count: number }[]).map((c) => [c.term, c.count]));
  return { blue: counts.get(color.blue) ?? 0, red: counts.get(color.red) ?? 0 };
}

/** The clothes a colour lists through the Store API's attribute filter. */
const inColor = (slug: "blue" | "red") => listed(`category=clothing&attributes[0][attribute]=pa_color&attributes[0][slug]=${slug}`);

/** The Color terms the shop's "Filter by" area offers on the clothing page, with their counts. */
async function colorFilterArea(): Promise<Record<string, number>> {
  const html = (await shop.app.inject("/product-category/clothing")).body;
  const found = html.matchAll(
    /id="filter-color-([a-z]+)"[^>]*><label[^>]*>[^<]*<span class="filters__count" aria-hidden="true"> \((\d+)\)/g,
  );
  return Object.fromEntries([...found].map((m) => [m[1], Number(m[2])]));
}

/** The parka written whole again with these variations' prices and stock (the owner's editor saves it so). */
async function saveVariations(changes: { regular_price: number | null; stock_status: string }[]) {
  const { id, permalink, images, total_sales, created_at, updated_at, currency_code, currency_minor_unit, ...input } = parka;
  const variations = (parka.variations as Record<string, unknown>[]).map((v, i) => {
    const { permalink: _p, images: _i, total_sales: _t, created_at: _c, updated_at: _u, ...own } = v;
    return { ...own, ...changes[i] };
  });
  const response = await call("PUT", `/products/${id}`, { ...input, variations });
  expect(response.statusCode, response.body).toBe(200);
  parka = response.json();
}

async function hideOutOfStock(hide: boolean) {
  const current = (await call("GET", "/settings/inventory")).json();
  expect((await call("PUT", "/settings/inventory", { ...current, hide_out_of_stock: hide })).statusCode).toBe(200);
}

beforeAll(async () => {
  shop = await createTestShop({ web: true, rateLimit: false });
  owner = await signedInOwner(shop);
  const term = async (slug: string) =>
    Number((await shop.db.selectFrom("attribute_terms").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
  const attribute = Number((await shop.db.selectFrom("attributes").select("id").where("slug", "=", "color").executeTakeFirstOrThrow()).id);
  color = { id: attribute, blue: await term("blue"), red: await term("red") };
  const clothing = Number(
    (await shop.db.selectFrom("categories").select("id").where("slug", "=", "clothing").executeTakeFirstOrThrow()).id,
  );
  // Two variations, neither priced: the owner saved the product before setting its prices.
  const created = await call("POST", "/products", {
    name: "Unpriced Parka",
    type: "variable",
    category_ids: [clothing],
    attributes: [{ attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true }],
    variations: [
      { attributes: [{ attribute_id: color.id, term_id: color.blue }] },
      { attributes: [{ attribute_id: color.id, term_id: color.red }] },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  parka = created.json();
});
afterAll(() => shop?.close());

describe("a variable product none of whose variations has a price", () => {
  it("is out of stock and not purchasable in the Store API, its button leading to the page", async () => {
    expect(await product("unpriced-parka")).toMatchObject({
      is_purchasable: false,
      is_in_stock: false,
      is_on_backorder: false,
      prices: { price: "" },
      add_to_cart: { text: "Read more", description: "Read more about “Unpriced Parka”", url: "/product/unpriced-parka" },
    });
  });

  it("is listed, filtered and counted as out of stock", async () => {
    expect(await listed("category=clothing&stock_status=instock")).not.toContain("unpriced-parka");
    expect(await listed("category=clothing&stock_status=outofstock")).toEqual(["unpriced-parka"]);
    expect(await stockCounts("category=clothing")).toEqual({ instock: 5, outofstock: 1, onbackorder: 0 });
  });

  it("matches no price filter and adds nothing to collection data's price range", async () => {
    expect(await listed("category=clothing&min_price=0")).not.toContain("unpriced-parka");
    expect(await listed("category=clothing&max_price=2147483647")).not.toContain("unpriced-parka");
    const range = (await shop.app.inject("/api/store/v1/products/collection-data?calculate_price_range=true&slug=unpriced-parka")).json();
    expect([range.price_range.min_price, range.price_range.max_price]).toEqual(["", ""]);
  });

  it("offers neither of its colours to the attribute filter, collection data's counts or the filter area", async () => {
    const before = await colorCounts();
    expect(await inColor("blue")).not.toContain("unpriced-parka");
    expect(await inColor("red")).not.toContain("unpriced-parka");
    // Blue and Red count the demo's hoodie alone among the clothes: not the parka.
    expect(before).toEqual({ blue: 1, red: 1 });
    expect(await colorFilterArea()).toEqual({ blue: 1, red: 1 });
  });

  it("is left out where the shop hides sold-out products: the listing, the category's count, related products", async () => {
    await hideOutOfStock(true);
    try {
      expect(await listed("category=clothing")).not.toContain("unpriced-parka");
      const categories = (await shop.app.inject("/api/store/v1/products/categories")).json() as { slug: string; count: number }[];
      expect(categories.find((c) => c.slug === "clothing")?.count).toBe(5);
      const page = (await shop.app.inject("/product/linen-shirt")).body;
      expect(page).not.toContain("Unpriced Parka");
    } finally {
      await hideOutOfStock(false);
    }
  });

  it("is out of stock in the owner's product list too, found by its stock filter, its variations counted as unpriced", async () => {
    // Its own stored column says in stock (the default it was saved with); the list shows what the shop shows.
    const stored = await shop.db.selectFrom("products").select("stock_status").where("id", "=", parka.id).executeTakeFirstOrThrow();
    expect(stored.stock_status).toBe("instock");
    expect(await consoleRow()).toEqual({ stock_status: "outofstock", variations: 2, priced_variations: 0 });
    expect(await consoleRow("outofstock")).toEqual({ stock_status: "outofstock", variations: 2, priced_variations: 0 });
    expect(await consoleRow("instock")).toBeUndefined();
  });

  it("shows Out of stock on its page, with an Add to cart that cannot be pressed", async () => {
    const page = (await shop.app.inject("/product/unpriced-parka")).body;
    expect(page).toContain('<p class="stock stock--out">Out of stock</p>');
    expect(page).not.toContain("In stock");
    const button = /<button[^>]*single_add_to_cart_button[^>]*>/.exec(page)?.[0];
    expect(button).toContain('disabled=""');
  });
});

describe("a variable product's stock follows its priced variations", () => {
  it("is in stock once a variation in stock has a price, and out of stock when only unpriced ones are left in stock", async () => {
    await saveVariations([
      { regular_price: 9000, stock_status: "instock" },
      { regular_price: null, stock_status: "instock" },
    ]);
    expect(await product("unpriced-parka")).toMatchObject({
      is_purchasable: true,
      is_in_stock: true,
      add_to_cart: { text: "Select options" },
    });
    expect(await listed("category=clothing&stock_status=instock")).toContain("unpriced-parka");
    expect(await stockCounts("category=clothing")).toEqual({ instock: 6, outofstock: 0, onbackorder: 0 });
    expect(await consoleRow("instock")).toEqual({ stock_status: "instock", variations: 2, priced_variations: 1 });
    // Blue is priced, Red is not: it is listed and counted under Blue alone.
    expect(await inColor("blue")).toContain("unpriced-parka");
    expect(await inColor("red")).not.toContain("unpriced-parka");
    expect(await colorCounts()).toEqual({ blue: 2, red: 1 });
    expect(await colorFilterArea()).toEqual({ blue: 2, red: 1 });
    // Its price filters read the priced variation alone.
    expect(await listed("category=clothing&min_price=9000")).toEqual(["unpriced-parka"]);
    expect(await listed("category=clothing&max_price=8999")).not.toContain("unpriced-parka");

    // The priced one sold out; the one in stock has no price, so nothing can be bought.
    await saveVariations([
      { regular_price: 9000, stock_status: "outofstock" },
      { regular_price: null, stock_status: "instock" },
    ]);
    expect(await product("unpriced-parka")).toMatchObject({ is_purchasable: true, is_in_stock: false });
    expect(await listed("category=clothing&stock_status=outofstock")).toEqual(["unpriced-parka"]);

    // On backorder when the priced one takes backorders.
    await saveVariations([
      { regular_price: 9000, stock_status: "onbackorder" },
      { regular_price: null, stock_status: "instock" },
    ]);
    expect(await product("unpriced-parka")).toMatchObject({ is_in_stock: true, is_on_backorder: true });
    expect(await consoleRow("onbackorder")).toEqual({ stock_status: "onbackorder", variations: 2, priced_variations: 1 });
    expect(await stockCounts("category=clothing")).toEqual({ instock: 5, outofstock: 0, onbackorder: 1 });
  });

  it("leaves the demo's hoodie in stock: one of its six variations is sold out, the others are priced and in stock", async () => {
    expect(await product("hoodie")).toMatchObject({ is_in_stock: true, is_purchasable: true, add_to_cart: { text: "Select options" } });
    expect(await listed("stock_status=instock&type=variable")).toEqual(["hoodie"]);
  });
});
