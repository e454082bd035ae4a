/**
 * The storefront's attribute filters on /shop and category pages (decision 0088), as the server renders
 * them: terms and counts, the address's filters, pages and sorting that keep them, active filters that
 * take them away, and what an address may hold that the shop does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";

let shop: TestShop;

/** The product names a page lists, in order. */
const listed = (html: string) => [...html.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
const page = async (path: string) => {
  const response = await shop.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.body;
};
/** A term's checkbox and its count as the filter area shows them. */
const termBox = (html: string, attribute: string, term: string) =>
  new RegExp(
    `<input type="checkbox" id="filter-${attribute}-${term}" name="filter_${attribute}" value="${term}"( checked)?><label[^>]*>[^<]*<span class="filters__count" aria-hidden="true"> \\((\\d+)\\)`,
  ).exec(html);

const termId = async (attribute: string, slug: string) =>
  Number(
    (
      await shop.db
        .selectFrom("attribute_terms as t")
        .innerJoin("attributes as a", "a.id", "t.attribute_id")
        .select("t.id")
        .where("a.slug", "=", attribute)
        .where("t.slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  shop = await createTestShop({ web: true });
  const red = await termId("color", "red");
  const blue = await termId("color", "blue");
  // Red on fourteen more products (two pages of twelve), Blue on the accessories too.
  const products = await shop.db
    .selectFrom("products")
    .select(["id", "slug"])
    .where("parent_id", "is", null)
    .where("catalog_visibility", "=", "visible")
    .where("slug", "!=", "hoodie")
    .orderBy("id")
    .execute();
  for (const { id } of products.slice(0, 14))
    await shop.db.insertInto("product_attribute_terms").values({ product_id: id, term_id: red }).execute();
  const accessories = await shop.db
    .selectFrom("product_categories as pc")
    .innerJoin("categories as c", "c.id", "pc.category_id")
    .select("pc.product_id")
    .where("c.slug", "=", "accessories")
    .execute();
  for (const { product_id } of accessories)
    await shop.db
      .insertInto("product_attribute_terms")
      .values({ product_id, term_id: blue })
      .onConflict((oc) => oc.doNothing())
      .execute();
  // A term whose name needs escaping, on the T-shirt only.
  const material = await shop.db
    .insertInto("attributes")
    .values({ name: "Material & care", slug: "material" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const silk = await shop.db
    .insertInto("attribute_terms")
    .values({ attribute_id: material.id, name: '<b>Silk</b> "fine"', slug: "silk", menu_order: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const shirt = products.find((p) => p.slug === "classic-t-shirt")?.id as number;
  await shop.db.insertInto("product_attribute_terms").values({ product_id: shirt, term_id: silk.id }).execute();
});
afterAll(() => shop?.close());

describe("the Filter by area", () => {
  it("lists each attribute's offered terms with their counts in a GET form, nothing active", async () => {
    const html = await page("/shop");
    expect(html).toContain('<form method="get" action="/shop" class="filters__form">');
    expect(html).toContain('<legend class="filters__legend">Color</legend>');
    expect(html).toContain('<legend class="filters__legend">Material &amp; care</legend>');
    expect(termBox(html, "color", "red")?.[2]).toBe("15");
    expect(termBox(html, "color", "blue")?.[2]).toBe(String(1 + (await accessoryCount())));
    expect(termBox(html, "size", "m")?.[2]).toBe("1");
    expect(html).toContain("&lt;b&gt;Silk&lt;/b&gt; &quot;fine&quot;");
    expect(html).not.toContain("<b>Silk</b>");
    expect(html).not.toContain("Active filters");
    expect(html).toContain('<details class="filters" aria-label="Filter by">');
  });

  it("filters by the address's terms, pages and sorts with them kept, and shows each as a filter to take away", async () => {
    const first = await page("/shop?filter_color=red");
    expect(first).toContain("Showing 1–12 of 15 products");
    expect(termBox(first, "color", "red")?.[1]).toBe(" checked");
    expect(first).toContain('<details class="filters" open aria-label="Filter by">');
    expect(first).toContain('href="/shop?filter_color=red&amp;page=2"');
    // The sort form carries the filter, and the filter form the order.
    expect(first).toContain('<input type="hidden" name="filter_color" value="red"/>');
    const sorted = await page("/shop?filter_color=red&orderby=price&page=2");
    expect(sorted).toContain("Showing 13–15 of 15 products");
    expect(sorted).toContain('<input type="hidden" name="orderby" value="price">');
    expect(sorted).toContain('href="/shop?filter_color=red&amp;orderby=price"');
    // Taking the filter away keeps the order and goes back to page 1.
    expect(sorted).toMatch(
      /<a class="active-filters__chip" href="\/shop\?orderby=price"><span class="visually-hidden">Remove filter Color: Red<\/span>/,
    );
    expect(sorted).toContain('<a class="active-filters__clear" href="/shop?orderby=price">Clear all filters</a>');
  });

  it("lists products with any chosen term of an attribute and every chosen attribute", async () => {
    expect(await page("/shop?filter_color=red&filter_color=blue")).toContain(`of ${await redOrBlue()} products`);
    expect(listed(await page("/shop?filter_color=red,blue&filter_size=m"))).toEqual(["Hoodie"]);
    expect(listed(await page("/shop?filter_color=red&filter_material=silk"))).toEqual(["Classic T-Shirt"]);
  });

  it("leaves out an attribute the shop lacks; an unknown term finds nothing but can be taken away", async () => {
    const unknown = await page("/shop?filter_flavour=mint");
    expect(unknown).toContain("Showing 1–12 of 24 products");
    expect(unknown).not.toContain("Active filters");
    const nothing = await page("/shop?filter_color=purple&orderby=date");
    expect(nothing).toContain("No products were found matching your selection.");
    expect(nothing).toContain('<legend class="filters__legend">Color</legend>');
    expect(nothing).toMatch(
      /<a class="active-filters__chip" href="\/shop\?orderby=date"><span class="visually-hidden">Remove filter Color: purple<\/span>/,
    );
  });

  it("counts a category page's own products", async () => {
    const html = await page("/product-category/accessories");
    expect(html).toContain('<form method="get" action="/product-category/accessories" class="filters__form">');
    expect(termBox(html, "color", "blue")?.[2]).toBe(String(await accessoryCount()));
    expect(termBox(html, "size", "m")).toBeNull();
    const blue = await page("/product-category/accessories?filter_color=blue");
    expect(blue).toContain(`Showing all ${await accessoryCount()} products`);
  });
});

async function accessoryCount(): Promise<number> {
  const response = await shop.app.inject("/api/store/v1/products?category=accessories&per_page=100");
  return Number(response.headers["x-total"]);
}

async function redOrBlue(): Promise<number> {
  const response = await shop.app.inject(
    "/api/store/v1/products?per_page=100&attributes[0][attribute]=pa_color&attributes[0][slug][]=red&attributes[0][slug][]=blue",
  );
  return Number(response.headers["x-total"]);
}
