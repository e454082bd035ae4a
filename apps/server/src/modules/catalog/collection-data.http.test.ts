/**
 * GET /products/collection-data (decision 0091), on SQLite and PostgreSQL: the price range as the listing shows
 * prices (with tax when the shop says so), attribute counts with "or" and "and", rating and stock status counts,
 * each facet's own filter left out of its counts, every GET /products filter taken, and the refusals.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
const ids = { blue: 0, red: 0, s: 0, m: 0, l: 0 };
const attribute = { color: 0, size: 0 };

interface CollectionData {
  price_range: { min_price: string; max_price: string; currency_code: string; currency_minor_unit: number } | null;
  attribute_counts: { term: number; count: number }[] | null;
  rating_counts: { rating: number; count: number }[] | null;
  stock_status_counts: { status: string; count: number }[] | null;
}

async function data(query: string): Promise<CollectionData> {
  const response = await shop.app.inject(`/api/store/v1/products/collection-data?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}
const range = async (query: string) => {
  const found = (await data(`calculate_price_range=true&${query}`)).price_range;
  return [found?.min_price, found?.max_price];
};
/** The attribute counts as term slug → count. */
const termCounts = async (query: string) => {
  const names = new Map(Object.entries(ids).map(([slug, id]) => [id, slug]));
  const found = (await data(query)).attribute_counts ?? [];
  return Object.fromEntries(found.map((c) => [names.get(c.term), c.count]));
};
const stock = async (query: string) =>
  Object.fromEntries(
    ((await data(`calculate_stock_status_counts=true&${query}`)).stock_status_counts ?? []).map((c) => [c.status, c.count]),
  );

const red = "attributes[0][attribute]=pa_color&attributes[0][slug][]=red";
const countColor = (type?: string) =>
  `calculate_attribute_counts[0][taxonomy]=pa_color${type ? `&calculate_attribute_counts[0][query_type]=${type}` : ""}`;
const countSize = (type?: string) =>
  `calculate_attribute_counts[1][taxonomy]=size${type ? `&calculate_attribute_counts[1][query_type]=${type}` : ""}`;

const idOf = async (table: "attributes" | "attribute_terms" | "products", slug: string) =>
  Number((await shop.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  shop = await createTestShop();
  attribute.color = await idOf("attributes", "color");
  attribute.size = await idOf("attributes", "size");
  for (const slug of ["blue", "red", "s", "m", "l"] as const) ids[slug] = await idOf("attribute_terms", slug);
  // The Linen Shirt comes in Red, size M; the Canvas Tote Bag in Blue.
  const shirt = await idOf("products", "linen-shirt");
  const tote = await idOf("products", "canvas-tote-bag");
  await shop.db
    .insertInto("product_attributes")
    .values([
      { product_id: shirt, attribute_id: attribute.color, position: 0, used_for_variations: 0 },
      { product_id: shirt, attribute_id: attribute.size, position: 1, used_for_variations: 0 },
      { product_id: tote, attribute_id: attribute.color, position: 0, used_for_variations: 0 },
    ])
    .execute();
  await shop.db
    .insertInto("product_attribute_terms")
    .values([
      { product_id: shirt, term_id: ids.red },
      { product_id: shirt, term_id: ids.m },
      { product_id: tote, term_id: ids.blue },
    ])
    .execute();
});
afterAll(() => shop?.close());

