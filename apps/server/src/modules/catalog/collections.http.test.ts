/** Product collections (decision 0087): registration through extensions, and each collection's page on the demo catalogue. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCollections from "../../../../../extensions/demo-collections/index.ts";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId } from "../../../../../test/store-client.ts";
import { type Extension, registerExtensions } from "../../extensions.ts";
import { findProductCollection } from "./index.ts";

let shop: TestShop;
let beanie: number;
let tote: number;
const tests: Extension = { name: "collection-tests", productCollections: [] };

beforeAll(async () => {
  shop = await createTestShop({ web: true, extensions: [demoCollections, tests] });
  beanie = await productId(shop.app, "beanie");
  tote = await productId(shop.app, "canvas-tote-bag");
});
afterAll(() => shop?.close());

/** The product names a page lists, in order. */
const listed = (html: string) => [...html.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

/** Registers collections for one test; the answer takes them back. */
const withCollections = (collections: Extension["productCollections"]) =>
  registerExtensions([{ name: "collection-test", productCollections: collections }], () => {});

describe("the demo collection's page", () => {
  it("lists accessories under $30 by price, three a page, under the collection's title and description", async () => {
    const first = await shop.app.inject("/collection/small-accessories");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("<h1>Accessories under $30</h1>");
    expect(first.body).toContain("Small things that finish an outfit, each under $30 at today&#x27;s price.");
    expect(first.body).toContain("<title>Accessories under $30 – ");
    // The Beanie's $18 sale price counts; the $42 Leather Wallet and the $39.99 Yoga Mat are over.
    expect(listed(first.body)).toEqual(["Canvas Tote Bag", "Beanie", "Baseball Cap"]);
    expect(first.body).toContain("Showing 1–3 of 4 products");
    expect(first.body).toContain('href="/collection/small-accessories?page=2"');
    const second = await shop.app.inject("/collection/small-accessories?page=2");
    expect(listed(second.body)).toEqual(["Wool Scarf"]);
    expect((await shop.app.inject("/collection/small-accessories?page=3")).statusCode).toBe(404);
  });

  it("takes none of the shop listing's sort or filters from the address", async () => {
    const response = await shop.app.inject("/collection/small-accessories?orderby=price-desc&tag=winter&s=cap");
    expect(listed(response.body)).toEqual(["Canvas Tote Bag", "Beanie", "Baseball Cap"]);
  });

  it("adds to the cart from a card's link without JavaScript, and comes back to the same page saying so", async () => {
    const added = await shop.app.inject(`/collection/small-accessories?page=2&add-to-cart=${beanie}`);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/collection/small-accessories?page=2&added=${beanie}`);
    const cookie = String(added.headers["set-cookie"]).split(";")[0] as string;
    const back = await shop.app.inject({ url: String(added.headers.location), headers: { cookie } });
    expect(back.body).toContain("“Beanie” was added to your cart.");
    expect(listed(back.body)).toEqual(["Wool Scarf"]);
  });

  it("answers 404 for a collection nobody registered", async () => {
    expect((await shop.app.inject("/collection/no-such-thing")).statusCode).toBe(404);
  });
});

describe("a collection's query on the catalogue", () => {
  it("hand-picks, excludes, skips an offset and stops at its last page", async () => {
    const undo = withCollections([
      {
        name: "t/product-collection/picked",
        title: "Picked",
        query: { cartwrightHandPickedProducts: [beanie, tote, await productId(shop.app, "hoodie")], exclude: [tote] },
      },
      {
        name: "t/product-collection/paged",
        title: "Paged",
        query: { perPage: 2, pages: 2, offset: 1, taxQuery: { product_cat: ["accessories"] } },
      },
    ]);
    try {
      expect(listed((await shop.app.inject("/collection/picked")).body)).toEqual(["Beanie", "Hoodie"]);
      // Accessories by title: Baseball Cap (skipped), Beanie, Canvas Tote Bag, Leather Wallet, Wool Scarf, Yoga Mat.
      const paged = await shop.app.inject("/collection/paged?page=2");
      expect(listed(paged.body)).toEqual(["Leather Wallet", "Wool Scarf"]);
      expect(paged.body).toContain("Showing 3–4 of 4 products");
      expect(paged.body).not.toContain('href="/collection/paged?page=3"');
      expect((await shop.app.inject("/collection/paged?page=3")).statusCode).toBe(404);
    } finally {
      undo();
    }
  });

  it("filters on featured, on sale, stock status and when products were added", async () => {
    const undo = withCollections([
      { name: "t/product-collection/featured", title: "Featured", query: { featured: true } },
      { name: "t/product-collection/sale", title: "Sale", query: { cartwrightOnSale: true } },
      { name: "t/product-collection/gone", title: "Gone", query: { cartwrightStockStatus: ["outofstock"] } },
      { name: "t/product-collection/new", title: "New", query: { timeFrame: { operator: "in", days: 7 } } },
      { name: "t/product-collection/old", title: "Old", query: { timeFrame: { operator: "not-in", days: 7 } } },
    ]);
    try {
      // No demo product is featured.
      expect((await shop.app.inject("/collection/featured")).body).toContain("No products were found matching your selection.");
      expect(listed((await shop.app.inject("/collection/sale")).body)).toEqual(["Beanie", "Hoodie", "Wool Scarf"]);
      expect(listed((await shop.app.inject("/collection/gone")).body)).toEqual(["Discontinued Mug"]);
      // The demo seeds its products a day apart, the last one a day ago: six within the week. The seventh,
      // the Throw Blanket, is seeded exactly a week back, where the hour the frame counts from would decide: a day further.
      const blanket = await shop.db
        .selectFrom("products")
        .select("created_at")
        .where("slug", "=", "throw-blanket")
        .executeTakeFirstOrThrow();
      const earlier = new Date(Date.parse(blanket.created_at) - 86_400_000).toISOString();
      await shop.db.updateTable("products").set({ created_at: earlier }).where("slug", "=", "throw-blanket").execute();
      const recent = ["Coffee Tumbler", "Enamel Pin Set", "Notebook Set", "Sketchbook", "Terracotta Plant Pot", "Yoga Mat"];
      expect(listed((await shop.app.inject("/collection/new")).body)).toEqual(recent);
      const old = await shop.app.inject("/collection/old");
      // The other nineteen, but for the hidden Secret Item.
      expect(old.body).toContain("Showing 1–9 of 18 products");
      expect(listed(old.body).filter((name) => recent.includes(name as string))).toEqual([]);
    } finally {
      undo();
    }
  });
});

describe("a collection's attribute queries", () => {
  it("lists products offering the terms (in, and), leaves them out (not_in), and matches nothing for an attribute the shop lacks", async () => {
    const undo = withCollections([
      { name: "t/product-collection/red", title: "Red", query: { cartwrightAttributes: [{ attribute: "pa_color", slug: ["red"] }] } },
      {
        name: "t/product-collection/red-s-and-l",
        title: "Red in S and L",
        query: {
          cartwrightAttributes: [
            { attribute: "color", operator: "in", slug: ["red"] },
            { attribute: "size", operator: "and", slug: ["s", "l"] },
          ],
        },
      },
      {
        name: "t/product-collection/plain-clothing",
        title: "Plain clothing",
        query: {
          taxQuery: { product_cat: ["clothing"] },
          cartwrightAttributes: [{ attribute: "pa_color", operator: "not_in", slug: ["red", "blue"] }],
        },
      },
      { name: "t/product-collection/wool", title: "Wool", query: { cartwrightAttributes: [{ attribute: "material", slug: ["wool"] }] } },
    ]);
    try {
      expect(listed((await shop.app.inject("/collection/red")).body)).toEqual(["Hoodie"]);
      expect(listed((await shop.app.inject("/collection/red-s-and-l")).body)).toEqual(["Hoodie"]);
      expect(listed((await shop.app.inject("/collection/plain-clothing")).body)).toEqual([
        "Classic T-Shirt",
        "Denim Jacket",
        "Linen Shirt",
        "Socks 3-Pack",
      ]);
      const wool = await shop.app.inject("/collection/wool");
      expect(wool.statusCode).toBe(200);
      expect(wool.body).toContain("No products were found matching your selection.");
    } finally {
      undo();
    }
  });

  it("refuses at registration an attribute query it cannot read, saying which and why", () => {
    expect(() =>
      withCollections([
        {
          name: "t/product-collection/bad",
          title: "Bad",
          query: { cartwrightAttributes: [{ attribute: "pa_color", operator: "or" as never, slug: ["red"] }] },
        },
      ]),
    ).toThrow("Product collection 't/product-collection/bad': cartwrightAttributes[0].operator must be one of in, not_in, and.");
  });
});

describe("registering product collections", () => {
  it("refuses an empty name or title, and a name taken, with the extension named", () => {
    expect(() => withCollections([{ name: "", title: "Empty" }])).toThrow(
      "EXTENSIONS: extension 'collection-test': A product collection's name must not be empty.",
    );
    expect(() => withCollections([{ name: "t/product-collection/untitled", title: " " }])).toThrow(
      "EXTENSIONS: extension 'collection-test': Product collection 't/product-collection/untitled': its title must not be empty.",
    );
    expect(() => withCollections([{ name: "t/product-collection/small-accessories", title: "Mine" }])).toThrow(
      "Product collections 'demo-collections/product-collection/small-accessories' and 't/product-collection/small-accessories' would share the address /collection/small-accessories.",
    );
    expect(() => withCollections([{ ...demoCollections.productCollections![0]! }])).toThrow("is registered twice.");
    // A refused registration leaves nothing of its extension behind.
    expect(() =>
      withCollections([
        { name: "t/product-collection/kept", title: "Kept" },
        { name: "", title: "x" },
      ]),
    ).toThrow();
    expect(findProductCollection("kept")).toBeNull();
  });

  it("keeps a name of another form, and relatedBy, with a warning each; the address is made safe from the name", async () => {
    const warnings: string[] = [];
    const undo = registerExtensions(
      [
        {
          name: "loose",
          productCollections: [
            {
              name: "Winter Picks/../2026",
              title: "Winter picks",
              query: { taxQuery: { product_tag: ["winter"] }, relatedBy: { categories: true, tags: true } },
            },
          ],
        },
      ],
      (w) => warnings.push(w),
    );
    try {
      expect(warnings).toEqual([
        "EXTENSIONS: extension 'loose': Product collection 'Winter Picks/../2026' should be named '<plugin-name>/product-collection/<collection-name>'; it is shown at /collection/winter-picks-2026.",
        "EXTENSIONS: extension 'loose': Product collection 'Winter Picks/../2026': relatedBy needs a product page; /collection/winter-picks-2026 lists without it.",
      ]);
      const page = await shop.app.inject("/collection/winter-picks-2026");
      expect(listed(page.body)).toEqual(["Beanie", "Hoodie", "Throw Blanket", "Wool Scarf"]);
    } finally {
      undo();
    }
    expect((await shop.app.inject("/collection/winter-picks-2026")).statusCode).toBe(404);
  });
});

describe("a collection placed on product pages", () => {
  /** The product names a product page's section shows, in order ([] when the page has no such section). */
  const section = (html: string, slug: string) =>
    [
      ...(
        new RegExp(`<section class="product-offers product-offers--collection-${slug}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? ""
      ).matchAll(/<h3 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g),
    ].map((m) => m[1]);

  it("is drawn after the related products with relatedBy applied, the product itself left out, and keeps its own page", async () => {
    const warnings: string[] = [];
    const undo = registerExtensions(
      [
        {
          name: "placed",
          productCollections: [
            {
              name: "placed/product-collection/same-category",
              title: "More from this category",
              placement: "product",
              query: { perPage: 3, relatedBy: { categories: true } },
            },
            {
              name: "placed/product-collection/same-tags",
              title: "Same tags",
              placement: "product",
              query: { perPage: 2, orderBy: "price", order: "desc", relatedBy: { tags: true } },
            },
          ],
        },
      ],
      (w) => warnings.push(w),
    );
    try {
      // relatedBy is no surprise where it applies.
      expect(warnings).toEqual([]);
      const hoodie = (await shop.app.inject("/product/hoodie")).body;
      // Clothing by title, the hoodie left out: Classic T-Shirt, Denim Jacket, Linen Shirt (Socks 3-Pack on the next page).
      expect(section(hoodie, "same-category")).toEqual(["Classic T-Shirt", "Denim Jacket", "Linen Shirt"]);
      expect(hoodie).toContain('<h2 id="collection-same-category-heading">More from this category</h2>');
      expect(hoodie.indexOf("related-heading")).toBeLessThan(hoodie.indexOf("collection-same-category-heading"));
      // Winter or cotton, dearest first: the Throw Blanket ($55) and the Wool Scarf ($28) before the tee ($20).
      expect(section(hoodie, "same-tags")).toEqual(["Throw Blanket", "Wool Scarf"]);
      // The wallet has no tags: nothing shares them, so no section; its category still does.
      const wallet = (await shop.app.inject("/product/leather-wallet")).body;
      expect(section(wallet, "same-category")).toEqual(["Baseball Cap", "Beanie", "Canvas Tote Bag"]);
      expect(wallet).not.toContain("product-offers--collection-same-tags");
      // Its own page lists without a product to relate to.
      expect(listed((await shop.app.inject("/collection/same-category")).body)).toEqual(["Baseball Cap", "Beanie", "Canvas Tote Bag"]);
    } finally {
      undo();
    }
    expect((await shop.app.inject("/product/hoodie")).body).not.toContain("More from this category");
  });
});
