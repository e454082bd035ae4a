/**
 * Filtering products by attribute terms and the attribute endpoints of the Store API, on SQLite and
 * PostgreSQL: each operator and relation, the refusals, the term counts (published, listed products only,
 * the shop's hide-out-of-stock followed), and a variable product offering a term only through a variation.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
const ids = { color: 0, size: 0, blue: 0, red: 0, s: 0, m: 0, l: 0 };

const idOf = async (table: "attributes" | "attribute_terms", slug: string, attribute?: number) => {
  let q = shop.db.selectFrom(table).select("id").where("slug", "=", slug);
  if (attribute !== undefined) q = q.where("attribute_id" as never, "=", attribute as never);
  return Number((await q.executeTakeFirstOrThrow()).id);
};

/** A copy of the demo's T-shirt with its own name, slug and fields, carrying these terms. */
async function addProduct(slug: string, terms: number[], fields: Record<string, unknown> = {}, parent?: number): Promise<number> {
  const { id: _id, ...shirt } = await shop.db
    .selectFrom("products")
    .selectAll()
    .where("slug", "=", "classic-t-shirt")
    .executeTakeFirstOrThrow();
  const row = await shop.db
    .insertInto("products")
    .values({ ...shirt, name: slug.replace(/-/g, " "), slug, sku: slug.toUpperCase(), parent_id: parent ?? null, ...fields })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (parent === undefined) {
    const attributes = new Set(
      await Promise.all(
        terms.map(async (t) =>
          Number(
            (await shop.db.selectFrom("attribute_terms").select("attribute_id").where("id", "=", t).executeTakeFirstOrThrow()).attribute_id,
          ),
        ),
      ),
    );
    for (const attribute of attributes)
      await shop.db
        .insertInto("product_attributes")
        .values({ product_id: id, attribute_id: attribute, position: 0, used_for_variations: fields.type === "variable" ? 1 : 0 })
        .execute();
    for (const term of terms) await shop.db.insertInto("product_attribute_terms").values({ product_id: id, term_id: term }).execute();
  } else {
    for (const term of terms)
      await shop.db.insertInto("variation_attributes").values({ variation_id: id, attribute_id: ids.color, term_id: term }).execute();
  }
  return id;
}

beforeAll(async () => {
  shop = await createTestShop();
  ids.color = await idOf("attributes", "color");
  ids.size = await idOf("attributes", "size");
  ids.blue = await idOf("attribute_terms", "blue", ids.color);
  ids.red = await idOf("attribute_terms", "red", ids.color);
  ids.s = await idOf("attribute_terms", "s", ids.size);
  ids.m = await idOf("attribute_terms", "m", ids.size);
  ids.l = await idOf("attribute_terms", "l", ids.size);
  // The demo Hoodie offers Blue and Red in S, M and L; these join it.
  await addProduct("red-tee", [ids.red, ids.m]);
  await addProduct("blue-tee", [ids.blue, ids.s, ids.l]);
  await addProduct("red-draft", [ids.red, ids.s], { status: "draft" });
  await addProduct("red-hidden", [ids.red, ids.s], { catalog_visibility: "hidden" });
  await addProduct("red-sold-out", [ids.red], { stock_status: "outofstock", manage_stock: 0 });
  // A variable scarf in Blue and Red whose only red variation is sold out.
  const scarf = await addProduct("duo-scarf", [ids.blue, ids.red], { type: "variable" });
  await addProduct("duo-scarf-blue", [ids.blue], { type: "variation", status: "publish" }, scarf);
  await addProduct("duo-scarf-red", [ids.red], { type: "variation", stock_status: "outofstock", manage_stock: 0 }, scarf);
});
afterAll(() => shop?.close());

