/**
 * Faceted counts in the storefront's "Filter by" area (decision 0088, amended): each attribute's terms count
 * the listing's products under every other attribute's chosen terms, never its own; terms counting 0 are
 * left out unless chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";

let shop: TestShop;

const page = async (path: string) => {
  const response = await shop.app.inject(path);
  expect(response.statusCode, path).toBe(200);
  return response.body;
};
const listed = (html: string) => [...html.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]).sort();
/** Every term's count the area shows, as "attribute=term": count, and which are ticked. */
const area = (html: string) => {
  const counts: Record<string, number> = {};
  const ticked: string[] = [];
  for (const m of html.matchAll(
    /<input type="checkbox" id="filter-([a-z]+)-([a-z]+)" name="filter_[a-z]+" value="[a-z]+"( checked)?><label[^>]*>[^<]*<span class="filters__count" aria-hidden="true"> \((\d+)\)/g,
  )) {
    counts[`${m[1]}=${m[2]}`] = Number(m[4]);
    if (m[3]) ticked.push(`${m[1]}=${m[2]}`);
  }
  return { counts, ticked };
};

async function attribute(slug: string, name: string) {
  const found = await shop.db.selectFrom("attributes").select("id").where("slug", "=", slug).executeTakeFirst();
  return found?.id ?? (await shop.db.insertInto("attributes").values({ name, slug }).returning("id").executeTakeFirstOrThrow()).id;
}
async function term(attributeId: number, slug: string) {
  const found = await shop.db
    .selectFrom("attribute_terms")
    .select("id")
    .where("attribute_id", "=", attributeId)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (found) return found.id;
  const values = { attribute_id: attributeId, name: slug.toUpperCase(), slug, menu_order: 9 };
  return (await shop.db.insertInto("attribute_terms").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  shop = await createTestShop({ web: true });
  const color = await attribute("color", "Color");
  const size = await attribute("size", "Size");
  const material = await attribute("material", "Material");
  // Besides the Hoodie (Blue/Red × S/M/L): four simple products, one term of each attribute or none.
  const given: Record<string, string[]> = {
    "classic-t-shirt": ["color:red", "size:s", "size:xl"],
    beanie: ["color:red", "size:m", "material:cotton"],
    "socks-3-pack": ["color:blue", "size:m", "material:cotton"],
    "signed-book": ["color:blue", "size:l", "material:cotton"],
  };
  const ids = { color, size, material } as Record<string, number>;
  for (const [slug, terms] of Object.entries(given)) {
    const product = await shop.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    for (const given of terms) {
      const [attributeSlug, termSlug] = given.split(":") as [string, string];
      const term_id = await term(ids[attributeSlug] as number, termSlug);
      await shop.db.insertInto("product_attribute_terms").values({ product_id: product.id, term_id }).execute();
    }
  }
});
afterAll(() => shop?.close());

describe("faceted term counts", () => {
  it("counts every offered term with nothing chosen", async () => {
    expect(area(await page("/shop")).counts).toEqual({
      "color=blue": 3,
      "color=red": 3,
      "material=cotton": 3,
      "size=s": 2,
      "size=m": 3,
      "size=l": 2,
      "size=xl": 1,
    });
  });

  it("with one attribute chosen, counts the others' terms among its products and its own as without it", async () => {
    const red = await page("/shop?filter_color=red");
    expect(listed(red)).toEqual(["Beanie", "Classic T-Shirt", "Hoodie"]);
    expect(area(red)).toEqual({
      counts: { "color=blue": 3, "color=red": 3, "material=cotton": 1, "size=s": 2, "size=m": 2, "size=l": 1, "size=xl": 1 },
      ticked: ["color=red"],
    });
    // No blue product has XL: the term is left out rather than offered for nothing.
    const blue = area(await page("/shop?filter_color=blue"));
    expect(blue.counts).toEqual({ "color=blue": 3, "color=red": 3, "material=cotton": 2, "size=s": 1, "size=m": 2, "size=l": 2 });
  });

  it("with two attributes chosen, each counts under the other and the third under both", async () => {
    const html = await page("/shop?filter_color=red&filter_size=m");
    expect(listed(html)).toEqual(["Beanie", "Hoodie"]);
    expect(area(html)).toEqual({
      counts: { "color=blue": 2, "color=red": 2, "material=cotton": 1, "size=s": 2, "size=m": 2, "size=l": 1, "size=xl": 1 },
      ticked: ["color=red", "size=m"],
    });
    const cotton = area(await page("/shop?filter_color=blue&filter_material=cotton"));
    expect(cotton.counts).toEqual({ "color=blue": 2, "color=red": 1, "material=cotton": 2, "size=m": 1, "size=l": 1 });
  });

  it("keeps a chosen term that the other choices leave at 0, ticked, so it can be taken away", async () => {
    const html = await page("/shop?filter_color=red&filter_size=l&filter_material=cotton");
    expect(html).toContain("No products were found matching your selection.");
    const { counts, ticked } = area(html);
    expect(counts["size=l"]).toBe(0);
    expect(counts["size=m"]).toBe(1);
    expect(counts["color=red"]).toBe(0);
    expect(counts["color=blue"]).toBe(1);
    expect(counts["material=cotton"]).toBe(0);
    expect(ticked).toEqual(["color=red", "material=cotton", "size=l"]);
  });

  it("counts a category page's products under the chosen terms, in any address order alike", async () => {
    const one = area(await page("/product-category/accessories?filter_size=m&filter_color=red"));
    const other = area(await page("/product-category/accessories?filter_color=red&filter_size=m"));
    expect(one).toEqual(other);
    expect(area(await page("/shop?filter_color=red,blue"))).toEqual(area(await page("/shop?filter_color=blue&filter_color=red")));
    expect(one).toEqual({ counts: { "color=red": 1, "material=cotton": 1, "size=m": 1 }, ticked: ["color=red", "size=m"] });
  });
});