describe("GET /products/collection-data", () => {
  it("answers null for every part not asked for", async () => {
    expect(await data("")).toEqual({ price_range: null, attribute_counts: null, rating_counts: null, stock_status_counts: null });
    expect(await data("calculate_price_range=false&calculate_rating_counts=false")).toMatchObject({
      price_range: null,
      rating_counts: null,
    });
  });

  it("gives the range of prices shoppers pay over the listed products, in minor units with the currency", async () => {
    const { price_range } = await data("calculate_price_range=true");
    // The $8.50 Enamel Pin Set to the $89.00 Denim Jacket; the hidden $99 Secret Item is not listed.
    expect(price_range).toMatchObject({ min_price: "850", max_price: "8900", currency_code: "USD", currency_minor_unit: 2 });
    expect(price_range).toHaveProperty("currency_symbol", "$");
    // Accessories: the $16 tote to the $42 wallet; on sale: the Beanie's $18 to the Hoodie's $45 variations.
    expect(await range("category=accessories")).toEqual(["1600", "4200"]);
    expect(await range("on_sale=true")).toEqual(["1800", "4500"]);
    // The Hoodie's variations each count: the Red/L sale price is the cheapest.
    expect(await range("search=hoodie")).toEqual(["3900", "4500"]);
    expect(await range("search=nothing-by-this-name")).toEqual(["", ""]);
  });

  it("shows the range with tax when the shop shows prices with tax, as the listing does", async () => {
    await updateSettings(shop.db, { displayShopPricesIncludingTax: true });
    try {
      const listing = (await shop.app.inject("/api/store/v1/products?category=accessories&per_page=100")).json() as StoreProduct[];
      const prices = listing.map((p) => Number(p.prices.price));
      // 16.00 + 7.25 % = 17.16; 42.00 + 3.045 = 45.05.
      expect(await range("category=accessories")).toEqual(["1716", "4505"]);
      expect(await range("category=accessories")).toEqual([String(Math.min(...prices)), String(Math.max(...prices))]);
    } finally {
      await updateSettings(shop.db, { displayShopPricesIncludingTax: false });
    }
    expect(await range("category=accessories")).toEqual(["1600", "4200"]);
  });

  it("counts an attribute's terms without its own filter (or, the default) or with it (and), under every other filter", async () => {
    // Blue: the Hoodie and the tote; Red: the Hoodie and the shirt.
    expect(await termCounts(countColor())).toEqual({ blue: 2, red: 2 });
    // With Red chosen, Color's own counts still say what choosing Blue instead would list.
    expect(await termCounts(`${red}&${countColor()}`)).toEqual({ blue: 2, red: 2 });
    expect(await termCounts(`${red}&${countColor("or")}`)).toEqual({ blue: 2, red: 2 });
    // "and": among the red products, which also offer Blue.
    expect(await termCounts(`${red}&${countColor("and")}`)).toEqual({ blue: 1, red: 2 });
    // Size under the Red filter: the Hoodie in S, M, L and the shirt in M.
    expect(await termCounts(`${red}&${countSize()}`)).toEqual({ s: 1, m: 2, l: 1 });
    // Under a category: of the accessories, only the tote offers a term.
    expect(await termCounts(`category=accessories&${countColor()}&${countSize()}`)).toEqual({ blue: 1 });
    const both = await data(`${red}&${countColor()}&${countSize()}`);
    expect(both.attribute_counts).toHaveLength(5);
    expect(both.attribute_counts?.[0]).toEqual({ term: ids.blue, count: 2 });
    // By id, and a term no listed product offers is left out.
    expect(await termCounts(`calculate_attribute_counts[0][taxonomy]=${attribute.size}&search=shirt`)).toEqual({ m: 1 });
  });

  it("counts products by rounded average rating, 1 to 5, leaving out products without one, under the filters", async () => {
    // Accessories: 4.4, 4.3, 4.5, 4.4, 4.1, 4.4 (4.5 rounds up).
    expect((await data("calculate_rating_counts=true&category=accessories")).rating_counts).toEqual([
      { rating: 4, count: 5 },
      { rating: 5, count: 1 },
    ]);
    // Art & Books: the Pre-order Poster has no rating yet.
    const art = (await data("calculate_rating_counts=true&category=art-books")).rating_counts ?? [];
    expect(art.reduce((sum, r) => sum + r.count, 0)).toBe(4);
    const all = (await data("calculate_rating_counts=true")).rating_counts ?? [];
    expect(all.map((r) => r.rating)).toEqual([4, 5]);
    expect(all.reduce((sum, r) => sum + r.count, 0)).toBe(23);
  });

  it("counts the three stock statuses without the stock status filter, and follows the shop hiding sold-out products", async () => {
    expect(await stock("")).toEqual({ instock: 22, outofstock: 1, onbackorder: 1 });
    // The stock filter of the listing is its own facet's: left out of the counts.
    expect(await stock("stock_status=instock")).toEqual({ instock: 22, outofstock: 1, onbackorder: 1 });
    expect(await stock("category=home-living")).toEqual({ instock: 5, outofstock: 1, onbackorder: 0 });
    expect((await data("calculate_stock_status_counts=true")).stock_status_counts?.map((c) => c.status)).toEqual([
      "instock",
      "outofstock",
      "onbackorder",
    ]);
    await updateSettings(shop.db, { hideOutOfStock: true });
    try {
      expect(await stock("")).toEqual({ instock: 22, outofstock: 0, onbackorder: 1 });
    } finally {
      await updateSettings(shop.db, { hideOutOfStock: false });
    }
  });

  it("takes GET /products' filters: search, category, tag, on_sale, stock_status, attributes and their relation", async () => {
    expect(await stock("tag=winter")).toEqual({ instock: 4, outofstock: 0, onbackorder: 0 });
    expect(await range("stock_status=onbackorder")).toEqual(["1500", "1500"]);
    const blueOrM = "attributes[0][attribute]=pa_color&attributes[0][slug]=blue&attributes[1][attribute]=pa_size&attributes[1][slug]=m";
    expect(await stock(blueOrM)).toEqual({ instock: 1, outofstock: 0, onbackorder: 0 });
    expect(await stock(`${blueOrM}&attribute_relation=or`)).toEqual({ instock: 3, outofstock: 0, onbackorder: 0 });
    // Paging and order do not change what is counted.
    expect(await stock("per_page=1&page=3&orderby=price")).toEqual(await stock(""));
  });

  it("follows a catalogue change at once", async () => {
    const pin = await idOf("products", "enamel-pin-set");
    await shop.db.updateTable("products").set({ regular_price: 500 }).where("id", "=", pin).execute();
    try {
      expect((await range(""))[0]).toBe("500");
    } finally {
      await shop.db.updateTable("products").set({ regular_price: 850 }).where("id", "=", pin).execute();
    }
    expect((await range(""))[0]).toBe("850");
  });

  it("refuses what it cannot read with 400, naming each field and why", async () => {
    const refused = async (query: string) => {
      const response = await shop.app.inject(`/api/store/v1/products/collection-data?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("rest_invalid_param");
      return response.json().data.params as Record<string, string>;
    };
    expect(await refused("calculate_attribute_counts[0][query_type]=or")).toEqual({
      "calculate_attribute_counts[0][taxonomy]":
        "calculate_attribute_counts[0][taxonomy] is missing: name the attribute by its slug (pa_color or color) or its id.",
    });
    expect(await refused("calculate_attribute_counts[0][taxonomy]=pa_color&calculate_attribute_counts[0][query_type]=xor")).toEqual({
      "calculate_attribute_counts[0][query_type]": "calculate_attribute_counts[0][query_type] must be one of or, and.",
    });
    expect(await refused("calculate_attribute_counts[2][taxonomy]=pa_material")).toEqual({
      "calculate_attribute_counts[2][taxonomy]": "The shop has no attribute 'pa_material'.",
    });
    expect(await refused("calculate_attribute_counts[0][taxonomy]=Pa%20Color")).toEqual({
      "calculate_attribute_counts[0][taxonomy]":
        "calculate_attribute_counts[0][taxonomy] must be an attribute's slug (pa_color or color) or its id.",
    });
    expect(await refused("calculate_attribute_counts=pa_color")).toEqual({
      calculate_attribute_counts:
        "calculate_attribute_counts is not an attribute count's field: use calculate_attribute_counts[N][taxonomy] and [query_type].",
    });
    expect(Object.keys(await refused("calculate_price_range=maybe"))).toEqual(["calculate_price_range"]);
    expect(Object.keys(await refused("calculate_stock_status_counts=2"))).toEqual(["calculate_stock_status_counts"]);
    // GET /products' own refusals hold here too.
    expect(await refused("attributes[0][attribute]=pa_color&attributes[0][operator]=or&attributes[0][slug]=red")).toEqual({
      "attributes[0][operator]": "attributes[0][operator] must be one of in, not_in, and.",
    });
    expect(Object.keys(await refused("stock_status=gone"))).toEqual(["stock_status"]);
  });
});