async function list(query: string) {
  const response = await shop.app.inject(`/api/store/v1/products?per_page=100&orderby=title&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as StoreProduct[]).map((p) => p.slug);
}

const color = (operator: string, ...slugs: string[]) =>
  [`attributes[0][attribute]=pa_color`, `attributes[0][operator]=${operator}`, ...slugs.map((s) => `attributes[0][slug][]=${s}`)].join("&");

describe("GET /products with attribute filters", () => {
  it("lists the published, listed products offering any of the terms (in), by slug, pa_ name or id, term slug or id", async () => {
    expect(await list(color("in", "red"))).toEqual(["duo-scarf", "hoodie", "red-sold-out", "red-tee"]);
    expect(await list(color("in", "red", "blue"))).toEqual(["blue-tee", "duo-scarf", "hoodie", "red-sold-out", "red-tee"]);
    expect(await list(`attributes[0][attribute]=color&attributes[0][slug]=red`)).toEqual(await list(color("in", "red")));
    expect(await list(`attributes[0][attribute]=${ids.color}&attributes[0][term_id][]=${ids.red}`)).toEqual(await list(color("in", "red")));
    expect(await list(`attributes[0][attribute]=pa_color&attributes[0][slug]=red,blue`)).toEqual(await list(color("in", "red", "blue")));
    // A term no product has, or no such term at all, matches nothing.
    expect(await list(`attributes[0][attribute]=pa_size&attributes[0][slug][]=xl`)).toEqual([]);
  });

  it("lists products offering every term (and) or none of them (not_in)", async () => {
    expect(
      await list(`attributes[0][attribute]=pa_size&attributes[0][operator]=and&attributes[0][slug][]=s&attributes[0][slug][]=l`),
    ).toEqual(["blue-tee", "hoodie"]);
    const notRed = await list(color("not_in", "red"));
    expect(notRed).toContain("blue-tee");
    expect(notRed).toContain("beanie");
    expect(notRed).not.toContain("hoodie");
    expect(notRed).not.toContain("red-tee");
    expect(notRed).toHaveLength(24 + 5 - 4 - 1);
  });

  it("combines filters: every one by default and with attribute_relation=and, any one with or", async () => {
    const redAndM = `${color("in", "red")}&attributes[1][attribute]=pa_size&attributes[1][slug][]=m`;
    expect(await list(redAndM)).toEqual(["hoodie", "red-tee"]);
    expect(await list(`${redAndM}&attribute_relation=and`)).toEqual(["hoodie", "red-tee"]);
    const blueOrL = `${color("in", "blue")}&attributes[1][attribute]=pa_size&attributes[1][slug][]=l&attribute_relation=or`;
    expect(await list(blueOrL)).toEqual(["blue-tee", "duo-scarf", "hoodie"]);
  });

  it("counts a variable product's term only through a variation that carries it and is in a listed stock status", async () => {
    // All stock statuses: the scarf's sold-out red variation still offers Red.
    expect(await list(color("in", "red"))).toContain("duo-scarf");
    expect(await list(`${color("in", "red")}&stock_status=instock`)).toEqual(["hoodie", "red-tee"]);
    await updateSettings(shop.db, { hideOutOfStock: true });
    try {
      expect(await list(color("in", "red"))).toEqual(["hoodie", "red-tee"]);
      expect(await list(color("in", "blue"))).toEqual(["blue-tee", "duo-scarf", "hoodie"]);
    } finally {
      await updateSettings(shop.db, { hideOutOfStock: false });
    }
  });

  it("keeps a filtered listing apart from the unfiltered one in the kept pages, and follows a catalogue change", async () => {
    const all = await list("");
    expect(all).toHaveLength(24 + 4);
    expect(await list(color("in", "blue"))).toEqual(["blue-tee", "duo-scarf", "hoodie"]);
    const tee = await idOf("products" as never, "blue-tee");
    await shop.db.deleteFrom("product_attribute_terms").where("product_id", "=", tee).where("term_id", "=", ids.blue).execute();
    expect(await list(color("in", "blue"))).toEqual(["duo-scarf", "hoodie"]);
    await shop.db.insertInto("product_attribute_terms").values({ product_id: tee, term_id: ids.blue }).execute();
    expect(await list(color("in", "blue"))).toEqual(["blue-tee", "duo-scarf", "hoodie"]);
  });

  it("refuses a filter it cannot read with 400, naming each wrong field and why", async () => {
    const refused = async (query: string) => {
      const response = await shop.app.inject(`/api/store/v1/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.code).toBe("rest_invalid_param");
      return body.data.params as Record<string, string>;
    };
    expect(await refused("attributes[0][slug][]=red")).toEqual({
      "attributes[0][attribute]": "attributes[0][attribute] is missing: name the attribute by its slug (pa_color or color) or its id.",
    });
    expect(await refused("attributes[0][attribute]=pa_color&attributes[0][operator]=or&attributes[0][slug][]=red")).toEqual({
      "attributes[0][operator]": "attributes[0][operator] must be one of in, not_in, and.",
    });
    expect(await refused("attributes[0][attribute]=pa_color")).toEqual({
      "attributes[0][slug]": "attributes[0][slug] is missing: give the terms' slugs, or their ids in attributes[0][term_id].",
    });
    expect(await refused("attributes[0][attribute]=pa_color&attributes[0][slug][]=Red%20One")).toEqual({
      "attributes[0][slug]": "attributes[0][slug] has 'Red One', which is no term slug (lower-case letters, digits, hyphens).",
    });
    expect(await refused("attributes[0][attribute]=pa_color&attributes[0][term_id][]=x")).toEqual({
      "attributes[0][term_id]": "attributes[0][term_id] has 'x', which is no term id.",
    });
    expect(await refused("attributes[0][attribute]=pa_material&attributes[0][slug][]=wool")).toEqual({
      "attributes[0][attribute]": "The shop has no attribute 'pa_material'.",
    });
    // Named by the filter's own number, whatever the numbers before it.
    expect(await refused(`${color("in", "red")}&attributes[5][attribute]=999999&attributes[5][slug]=x`)).toEqual({
      "attributes[5][attribute]": "The shop has no attribute '999999'.",
    });
    expect(await refused("attributes=red")).toEqual({
      attributes: "attributes is not an attribute filter's field: use attributes[N][attribute], [operator], [slug][] or [term_id][].",
    });
    expect(Object.keys(await refused(`${color("in", "red")}&attribute_relation=xor`))).toEqual(["attribute_relation"]);
    const eleven = Array.from({ length: 11 }, (_, i) => `attributes[${i}][attribute]=pa_color&attributes[${i}][slug]=red`).join("&");
    expect((await refused(eleven)).attributes).toBe("At most 10 attribute filters are taken at once.");
  });
});

