/**
 * The "Filter by" area on collection pages (decision 0091), as the server renders it: counts restricted to the
 * collection's own products (its category, price range, own attribute filters, offset and last page), the address's
 * ?filter_… narrowing the collection and kept by its pages, active filters that take them away, and no area
 * for a collection its author marks not filterable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCollections from "../../../../../extensions/demo-collections/index.ts";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import type { Extension } from "../../extensions.ts";

let shop: TestShop;

const collections: Extension = {
  name: "filter-tests",
  productCollections: [
    { name: "t/product-collection/clothes", title: "Clothes", query: { taxQuery: { product_cat: ["clothing"] }, perPage: 2 } },
    {
      name: "t/product-collection/red-clothes",
      title: "Red clothes",
      query: { taxQuery: { product_cat: ["clothing"] }, cartwrightAttributes: [{ attribute: "color", slug: ["red"] }] },
    },
    { name: "t/product-collection/plain", title: "Plain", query: { taxQuery: { product_cat: ["clothing"] }, filterable: false } },
    {
      name: "t/product-collection/cut",
      title: "Cut",
      query: { taxQuery: { product_cat: ["clothing"] }, offset: 1, perPage: 2, pages: 1 },
    },
  ],
};

/** The product names a page lists, in order. */
const listed = (html: string) => [...html.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
const page = async (path: string) => {
  const response = await shop.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.body;
};
/** Each shown term's count in the filter area, as attribute-term → count, and whether it is ticked. */
const boxes = (html: string) =>
  Object.fromEntries(
    [
      ...html.matchAll(
        /<input type="checkbox" id="filter-([a-z]+)-([a-z]+)" name="filter_\1" value="\2"( checked)?><label[^>]*>[^<]*<span class="filters__count" aria-hidden="true"> \((\d+)\)/g,
      ),
    ].map((m) => [`${m[1]}-${m[2]}${m[3] ? " ✓" : ""}`, Number(m[4])]),
  );

beforeAll(async () => {
  shop = await createTestShop({ web: true, extensions: [demoCollections, collections] });
  const term = async (slug: string) =>
    Number(
      (await shop.db.selectFrom("attribute_terms").select(["id", "attribute_id"]).where("slug", "=", slug).executeTakeFirstOrThrow()).id,
    );
  const product = async (slug: string) =>
    Number((await shop.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
  const give = async (slug: string, terms: string[]) => {
    const id = await product(slug);
    for (const t of terms)
      await shop.db
        .insertInto("product_attribute_terms")
        .values({ product_id: id, term_id: await term(t) })
        .execute();
  };
  // Clothing: the Hoodie (Blue, Red; S, M, L), and these; the tote and wallet are accessories.
  await give("classic-t-shirt", ["red", "s"]);
  await give("linen-shirt", ["red", "m"]);
  await give("denim-jacket", ["blue", "l"]);
  await give("canvas-tote-bag", ["blue", "red"]);
  await give("leather-wallet", ["blue"]);
});
afterAll(() => shop?.close());

describe("a collection page's Filter by area", () => {
  it("counts the terms the collection's own products offer, not the shop's", async () => {
    const html = await page("/collection/clothes");
    expect(html).toContain('<form method="get" action="/collection/clothes" class="filters__form">');
    // Red is on four products in the shop, three of them clothes; the tote's Blue is not a clothes'.
    expect(boxes(html)).toEqual({ "color-blue": 2, "color-red": 3, "size-s": 2, "size-m": 2, "size-l": 2 });
    expect(html).not.toContain("active-filters");
  });

  it("narrows the collection to the chosen terms, counts the other attributes under them, and keeps them on its pages", async () => {
    const html = await page("/collection/clothes?filter_color=red");
    expect(listed(html)).toEqual(["Classic T-Shirt", "Hoodie"]);
    expect(html).toContain("Showing 1–2 of 3 products");
    // Color's own counts say what choosing each instead would list; Size's follow Red.
    expect(boxes(html)).toEqual({ "color-blue": 2, "color-red ✓": 3, "size-s": 2, "size-m": 2, "size-l": 1 });
    expect(html).toContain('href="/collection/clothes?filter_color=red&amp;page=2"');
    expect(listed(await page("/collection/clothes?filter_color=red&page=2"))).toEqual(["Linen Shirt"]);
    // The active filter's link takes it away, back to the whole collection.
    expect(html).toMatch(/<a class="active-filters__chip" href="\/collection\/clothes">/);
    expect(listed(await page("/collection/clothes?filter_color=red&filter_size=l"))).toEqual(["Hoodie"]);
    // A term of an attribute the shop lacks is dropped from the address's meaning.
    expect(listed(await page("/collection/clothes?filter_material=wool"))).toEqual(["Classic T-Shirt", "Denim Jacket"]);
  });

  it("keeps a collection's own attribute filters under the shopper's, and counts within them", async () => {
    const html = await page("/collection/red-clothes");
    expect(listed(html)).toEqual(["Classic T-Shirt", "Hoodie", "Linen Shirt"]);
    // Only the Hoodie of the red clothes also comes in Blue.
    expect(boxes(html)).toEqual({ "color-blue": 1, "color-red": 3, "size-s": 2, "size-m": 2, "size-l": 1 });
    // L: the Denim Jacket is L but not red, so only the Hoodie.
    expect(listed(await page("/collection/red-clothes?filter_size=l"))).toEqual(["Hoodie"]);
  });

  it("counts within a collection's price range at today's prices", async () => {
    // Accessories under $30: the tote in Blue and Red; the $42 wallet's Blue is not counted.
    const html = await page("/collection/small-accessories");
    expect(boxes(html)).toEqual({ "color-blue": 1, "color-red": 1 });
    expect(listed(await page("/collection/small-accessories?filter_color=blue"))).toEqual(["Canvas Tote Bag"]);
  });

  it("counts what choosing each term would list there: its offset and last page cut the chosen products", async () => {
    // By title: Classic T-Shirt (skipped), Denim Jacket, Hoodie (the one page), Linen Shirt, Socks 3-Pack (past it).
    const html = await page("/collection/cut");
    expect(listed(html)).toEqual(["Denim Jacket", "Hoodie"]);
    // Blue: Denim Jacket (skipped), Hoodie. Red: Classic T-Shirt (skipped), Hoodie, Linen Shirt. M: Hoodie (skipped), Linen Shirt.
    expect(boxes(html)).toEqual({ "color-blue": 1, "color-red": 2, "size-s": 1, "size-m": 1, "size-l": 1 });
    const red = await page("/collection/cut?filter_color=red");
    expect(listed(red)).toEqual(["Hoodie", "Linen Shirt"]);
    // Under Red: S lists the Hoodie (the T-shirt skipped), M the Linen Shirt, L nothing (the Hoodie skipped).
    expect(boxes(red)).toEqual({ "color-blue": 1, "color-red ✓": 2, "size-s": 1, "size-m": 1 });
    expect(listed(await page("/collection/cut?filter_color=red&filter_size=m"))).toEqual(["Linen Shirt"]);
    expect(listed(await page("/collection/cut?filter_color=blue"))).toEqual(["Hoodie"]);
  });

  it("shows no area, and reads no filter, for a collection marked not filterable", async () => {
    const html = await page("/collection/plain?filter_color=red");
    expect(html).not.toContain("filters__form");
    expect(listed(html)).toEqual(["Classic T-Shirt", "Denim Jacket", "Hoodie", "Linen Shirt", "Socks 3-Pack"]);
  });
});
