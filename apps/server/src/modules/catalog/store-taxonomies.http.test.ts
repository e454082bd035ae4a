/**
 * The Store API's categories and tags (decision 0091), on SQLite and PostgreSQL: the shapes, the counts of
 * listed products (published, shown in the catalogue, the shop's hide-out-of-stock followed), each parameter
 * (hide_empty, parent, search, include, exclude, orderby, order, per_page and page with their headers), the
 * refusals and the 404, and counts that follow a catalogue change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
const ids = { clothing: 0, gifts: 0, knitwear: 0, archive: 0, winter: 0, unused: 0 };

const store = async (path: string) => {
  const response = await shop.app.inject(`/api/store/v1${path}`);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response;
};
const slugs = async (path: string) => ((await store(path)).json() as { slug: string }[]).map((t) => t.slug);
const counts = async (path: string) =>
  Object.fromEntries(((await store(path)).json() as { slug: string; count: number }[]).map((t) => [t.slug, t.count]));

const idOf = async (table: "categories" | "tags" | "products", slug: string) =>
  Number((await shop.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  shop = await createTestShop();
  ids.clothing = await idOf("categories", "clothing");
  ids.gifts = await idOf("categories", "gifts");
  ids.winter = await idOf("tags", "winter");
  // A child of Clothing with no product yet, and a top-level one whose only product is a draft.
  ids.knitwear = Number(
    (
      await shop.db
        .insertInto("categories")
        .values({ name: "Knitwear", slug: "knitwear", description: "Warm things.", parent_id: ids.clothing, menu_order: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  ids.archive = Number(
    (
      await shop.db
        .insertInto("categories")
        .values({ name: "Archive", slug: "archive", description: "", parent_id: null, menu_order: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const { id: _id, ...shirt } = await shop.db
    .selectFrom("products")
    .selectAll()
    .where("slug", "=", "classic-t-shirt")
    .executeTakeFirstOrThrow();
  const draft = await shop.db
    .insertInto("products")
    .values({ ...shirt, name: "Old Shirt", slug: "old-shirt", sku: "OLD-SHIRT", status: "draft" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await shop.db
    .insertInto("product_categories")
    .values({ product_id: Number(draft.id), category_id: ids.archive })
    .execute();
  ids.unused = Number(
    (await shop.db.insertInto("tags").values({ name: "Unused", slug: "unused" }).returning("id").executeTakeFirstOrThrow()).id,
  );
});
afterAll(() => shop?.close());

describe("GET /products/categories", () => {
  it("lists the categories with listed products by name, each with WooCommerce's fields and its page's products and reviews", async () => {
    const response = await store("/products/categories");
    const categories = response.json();
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(["accessories", "art-books", "clothing", "gifts", "home-living"]);
    expect(categories.find((c: { slug: string }) => c.slug === "accessories")).toEqual({
      id: await idOf("categories", "accessories"),
      name: "Accessories",
      slug: "accessories",
      description: "Hats, bags and the small things that finish an outfit.",
      parent: 0,
      // Beanie, Canvas Tote Bag, Leather Wallet, Wool Scarf, Baseball Cap, Yoga Mat; 18 + 15 + 13 + 8 + 19 + 9 reviews.
      count: 6,
      image: null,
      review_count: 82,
      permalink: "/product-category/accessories",
    });
    // The hidden Secret Item is in Gifts and not counted; the sold-out mug is listed, so counted.
    expect(await counts("/products/categories")).toEqual({ accessories: 6, "art-books": 5, clothing: 5, gifts: 2, "home-living": 6 });
    expect(response.headers["x-total"]).toBe("5");
    expect(response.headers["x-total-pages"]).toBe("1");
    expect(response.headers.link).toBeUndefined();
  });

  it("shows the empty ones with hide_empty=false, a draft's category counting 0, and narrows to a parent's children", async () => {
    const all = await counts("/products/categories?hide_empty=false");
    expect(all).toMatchObject({ archive: 0, knitwear: 0, clothing: 5 });
    expect(Object.keys(all)).toHaveLength(7);
    expect(await slugs(`/products/categories?hide_empty=false&parent=${ids.clothing}`)).toEqual(["knitwear"]);
    expect(await slugs(`/products/categories?parent=${ids.clothing}`)).toEqual([]);
    expect(await slugs("/products/categories?hide_empty=false&parent=0")).toEqual([
      "accessories",
      "archive",
      "art-books",
      "clothing",
      "gifts",
      "home-living",
    ]);
    const knitwear = (await store(`/products/categories?hide_empty=false&parent=${ids.clothing}`)).json()[0];
    expect(knitwear).toMatchObject({ id: ids.knitwear, parent: ids.clothing, count: 0, review_count: 0 });
  });

  it("searches, includes, excludes and orders by name, slug, count or id, either way", async () => {
    expect(await slugs("/products/categories?search=ART")).toEqual(["art-books"]);
    expect(await slugs("/products/categories?search=living")).toEqual(["home-living"]);
    expect(await slugs(`/products/categories?include=${ids.gifts},${ids.clothing}`)).toEqual(["clothing", "gifts"]);
    expect(await slugs(`/products/categories?exclude=${ids.gifts}`)).not.toContain("gifts");
    expect(await slugs("/products/categories?orderby=name&order=desc")).toEqual([
      "home-living",
      "gifts",
      "clothing",
      "art-books",
      "accessories",
    ]);
    // By count, ties by id (the order they were made).
    expect(await slugs("/products/categories?orderby=count&order=desc")).toEqual([
      "accessories",
      "home-living",
      "clothing",
      "art-books",
      "gifts",
    ]);
    expect(await slugs("/products/categories?orderby=slug")).toEqual(["accessories", "art-books", "clothing", "gifts", "home-living"]);
    expect(await slugs("/products/categories?orderby=id")).toEqual(["clothing", "accessories", "home-living", "art-books", "gifts"]);
  });

  it("cuts the list in pages with per_page and page, saying the total and linking the next and previous pages", async () => {
    const second = await store("/products/categories?per_page=2&page=2");
    expect(second.json().map((c: { slug: string }) => c.slug)).toEqual(["clothing", "gifts"]);
    expect(second.headers["x-total"]).toBe("5");
    expect(second.headers["x-total-pages"]).toBe("3");
    expect(second.headers.link).toBe(
      '</api/store/v1/products/categories?per_page=2&page=1>; rel="prev", </api/store/v1/products/categories?per_page=2&page=3>; rel="next"',
    );
    expect(await slugs("/products/categories?per_page=2&page=3")).toEqual(["home-living"]);
    expect(await slugs("/products/categories?per_page=2&page=4")).toEqual([]);
  });

  it("counts only what the listing shows: sold-out products leave when the shop hides them, and a new product counts at once", async () => {
    await updateSettings(shop.db, { hideOutOfStock: true });
    try {
      expect((await counts("/products/categories"))["home-living"]).toBe(5);
    } finally {
      await updateSettings(shop.db, { hideOutOfStock: false });
    }
    const scarf = await idOf("products", "wool-scarf");
    await shop.db.insertInto("product_categories").values({ product_id: scarf, category_id: ids.knitwear }).execute();
    try {
      expect((await store(`/products/categories/${ids.knitwear}`)).json()).toMatchObject({ count: 1, review_count: 8 });
      expect(await slugs(`/products/categories?parent=${ids.clothing}`)).toEqual(["knitwear"]);
    } finally {
      await shop.db.deleteFrom("product_categories").where("category_id", "=", ids.knitwear).execute();
    }
    expect((await store(`/products/categories/${ids.knitwear}`)).json().count).toBe(0);
  });

  it("refuses parameters it cannot read with 400 naming them", async () => {
    for (const [query, field] of [
      ["orderby=popularity", "orderby"],
      ["order=up", "order"],
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["hide_empty=maybe", "hide_empty"],
      ["parent=-1", "parent"],
      ["include=abc", "include"],
      ["exclude=1,x", "exclude"],
    ]) {
      const response = await shop.app.inject(`/api/store/v1/products/categories?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("rest_invalid_param");
      expect(Object.keys(response.json().data.params), query).toEqual([field]);
    }
  });
});

describe("GET /products/categories/{id}", () => {
  it("answers one category, empty ones too, and 404 in the Store API's error shape for an id no category has", async () => {
    expect((await store(`/products/categories/${ids.gifts}`)).json()).toEqual({
      id: ids.gifts,
      name: "Gifts",
      slug: "gifts",
      description: "Easy presents for anyone on your list.",
      parent: 0,
      count: 2,
      image: null,
      review_count: 31,
      permalink: "/product-category/gifts",
    });
    expect((await store(`/products/categories/${ids.archive}`)).json()).toMatchObject({ slug: "archive", count: 0 });
    const missing = await shop.app.inject("/api/store/v1/products/categories/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: "cw_rest_category_invalid_id",
      message: "No product category has this id.",
      data: { status: 404 },
    });
    expect((await shop.app.inject("/api/store/v1/products/categories/clothing")).statusCode).toBe(400);
    expect((await shop.app.inject("/api/store/v1/products/categories/0")).statusCode).toBe(400);
  });
});

describe("GET /products/tags", () => {
  it("lists the tags carried by listed products as the spec's Term, with the same parameters", async () => {
    const response = await store("/products/tags");
    expect(response.json()).toContainEqual({ id: ids.winter, name: "Winter", slug: "winter", description: "", parent: 0, count: 4 });
    expect(await counts("/products/tags")).toEqual({ bestseller: 2, cotton: 4, gift: 4, limited: 2, new: 4, winter: 4 });
    expect(response.headers["x-total"]).toBe("6");
    expect(await counts("/products/tags?hide_empty=false")).toMatchObject({ unused: 0 });
    expect(await slugs("/products/tags?orderby=slug&order=desc&per_page=2")).toEqual(["winter", "new"]);
    expect(await slugs("/products/tags?search=win")).toEqual(["winter"]);
    expect(await slugs(`/products/tags?include=${ids.winter}`)).toEqual(["winter"]);
    expect(await slugs(`/products/tags?exclude=${ids.winter}`)).not.toContain("winter");
    for (const [query, field] of [
      ["orderby=menu", "orderby"],
      ["hide_empty=nope", "hide_empty"],
      ["per_page=-1", "per_page"],
    ]) {
      const refused = await shop.app.inject(`/api/store/v1/products/tags?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().data.params), query).toEqual([field]);
    }
  });

  it("follows a catalogue change: a product given the tag counts at once", async () => {
    const mug = await idOf("products", "discontinued-mug");
    await shop.db.insertInto("product_tags").values({ product_id: mug, tag_id: ids.unused }).execute();
    try {
      expect((await counts("/products/tags")).unused).toBe(1);
      await updateSettings(shop.db, { hideOutOfStock: true });
      // The mug is sold out: hidden, so Unused is empty again and left out.
      expect(await counts("/products/tags")).not.toHaveProperty("unused");
    } finally {
      await updateSettings(shop.db, { hideOutOfStock: false });
      await shop.db.deleteFrom("product_tags").where("tag_id", "=", ids.unused).execute();
    }
  });
});