describe("GET /products/attributes", () => {
  it("lists the attributes and answers one by id, 404 for an unknown one", async () => {
    const response = await shop.app.inject("/api/store/v1/products/attributes");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: ids.color, name: "Color", taxonomy: "pa_color", type: "select", order: "menu_order", has_archives: false, count: 2 },
      { id: ids.size, name: "Size", taxonomy: "pa_size", type: "select", order: "menu_order", has_archives: false, count: 3 },
    ]);
    const one = await shop.app.inject(`/api/store/v1/products/attributes/${ids.size}`);
    expect(one.json()).toMatchObject({ id: ids.size, name: "Size", taxonomy: "pa_size" });
    const missing = await shop.app.inject("/api/store/v1/products/attributes/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_attribute_invalid_id");
    expect((await shop.app.inject("/api/store/v1/products/attributes/pa_color")).statusCode).toBe(400);
  });

  it("answers an attribute's terms with the spec's fields, counting published, listed products only", async () => {
    const terms = async (id: number) => (await shop.app.inject(`/api/store/v1/products/attributes/${id}/terms`)).json();
    // Red: the hoodie, the red tee, the sold-out red tee and the scarf; never the draft or the hidden one.
    expect(await terms(ids.color)).toEqual([
      { id: ids.blue, name: "Blue", slug: "blue", description: "", parent: 0, count: 3 },
      { id: ids.red, name: "Red", slug: "red", description: "", parent: 0, count: 4 },
    ]);
    expect((await terms(ids.size)).map((t: { slug: string; count: number }) => [t.slug, t.count])).toEqual([
      ["s", 2],
      ["m", 2],
      ["l", 2],
    ]);
    await updateSettings(shop.db, { hideOutOfStock: true });
    try {
      // The sold-out tee leaves, and so does the scarf's sold-out red.
      expect((await terms(ids.color)).map((t: { count: number }) => t.count)).toEqual([3, 2]);
    } finally {
      await updateSettings(shop.db, { hideOutOfStock: false });
    }
    expect((await shop.app.inject("/api/store/v1/products/attributes/999999/terms")).statusCode).toBe(404);
  });
});
