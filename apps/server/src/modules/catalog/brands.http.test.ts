/**
 * Brands (decision 0095) on SQLite and PostgreSQL: the owner's /brands calls (made by the categories' code),
 * their refusals and the delete that unlinks products and moves sub-brands up; products' brand_ids; the
 * Store API's /products/brands with its counts and parameters; the brand and brand_operator filter of
 * /products and /products/collection-data; the product CSV's Brands column both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, fieldMessages, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
const product = { shirt: 0, beanie: 0, hoodie: 0, mug: 0, secret: 0 };

const store = async (path: string) => {
  const response = await shop.app.inject(`/api/store/v1${path}`);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response;
};
const listed = async (query: string) =>
  ((await store(`/products?per_page=100&${query}`)).json() as { slug: string }[]).map((p) => p.slug).sort();
const brandCounts = async (query = "") =>
  Object.fromEntries(((await store(`/products/brands${query}`)).json() as { slug: string; count: number }[]).map((b) => [b.slug, b.count]));

async function makeBrand(body: Record<string, unknown>) {
  const response = await adminCall(owner, "POST", "/brands", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; slug: string; parent_id: number | null; description: string };
}

async function setBrands(id: number, brand_ids: number[]) {
  const response = await adminCall(owner, "PATCH", `/products/${id}`, { brand_ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { brand_ids: number[] };
}

const idOf = async (slug: string) =>
  Number((await shop.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  product.shirt = await idOf("classic-t-shirt");
  product.beanie = await idOf("beanie");
  product.hoodie = await idOf("hoodie");
  product.mug = await idOf("discontinued-mug");
  product.secret = await idOf("secret-item");
});
afterAll(() => shop?.close());

describe("the owner's brands", () => {
  it("answers a guest 401 and a shopper 403; a manager may use them", async () => {
    expect((await shop.app.inject(`${ADMIN}/brands`)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await adminCall(jane, "GET", "/brands")).statusCode).toBe(403);
    expect((await adminCall(jane, "POST", "/brands", { name: "Nope" })).statusCode).toBe(403);
    const manager = await signedInManager(shop.app, shop.db, "max@brands.test");
    expect((await adminCall(manager, "GET", "/brands")).statusCode).toBe(200);
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const method of ["get", "post"]) expect(paths["/api/admin/v1/brands"][method].tags).toEqual(["owner"]);
    for (const method of ["get", "put", "patch", "delete"]) expect(paths["/api/admin/v1/brands/{id}"][method].tags).toEqual(["owner"]);
  });

  it("creates, reads, changes and deletes one, each logged; a delete unlinks products and moves sub-brands up", async () => {
    const acme = await makeBrand({ name: "Acme Goods", description: "<p>Since 1900<script>x()</script></p>" });
    expect(acme).toMatchObject({ name: "Acme Goods", slug: "acme-goods", parent_id: null, description: "<p>Since 1900</p>" });
    const junior = await makeBrand({ name: "Acme Junior", parent_id: acme.id, menu_order: 2 });
    expect(junior.parent_id).toBe(acme.id);
    expect((await adminCall(owner, "GET", `/brands/${junior.id}`)).json()).toMatchObject({ name: "Acme Junior", menu_order: 2 });

    const renamed = await adminCall(owner, "PATCH", `/brands/${acme.id}`, { name: "Acme" });
    expect(renamed.json()).toMatchObject({ name: "Acme", slug: "acme-goods" });
    await setBrands(product.beanie, [acme.id]);
    const list = (await adminCall(owner, "GET", "/brands")).json().brands as { id: number; count: number }[];
    expect(list.find((b) => b.id === acme.id)?.count).toBe(1);
    expect(list.find((b) => b.id === junior.id)?.count).toBe(0);
    // A read counts them too: the console's delete confirm says how many products lose the brand.
    expect((await adminCall(owner, "GET", `/brands/${acme.id}`)).json()).toMatchObject({ name: "Acme", count: 1 });

    expect((await adminCall(owner, "DELETE", `/brands/${acme.id}`)).statusCode).toBe(204);
    expect((await adminCall(owner, "GET", `/brands/${acme.id}`)).statusCode).toBe(404);
    expect((await adminCall(owner, "GET", `/brands/${junior.id}`)).json().parent_id).toBeNull();
    expect((await adminCall(owner, "GET", `/products/${product.beanie}`)).json().brand_ids).toEqual([]);
    const log = await shop.db
      .selectFrom("change_log")
      .select("action")
      .where("entity", "=", "brand")
      .where("entity_id", "=", String(acme.id))
      .orderBy("id")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["create", "update", "delete"]);
    expect((await adminCall(owner, "DELETE", `/brands/${junior.id}`)).statusCode).toBe(204);
  });

  it("refuses a bad brand with the field named, and writes nothing", async () => {
    const first = await makeBrand({ name: "Loop Top" });
    const child = await makeBrand({ name: "Loop Child", parent_id: first.id });
    const before = (await adminCall(owner, "GET", "/brands")).json().brands;

    const empty = await adminCall(owner, "POST", "/brands", { name: " ", slug: "Bad Slug!" });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(empty)).sort()).toEqual(["name", "slug"]);
    const loop = await adminCall(owner, "PATCH", `/brands/${first.id}`, { parent_id: child.id });
    expect(loop.statusCode).toBe(400);
    expect(fieldMessages(loop).parent_id).toBe("A brand cannot sit inside itself or one of its own sub-brands.");
    const orphan = await adminCall(owner, "POST", "/brands", { name: "Orphan", parent_id: 999_999 });
    expect(fieldMessages(orphan).parent_id).toBe("No brand has the id 999999.");
    const taken = await adminCall(owner, "POST", "/brands", { name: "Loop Top" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("cw_rest_brand_slug_exists");
    const unknownField = await adminCall(owner, "POST", "/brands", { name: "Extra", logo: "x" });
    expect(unknownField.statusCode).toBe(400);
    expect((await adminCall(owner, "GET", "/brands/999999")).json().code).toBe("cw_rest_brand_not_found");
    expect((await adminCall(owner, "GET", "/brands")).json().brands).toEqual(before);

    // A brand's slug may be a category's: they are apart.
    expect((await adminCall(owner, "POST", "/brands", { name: "Clothing" })).json().slug).toBe("clothing");
  });

  it("reads and writes a product's brands; an unknown id is refused by field and loses nothing", async () => {
    const a = await makeBrand({ name: "Pick A" });
    const b = await makeBrand({ name: "Pick B" });
    expect((await setBrands(product.shirt, [b.id, a.id, b.id])).brand_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    const refused = await adminCall(owner, "PATCH", `/products/${product.shirt}`, { brand_ids: [a.id, 999_998], name: "Renamed" });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toEqual({ brand_ids: "No brand has the id 999998." });
    const after = (await adminCall(owner, "GET", `/products/${product.shirt}`)).json();
    expect(after.name).toBe("Classic T-Shirt");
    expect(after.brand_ids).toHaveLength(2);
    // A write that leaves brand_ids out of a PATCH keeps them.
    await adminCall(owner, "PATCH", `/products/${product.shirt}`, { menu_order: 0 });
    expect((await adminCall(owner, "GET", `/products/${product.shirt}`)).json().brand_ids).toHaveLength(2);
    await setBrands(product.shirt, []);
  });
});

describe("the Store API's brands and the brand filter", () => {
  const brand = { north: 0, south: 0, lonely: 0, kids: 0 };

  beforeAll(async () => {
    brand.north = (await makeBrand({ name: "Northwind", description: "Warm." })).id;
    brand.south = (await makeBrand({ name: "Southwind" })).id;
    brand.lonely = (await makeBrand({ name: "Lonely" })).id;
    brand.kids = (await makeBrand({ name: "Northwind Kids", parent_id: brand.north })).id;
    await setBrands(product.shirt, [brand.north]);
    await setBrands(product.beanie, [brand.north, brand.south]);
    await setBrands(product.hoodie, [brand.south]);
    // Hidden from the catalogue: never counted, never listed.
    await setBrands(product.secret, [brand.north, brand.lonely]);
  });

  it("lists brands in the categories' shape, counting listed products, with their parameters and headers", async () => {
    const response = await store("/products/brands?hide_empty=false");
    expect(response.headers["x-total"]).toBeDefined();
    const all = response.json() as Record<string, unknown>[];
    expect(all.find((b) => b.id === brand.north)).toEqual({
      id: brand.north,
      name: "Northwind",
      slug: "northwind",
      description: "Warm.",
      parent: 0,
      count: 2,
      image: null,
      review_count: expect.any(Number),
      permalink: "/brand/northwind",
    });
    expect(all.find((b) => b.id === brand.kids)).toMatchObject({ parent: brand.north, count: 0 });
    const counts = await brandCounts();
    expect(counts).toMatchObject({ northwind: 2, southwind: 2 });
    expect(counts.lonely).toBeUndefined();
    expect(Object.keys(await brandCounts(`?hide_empty=false&parent=${brand.north}`))).toEqual(["northwind-kids"]);
    const paged = await store("/products/brands?per_page=1&page=2&orderby=name&order=asc");
    expect(paged.headers["x-total"]).toBe("2");
    expect(paged.headers["x-total-pages"]).toBe("2");
    expect([paged.headers["x-wp-total"], paged.headers["x-wp-totalpages"]]).toEqual(["2", "2"]);
    expect((paged.json() as { slug: string }[]).map((b) => b.slug)).toEqual(["southwind"]);
    expect(Object.keys(await brandCounts(`?include=${brand.south}`))).toEqual(["southwind"]);

    expect((await store(`/products/brands/${brand.lonely}`)).json()).toMatchObject({ slug: "lonely", count: 0 });
    const missing = await shop.app.inject("/api/store/v1/products/brands/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_brand_invalid_id");
    const bad = await shop.app.inject("/api/store/v1/products/brands?orderby=colour");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty("orderby");
  });

  it("filters /products by brand id or slug with in, and, not_in", async () => {
    expect(await listed(`brand=${brand.north}`)).toEqual(["beanie", "classic-t-shirt"]);
    expect(await listed("brand=northwind,southwind")).toEqual(["beanie", "classic-t-shirt", "hoodie"]);
    expect(await listed(`brand=${brand.north},${brand.south}&brand_operator=and`)).toEqual(["beanie"]);
    const none = await listed(`brand=${brand.north}&brand_operator=not_in`);
    expect(none).toContain("hoodie");
    expect(none).not.toContain("beanie");
    expect(none).not.toContain("classic-t-shirt");
    expect(await listed(`brand=${brand.lonely}`)).toEqual([]);
    // With the other filters, and-joined: the T-shirt is clothing, the beanie an accessory.
    expect(await listed("brand=northwind&category=clothing")).toEqual(["classic-t-shirt"]);
    const bad = await shop.app.inject("/api/store/v1/products?brand=North%20Wind");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty("brand");
    const badOperator = await shop.app.inject(`/api/store/v1/products?brand=${brand.north}&brand_operator=or`);
    expect(badOperator.statusCode).toBe(400);
    expect(badOperator.json().data.params).toHaveProperty("brand_operator");
  });

  it("counts collection data over the brand filter, and follows a change at once", async () => {
    const data = (await store(`/products/collection-data?brand=${brand.south}&calculate_stock_status_counts=true`)).json();
    const total = (data.stock_status_counts as { count: number }[]).reduce((n, s) => n + s.count, 0);
    expect(total).toBe(2);
    const without = (
      await store(`/products/collection-data?brand=${brand.south}&brand_operator=not_in&calculate_stock_status_counts=true`)
    ).json();
    const all = (await store("/products/collection-data?calculate_stock_status_counts=true")).json();
    const sum = (d: { stock_status_counts: { count: number }[] }) => d.stock_status_counts.reduce((n, s) => n + s.count, 0);
    expect(sum(without)).toBe(sum(all) - 2);

    await setBrands(product.mug, [brand.south]);
    expect((await brandCounts()).southwind).toBe(3);
    expect(await listed(`brand=${brand.south}`)).toEqual(["beanie", "discontinued-mug", "hoodie"]);
    await setBrands(product.mug, []);
    expect((await brandCounts()).southwind).toBe(2);
  });
});

describe("the product CSV's Brands column", () => {
  async function nonce() {
    const { cookie } = owner.credentials();
    const reply = await shop.app.inject({ method: "GET", url: `${ADMIN}/products?per_page=1`, headers: { cookie: cookie ?? "" } });
    return String(reply.headers.nonce);
  }
  const importCsv = async (text: string) => {
    const { cookie } = owner.credentials();
    return shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { cookie: cookie ?? "", nonce: await nonce(), "content-type": "text/csv" },
      payload: text,
    });
  };

  it("exports a product's brand paths and imports them, making the brands a file names", async () => {
    const top = await makeBrand({ name: "Export Top" });
    const sub = await makeBrand({ name: "Export, Sub", parent_id: top.id });
    await setBrands(product.beanie, [top.id, sub.id]);
    const file = (await adminCall(owner, "GET", "/products/export")).body;
    const [header, ...lines] = file.replace(/^\uFEFF/, "").split("\n");
    const columns = header?.split(",") ?? [];
    expect(columns).toContain("Brands");
    expect(lines.find((line) => line.includes(",beanie,"))).toContain('"Export Top, Export Top > Export\\, Sub"');
    // Read back: the beanie's brands come from the Brands column and its tags stay its tags.
    const tagsBefore = (await adminCall(owner, "GET", `/products/${product.beanie}`)).json().tag_ids;
    await setBrands(product.beanie, []);
    const back = await importCsv(file);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().new_brands).toEqual([]);
    const beanie = (await adminCall(owner, "GET", `/products/${product.beanie}`)).json();
    expect(beanie.brand_ids).toEqual([top.id, sub.id]);
    expect(beanie.tag_ids).toEqual(tagsBefore);

    const made = await importCsv('Type,Name,Brands\nsimple,Brand Kettle,"Kettle Co > Steel, Export Top"\n');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().new_brands).toEqual(["Kettle Co", "Kettle Co > Steel"]);
    const kettle = (await adminCall(owner, "GET", `/products/${made.json().created_ids[0]}`)).json();
    const brands = (await adminCall(owner, "GET", "/brands")).json().brands as { id: number; name: string; parent_id: number | null }[];
    const steel = brands.find((b) => b.name === "Steel");
    expect(brands.find((b) => b.id === steel?.parent_id)?.name).toBe("Kettle Co");
    expect([...kettle.brand_ids].sort()).toEqual([steel?.id, top.id].sort());
  });
});
