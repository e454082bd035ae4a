/**
 * The owner's products (issue 19, decision 0043) on SQLite and PostgreSQL: who may call them, the
 * nonce, every call, every field check, the change log, drafts kept out of the shop, variations,
 * deletes that keep past orders whole, every demo product saved back unchanged, and a second
 * server process over the same database showing a change on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { DEMO_PRODUCTS } from "../../seed/demo-catalogue.ts";
import { listCategories } from "./catalog.service.ts";

const ADMIN = "/api/admin/v1";
const OWNER = { email: "owner@products.test", password: "owner-password-2026" };
const MANAGER = { email: "max@products.test", password: "manager-password-2026" };

let shop: TestShop;
let owner: StoreClient;
let manager: StoreClient;
let clothing: number;
let cotton: number;
let color: { id: number; blue: number; red: number };
let size: { id: number; s: number };

const call = (client: StoreClient, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

let made = 0;
/** A simple product body with only what must be given, and a price. */
const newProduct = (fields: Record<string, unknown> = {}) => ({ name: `Test product ${++made}`, regular_price: 1500, ...fields });

async function create(fields: Record<string, unknown> = {}) {
  const response = await call(owner, "POST", "/products", newProduct(fields));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The 400 answer's message per field. */
async function refusedFields(body: unknown, method: "POST" | "PUT" = "POST", path = "/products") {
  const response = await call(owner, method, path, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return response.json().data.params as Record<string, string>;
}

const store = (path: string, app: FastifyInstance = shop.app) => app.inject(`/api/store/v1${path}`);

/** What a saved product holds that is written back: the read-only fields dropped. */
function editable(product: Record<string, unknown>) {
  const { id, permalink, images, total_sales, created_at, updated_at, currency_code, currency_minor_unit, ...input } = product;
  return input;
}

const changeRows = (id: number) =>
  shop.db.selectFrom("change_log").selectAll().where("entity", "=", "product").where("entity_id", "=", String(id)).orderBy("id").execute();

const idOf = async (table: "categories" | "tags" | "attributes", slug: string) =>
  Number((await shop.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
const termOf = async (attribute: number, slug: string) =>
  Number(
    (
      await shop.db
        .selectFrom("attribute_terms")
        .select("id")
        .where("attribute_id", "=", attribute)
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop, OWNER);
  expect((await new StoreClient(shop.app).post("/account/register", { email: MANAGER.email, password: MANAGER.password })).statusCode).toBe(
    201,
  );
  await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", MANAGER.email).execute();
  manager = await signedIn(shop.app, MANAGER.email, MANAGER.password);
  clothing = await idOf("categories", "clothing");
  cotton = await idOf("tags", "cotton");
  const colorId = await idOf("attributes", "color");
  color = { id: colorId, blue: await termOf(colorId, "blue"), red: await termOf(colorId, "red") };
  const sizeId = await idOf("attributes", "size");
  size = { id: sizeId, s: await termOf(sizeId, "s") };
});
afterAll(() => shop.close());

describe("who may call the products", () => {
  it("answers a guest 401 and a shopper 403, and lets a manager work on the catalogue", async () => {
    const guest = await shop.app.inject(`${ADMIN}/products`);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");

    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    for (const [method, path, body] of [
      ["GET", "/products", undefined],
      ["POST", "/products", newProduct()],
      ["POST", "/products/bulk", { ids: [1], changes: { status: "draft" } }],
      ["GET", "/products/1", undefined],
      ["PUT", "/products/1", newProduct()],
      ["PATCH", "/products/1", { name: "Nope" }],
      ["DELETE", "/products/1", undefined],
    ] as const) {
      const response = await call(jane, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().code).toBe("cw_rest_forbidden");
    }

    expect((await call(manager, "GET", "/products")).statusCode).toBe(200);
    const made = await call(manager, "POST", "/products", newProduct({ status: "draft" }));
    expect(made.statusCode, made.body).toBe(201);
    const rows = await changeRows(made.json().id);
    expect(rows.map((row) => [row.action, Number(row.actor_id)])).toEqual([["create", expect.any(Number)]]);
    const managerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", MANAGER.email).executeTakeFirstOrThrow()).id;
    expect(Number(rows[0]?.actor_id)).toBe(Number(managerId));
    // Coupons stay the owner's (decision 0040).
    expect((await call(manager, "GET", "/coupons")).statusCode).toBe(403);
  });

  it("refuses writes without the nonce (401) or with a wrong one (403), storing nothing", async () => {
    const { cookie } = owner.credentials();
    const body = newProduct({ slug: "never-stored" });
    const send = (headers: Record<string, string>) =>
      shop.app.inject({
        method: "POST",
        url: `${ADMIN}/products`,
        headers: { cookie: cookie ?? "", "content-type": "application/json", ...headers },
        payload: JSON.stringify(body),
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await send({ nonce: "not-the-nonce" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    expect(await shop.db.selectFrom("products").select("id").where("slug", "=", "never-stored").executeTakeFirst()).toBeUndefined();
  });
});

describe("the owner's product calls", () => {
  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const method of ["get", "post"]) expect(paths["/api/admin/v1/products"][method].tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/products/bulk"].post.tags).toEqual(["owner"]);
    for (const method of ["get", "put", "patch", "delete"]) expect(paths["/api/admin/v1/products/{id}"][method].tags).toEqual(["owner"]);
    const body = paths["/api/admin/v1/products"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["status", "variations", "attributes", "cross_sell_ids"]));
  });

  it("creates a simple product the shop shows at once, with the slug made from the name", async () => {
    const product = await create({
      name: "Linen Apron",
      sku: "APRON-1",
      regular_price: 2800,
      sale_price: 2400,
      category_ids: [clothing],
      tag_ids: [cotton],
      cross_sell_ids: [1],
      manage_stock: true,
      stock_quantity: 7,
      low_stock_amount: 8,
      weight_grams: 300,
      short_description: "<p>A <strong>sturdy</strong> apron.</p>",
    });
    expect(product).toMatchObject({
      type: "simple",
      status: "publish",
      slug: "linen-apron",
      permalink: "/product/linen-apron",
      stock_status: "instock",
      category_ids: [clothing],
      tag_ids: [cotton],
      cross_sell_ids: [1],
      variations: [],
    });
    const shown = (await store("/products/linen-apron")).json();
    expect(shown).toMatchObject({
      id: product.id,
      name: "Linen Apron",
      sku: "APRON-1",
      on_sale: true,
      prices: { price: "2400", regular_price: "2800" },
      low_stock_remaining: 7,
      short_description: "<p>A <strong>sturdy</strong> apron.</p>",
    });
    expect(shown.categories.map((c: { slug: string }) => c.slug)).toEqual(["clothing"]);
    const listed = await store("/products?search=linen%20apron");
    expect(listed.json().map((p: { id: number }) => p.id)).toEqual([product.id]);

    const read = await call(owner, "GET", `/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ ...product, currency_code: "USD", currency_minor_unit: 2 });
  });

  it("sanitises the descriptions with the owner markup's allowlist", async () => {
    const product = await create({
      description:
        '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p><iframe src="x"></iframe>',
    });
    expect(product.description).not.toMatch(/script|onclick|javascript:|iframe/);
    expect(product.description).toContain("<p>Hello");
    expect((await store(`/products/${product.id}`)).json().description).toBe(product.description);
  });

  it("keeps a draft out of the shop until it is published", async () => {
    const draft = await create({ name: "Secret Draft Lamp", status: "draft", category_ids: [clothing] });
    const clothingCount = async () => (await listCategories({ db: shop.db })).find((c) => c.slug === "clothing")?.count;
    const countWithDraft = await clothingCount();
    expect((await store(`/products/${draft.slug}`)).statusCode).toBe(404);
    expect((await store(`/products/${draft.id}`)).statusCode).toBe(404);
    expect((await store("/products?search=draft%20lamp")).json()).toEqual([]);
    const shopper = new StoreClient(shop.app);
    const add = await shopper.post("/cart/add-item", { id: draft.id, quantity: 1 });
    expect(add.statusCode).toBe(400);
    expect(
      (await call(owner, "GET", "/products?status=draft&search=draft%20lamp")).json().products.map((p: { id: number }) => p.id),
    ).toEqual([draft.id]);

    const published = await call(owner, "PATCH", `/products/${draft.id}`, { status: "publish" });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: "publish", name: "Secret Draft Lamp", regular_price: 1500, category_ids: [clothing] });
    expect((await store(`/products/${draft.slug}`)).statusCode).toBe(200);
    expect((await store("/products?search=draft%20lamp")).json().map((p: { id: number }) => p.id)).toEqual([draft.id]);
    expect(await clothingCount()).toBe((countWithDraft ?? 0) + 1);
    expect((await shopper.post("/cart/add-item", { id: draft.id, quantity: 1 })).statusCode).toBe(201);

    // Back to draft: the cart holding it lets the line go.
    expect((await call(owner, "PATCH", `/products/${draft.id}`, { status: "draft" })).statusCode).toBe(200);
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);
  });

  it("refuses each rule a field breaks, beside its field", async () => {
    expect(await refusedFields(newProduct({ name: "   " }))).toMatchObject({ name: "Enter a name." });
    expect(await refusedFields(newProduct({ slug: "Not a slug!" }))).toMatchObject({ slug: expect.stringMatching(/lower-case/) });
    expect(await refusedFields(newProduct({ slug: "double--hyphen" }))).toHaveProperty("slug");
    expect(await refusedFields(newProduct({ regular_price: 1000, sale_price: 1000 }))).toMatchObject({
      sale_price: "The sale price must be below the regular price.",
    });
    expect(await refusedFields(newProduct({ regular_price: null, sale_price: 500 }))).toMatchObject({
      sale_price: "Enter a regular price before a sale price.",
    });
    expect(await refusedFields(newProduct({ manage_stock: true }))).toMatchObject({ stock_quantity: expect.any(String) });
    expect(await refusedFields(newProduct({ quantity_min: 4, quantity_max: 2 }))).toMatchObject({
      quantity_max: "The maximum quantity cannot be below the minimum.",
    });
    expect(await refusedFields(newProduct({ quantity_min: 3, quantity_step: 2 }))).toMatchObject({
      quantity_min: "The minimum quantity must be a multiple of the step.",
    });
    expect(await refusedFields(newProduct({ quantity_min: 2, quantity_max: 9, quantity_step: 2 }))).toMatchObject({
      quantity_max: "The maximum quantity must be a multiple of the step.",
    });
    expect(await refusedFields(newProduct({ category_ids: [999_999], tag_ids: [999_998], cross_sell_ids: [999_997] }))).toEqual({
      category_ids: "No category has the id 999999.",
      tag_ids: "No tag has the id 999998.",
      cross_sell_ids: "No product has the id 999997.",
    });
    expect(await refusedFields(newProduct({ attributes: [{ attribute_id: color.id, term_ids: [size.s] }] }))).toMatchObject({
      "attributes[0].term_ids": `The term ${size.s} is not one of this attribute's.`,
    });
    expect(
      await refusedFields(newProduct({ attributes: [{ attribute_id: color.id, term_ids: [color.blue], used_for_variations: true }] })),
    ).toMatchObject({ "attributes[0].used_for_variations": "Only a variable product has variations." });
    expect(await refusedFields(newProduct({ attributes: [{ attribute_id: 999_999, term_ids: [] }] }))).toMatchObject({
      attributes: "No attribute has the id 999999.",
    });
    expect(await refusedFields(newProduct({ variations: [{ attributes: [] }] }))).toMatchObject({
      variations: "Only a variable product has variations.",
    });
    const self = await create();
    expect(await refusedFields({ ...newProduct(), cross_sell_ids: [self.id] }, "PUT", `/products/${self.id}`)).toMatchObject({
      cross_sell_ids: "A product cannot be its own cross-sell.",
    });

    // The schema's own limits: negative or fractional money, unknown fields.
    for (const body of [newProduct({ regular_price: -1 }), newProduct({ regular_price: 10.5 }), newProduct({ colour: "red" })]) {
      const response = await call(owner, "POST", "/products", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("answers 409 beside the slug or SKU another product holds, a variation's too", async () => {
    const taken = await call(owner, "POST", "/products", newProduct({ slug: "beanie" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "cw_rest_product_slug_exists",
      data: { details: { slug: { code: "cw_rest_product_slug_exists" } } },
    });
    expect((await call(owner, "POST", "/products", newProduct({ slug: "hoodie-blue-s" }))).statusCode).toBe(409);
    const sku = await call(owner, "POST", "/products", newProduct({ sku: "CW-001" }));
    expect(sku.statusCode).toBe(409);
    expect(sku.json()).toMatchObject({ code: "cw_rest_product_sku_exists", data: { details: { sku: expect.any(Object) } } });
    expect((await call(owner, "POST", "/products", newProduct({ sku: "CW-HOODIE-RED-L" }))).statusCode).toBe(409);
    // A product keeps its own slug and SKU on a save.
    const own = await create({ sku: "OWN-SKU" });
    expect((await call(owner, "PATCH", `/products/${own.id}`, { slug: own.slug, sku: "OWN-SKU" })).statusCode).toBe(200);
    expect((await call(owner, "GET", "/products/999999")).statusCode).toBe(404);
    expect((await call(owner, "PUT", "/products/999999", newProduct())).json().code).toBe("cw_rest_product_not_found");
  });

  it("records who changed what, before and after, for each write", async () => {
    const product = await create({ name: "Logged Mug", regular_price: 900 });
    expect((await call(owner, "PATCH", `/products/${product.id}`, { regular_price: 1100 })).statusCode).toBe(200);
    expect((await call(owner, "DELETE", `/products/${product.id}`)).statusCode).toBe(204);
    const rows = await changeRows(product.id);
    expect(rows.map((row) => row.action)).toEqual(["create", "update", "delete"]);
    const ownerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", OWNER.email).executeTakeFirstOrThrow()).id;
    expect(rows.every((row) => Number(row.actor_id) === Number(ownerId))).toBe(true);
    expect(rows[0]?.before).toBeNull();
    expect(JSON.parse(rows[1]?.before ?? "{}").regular_price).toBe(900);
    expect(JSON.parse(rows[1]?.after ?? "{}").regular_price).toBe(1100);
    expect(JSON.parse(rows[2]?.before ?? "{}").name).toBe("Logged Mug");
    expect(rows[2]?.after).toBeNull();
  });

  it("lists with search, filters, sorting and pages", async () => {
    const a = await create({ name: "Zebra Filter Scarf", sku: "ZFS-1", category_ids: [clothing], manage_stock: true, stock_quantity: 0 });
    const b = await create({ name: "Zebra Filter Hat", status: "draft" });
    const list = async (query: string) => (await call(owner, "GET", `/products?${query}`)).json();
    const ids = async (query: string) => (await list(query)).products.map((p: { id: number }) => p.id);
    expect(await ids("search=zebra%20filter&orderby=name")).toEqual([b.id, a.id]);
    expect(await ids("search=zfs-1")).toEqual([a.id]);
    expect(await ids("search=zebra%20filter&status=draft")).toEqual([b.id]);
    expect(await ids(`search=zebra%20filter&category=${clothing}`)).toEqual([a.id]);
    expect(await ids("search=zebra%20filter&stock_status=outofstock")).toEqual([a.id]);
    expect(await ids("search=hoodie&type=variable")).toEqual([3]);
    expect(await ids("search=CW-HOODIE-RED")).toEqual([3]);
    const hoodie = (await list("search=hoodie&type=variable")).products[0];
    expect(hoodie).toMatchObject({
      price_range: { min: 3900, max: 4500 },
      variations: 6,
      categories: [{ id: clothing, name: "Clothing" }],
    });
    const first = await list("per_page=5&page=1&orderby=name");
    const second = await list("per_page=5&page=2&orderby=name");
    expect(first.total).toBe(second.total);
    expect(first.pages).toBe(Math.ceil(first.total / 5));
    expect(first.products).toHaveLength(5);
    expect(second.products.map((p: { id: number }) => p.id)).not.toContain(first.products[0].id);
    expect((await call(owner, "GET", "/products?stock_status=sold")).statusCode).toBe(400);
  });

  it("lists only the products asked for by id, for the pickers that show chosen ones by name", async () => {
    const a = await create({ name: "Picked Lamp" });
    const b = await create({ name: "Picked Vase", status: "draft" });
    const named = async (query: string) =>
      (await call(owner, "GET", `/products?${query}`)).json().products.map((p: { id: number; name: string }) => [p.id, p.name]);
    expect(await named(`include=${b.id},${a.id},2147483647&orderby=name`)).toEqual([
      [a.id, "Picked Lamp"],
      [b.id, "Picked Vase"],
    ]);
    expect(await named(`include=${a.id}&search=vase`)).toEqual([]);
    for (const bad of ["0", "1,,2", "x", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      expect((await call(owner, "GET", `/products?include=${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe("variable products", () => {
  it("takes attributes and their terms, and a variation for each combination it is given, priced and stocked", async () => {
    const response = await call(owner, "POST", "/products", {
      name: "Rain Jacket",
      type: "variable",
      category_ids: [clothing],
      attributes: [
        { attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true },
        { attribute_id: size.id, term_ids: [size.s], used_for_variations: false },
      ],
      variations: [
        { attributes: [{ attribute_id: color.id, term_id: color.blue }], regular_price: 6000, sku: "RJ-BLUE" },
        {
          attributes: [{ attribute_id: color.id, term_id: color.red }],
          regular_price: 6000,
          sale_price: 5000,
          manage_stock: true,
          stock_quantity: 0,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const jacket = response.json();
    expect(jacket.variations).toHaveLength(2);
    expect(jacket.variations[1]).toMatchObject({ stock_status: "outofstock", sale_price: 5000 });

    const shown = (await store("/products/rain-jacket")).json();
    expect(shown).toMatchObject({ type: "variable", prices: { price_range: { min_amount: "5000", max_amount: "6000" } } });
    expect(shown.variations.map((v: { attributes: unknown }) => v.attributes)).toEqual([
      [{ name: "Color", value: "blue" }],
      [{ name: "Color", value: "red" }],
    ]);
    const blue = jacket.variations[0].id;
    const shopper = new StoreClient(shop.app);
    const cart = await shopper.cart("POST", "/cart/add-item", { id: blue, quantity: 1 });
    expect(cart.items[0].prices.price).toBe("6000");
    const red = await shopper.post("/cart/add-item", { id: jacket.variations[1].id, quantity: 1 });
    expect(red.statusCode).toBe(400);

    // A new price on the blue one; the red one taken out. The blue one keeps its id, so the cart keeps its line.
    const edited = editable(jacket);
    const put = await call(owner, "PUT", `/products/${jacket.id}`, {
      ...edited,
      variations: [{ ...editable(jacket.variations[0]), id: blue, regular_price: 6500 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().variations.map((v: { id: number }) => v.id)).toEqual([blue]);
    expect((await shopper.cart("GET", "/cart")).items[0].prices.price).toBe("6500");
    expect(await shop.db.selectFrom("products").select("id").where("id", "=", jacket.variations[1].id).executeTakeFirst()).toBeUndefined();
  });

  it("generates the variations its attributes' terms make, keeping those it has", async () => {
    const made = await create({
      name: "Generated Tee",
      type: "variable",
      regular_price: null,
      attributes: [
        { attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true },
        { attribute_id: size.id, term_ids: [size.s], used_for_variations: true },
      ],
      variations: [
        {
          attributes: [
            { attribute_id: color.id, term_id: color.red },
            { attribute_id: size.id, term_id: size.s },
          ],
          regular_price: 2000,
        },
      ],
    });
    const generated = await call(owner, "POST", `/products/${made.id}/variations/generate`);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().created).toBe(1);
    const variations = generated.json().product.variations;
    expect(
      variations.map((v: { attributes: { term_id: number }[]; regular_price: number | null }) => [
        v.attributes.map((a) => a.term_id),
        v.regular_price,
      ]),
    ).toEqual([
      [[color.red, size.s], 2000],
      [[color.blue, size.s], null],
    ]);
    expect(variations[0].id).toBe(made.variations[0].id);
    // Unpriced: listed on the product, not for sale.
    expect((await new StoreClient(shop.app).post("/cart/add-item", { id: variations[1].id, quantity: 1 })).statusCode).toBe(400);
    expect((await call(owner, "POST", `/products/${made.id}/variations/generate`)).json().created).toBe(0);
    const simple = await create();
    const refused = await call(owner, "POST", `/products/${simple.id}/variations/generate`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toHaveProperty("attributes");
  });

  it("refuses variations that do not match the product's attributes, twins, prices on the parent and a duplicated SKU", async () => {
    const base = {
      name: "Checked Jacket",
      type: "variable",
      attributes: [{ attribute_id: color.id, term_ids: [color.blue], used_for_variations: true }],
    };
    expect(
      await refusedFields({
        ...base,
        regular_price: 100,
        variations: [
          { attributes: [{ attribute_id: color.id, term_id: color.red }], regular_price: 100 },
          { attributes: [{ attribute_id: size.id, term_id: size.s }], regular_price: 100 },
          { attributes: [{ attribute_id: color.id, term_id: color.blue }], regular_price: 100, sale_price: 200 },
          { attributes: [{ attribute_id: color.id, term_id: color.blue }], regular_price: 100 },
        ],
      }),
    ).toEqual({
      regular_price: "A variable product's prices are set on each variation.",
      "variations[0].attributes": "Choose one of the product's terms for each attribute used for variations.",
      "variations[1].attributes": "Choose one of the product's terms for each attribute used for variations.",
      "variations[2].sale_price": "The sale price must be below the regular price.",
      "variations[3].attributes": "Variation 3 already stands for these terms.",
    });
    const twice = await call(owner, "POST", "/products", {
      ...base,
      attributes: [{ attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true }],
      variations: [
        { attributes: [{ attribute_id: color.id, term_id: color.blue }], sku: "SAME" },
        { attributes: [{ attribute_id: color.id, term_id: color.red }], sku: "SAME" },
      ],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.details).toHaveProperty(["variations[1].sku"]);
  });
});

describe("deleting", () => {
  it("keeps past orders whole, and refuses a product a coupon names", async () => {
    const product = await create({ name: "Short-lived Candle", regular_price: 1200 });
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: product.id, quantity: 2 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("candle@products.test"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id;

    expect((await call(owner, "DELETE", `/products/${product.id}`)).statusCode).toBe(204);
    expect((await store(`/products/${product.id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", `/products/${product.id}`)).statusCode).toBe(404);
    const order = await call(owner, "GET", `/orders/${orderId}`);
    expect(order.statusCode).toBe(200);
    expect(JSON.stringify(order.json())).toContain("Short-lived Candle");
    const lines = await shop.db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ name: "Short-lived Candle", quantity: 2 });

    // TSHIRT2 names the Classic T-Shirt (DEMO.md): deleting it would turn the coupon on every product.
    const named = await call(owner, "DELETE", "/products/1");
    expect(named.statusCode).toBe(409);
    expect(named.json()).toMatchObject({ code: "cw_rest_product_in_use", message: expect.stringContaining("tshirt2") });
    expect((await store("/products/1")).statusCode).toBe(200);
  });
});

describe("bulk edits", () => {
  it("sets prices, stock and status on many products, each checked, listing those refused", async () => {
    const a = await create({ name: "Bulk One", regular_price: 1000 });
    const b = await create({ name: "Bulk Two", regular_price: 400 });
    const response = await call(owner, "POST", "/products/bulk", { ids: [a.id, b.id, 3], changes: { sale_price: 500 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().updated, response.body).toEqual([a.id]);
    expect(response.json().failed).toEqual([
      expect.objectContaining({ id: b.id, code: "rest_invalid_param", details: { sale_price: expect.any(Object) } }),
      expect.objectContaining({ id: 3, code: "rest_invalid_param" }),
    ]);
    expect((await store(`/products/${a.id}`)).json().prices.price).toBe("500");

    const stock = await call(owner, "POST", "/products/bulk", { ids: [a.id, b.id], changes: { stock_quantity: 0, status: "draft" } });
    expect(stock.json()).toEqual({ updated: [a.id, b.id], failed: [] });
    const read = (await call(owner, "GET", `/products/${b.id}`)).json();
    expect(read).toMatchObject({ manage_stock: true, stock_quantity: 0, stock_status: "outofstock", status: "draft" });
    expect((await store(`/products/${a.id}`)).statusCode).toBe(404);
    expect((await changeRows(b.id)).map((row) => row.action)).toEqual(["create", "update"]);
  });

  it("gives a variable product's new stock status to its variations that count no stock, and refuses one with none to take it", async () => {
    const variable = (name: string, variations: Record<string, unknown>[]) =>
      create({
        name,
        type: "variable",
        regular_price: null,
        attributes: [{ attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true }],
        variations: variations.map((fields, i) => ({
          attributes: [{ attribute_id: color.id, term_id: i === 0 ? color.blue : color.red }],
          regular_price: 3000,
          ...fields,
        })),
      });
    // Blue counts no stock; Red counts 4 of its own.
    const mixed = await variable("Bulk Scarf", [{}, { manage_stock: true, stock_quantity: 4 }]);
    const counted = await variable("Bulk Gloves", [
      { manage_stock: true, stock_quantity: 2 },
      { manage_stock: true, stock_quantity: 5 },
    ]);
    const simple = await create({ name: "Bulk Three", regular_price: 900 });

    const response = await call(owner, "POST", "/products/bulk", {
      ids: [mixed.id, counted.id, simple.id],
      changes: { stock_status: "outofstock" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      updated: [mixed.id, simple.id],
      failed: [
        {
          id: counted.id,
          code: "rest_invalid_param",
          message: expect.any(String),
          details: {
            stock_status: expect.objectContaining({
              message:
                "Each of its variations counts its stock, so their quantities decide whether it is in stock: change their quantities in the product's editor instead.",
            }),
          },
        },
      ],
    });
    // The scarf's Blue took it; Red keeps the status its 4 give; the scarf shows in stock through Red.
    const scarf = (await call(owner, "GET", `/products/${mixed.id}`)).json();
    expect(scarf.variations.map((v: { stock_status: string }) => v.stock_status)).toEqual(["outofstock", "instock"]);
    expect((await store(`/products/${mixed.id}`)).json().is_in_stock).toBe(true);
    const blue = (await store(`/products/${scarf.variations[0].id}`)).json();
    expect(blue.is_in_stock).toBe(false);
    // Nothing of the gloves changed, and a simple product takes the status as before.
    expect((await changeRows(counted.id)).map((row) => row.action)).toEqual(["create"]);
    expect((await call(owner, "GET", `/products/${simple.id}`)).json().stock_status).toBe("outofstock");

    // Back in stock: Blue takes it again, so the scarf stays in stock with either variation.
    const back = await call(owner, "POST", "/products/bulk", { ids: [mixed.id], changes: { stock_status: "instock" } });
    expect(back.json()).toEqual({ updated: [mixed.id], failed: [] });
    expect((await store(`/products/${scarf.variations[0].id}`)).json().is_in_stock).toBe(true);
  });

  it("refuses a variable product's stock status while it has no variations, saying why", async () => {
    const bare = await create({
      name: "Bulk Bare",
      type: "variable",
      regular_price: null,
      attributes: [{ attribute_id: color.id, term_ids: [color.blue], used_for_variations: true }],
    });
    const response = await call(owner, "POST", "/products/bulk", { ids: [bare.id], changes: { stock_status: "onbackorder" } });
    expect(response.json().failed[0].details.stock_status.message).toBe(
      "It has no variations yet, and a variable product is in stock only through them: add its variations first.",
    );
  });
});

describe("the demo catalogue saved back through the API", () => {
  it("leaves every product as DEMO.md has it", async () => {
    const demoIds = (
      await shop.db
        .selectFrom("products")
        .select("id")
        .where(
          "slug",
          "in",
          DEMO_PRODUCTS.map((p) => p.slug),
        )
        .execute()
    ).map((row) => Number(row.id));
    expect(demoIds).toHaveLength(DEMO_PRODUCTS.length);
    const everything = async () => {
      const listing = (await store("/products?per_page=100&orderby=id")).json();
      const one = await Promise.all(demoIds.map(async (id) => (await store(`/products/${id}`)).json()));
      const variations = (await store("/products/hoodie")).json().variations;
      const categories = await listCategories({ db: shop.db });
      return { listing, one, variations, categories };
    };
    const rows = () =>
      shop.db
        .selectFrom("products")
        .selectAll()
        .where("id", "in", demoIds)
        .orderBy("id")
        .execute()
        .then((found) => found.map(({ updated_at, ...row }) => row));
    const before = await everything();
    const rowsBefore = await rows();
    const hoodieBefore = (await shop.db.selectFrom("products").selectAll().where("parent_id", "=", 3).orderBy("id").execute()).map(
      ({ updated_at, ...row }) => row,
    );
    expect(before.one.map((p: { slug: string }) => p.slug)).toContain("secret-item");
    for (const id of demoIds) {
      const product = (await call(owner, "GET", `/products/${id}`)).json();
      const saved = await call(owner, "PUT", `/products/${id}`, editable(product));
      expect(saved.statusCode, `${product.slug}: ${saved.body}`).toBe(200);
    }
    expect(await everything()).toEqual(before);
    expect(await rows()).toEqual(rowsBefore);
    const hoodieAfter = (await shop.db.selectFrom("products").selectAll().where("parent_id", "=", 3).orderBy("id").execute()).map(
      ({ updated_at, ...row }) => row,
    );
    expect(hoodieAfter).toEqual(hoodieBefore);
  });
});

describe("a second server process over the same database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop);
    other = second.app;
  });
  afterAll(() => second.close());

  it("shows the owner's change to a product, its listing and a cart on the next request", async () => {
    const product = await create({ name: "Two Process Kettle", regular_price: 3000, category_ids: [clothing] });
    const shopper = new StoreClient(other);
    await shopper.cart("POST", "/cart/add-item", { id: product.id, quantity: 1 });
    // The other process now holds the product, its listing and the cart's reply in its caches.
    expect((await store(`/products/${product.slug}`, other)).json().prices.price).toBe("3000");
    expect((await store("/products?search=kettle", other)).json()).toHaveLength(1);
    expect((await shopper.cart("GET", "/cart")).items[0].prices.price).toBe("3000");

    expect((await call(owner, "PATCH", `/products/${product.id}`, { regular_price: 3500, name: "Two Process Teapot" })).statusCode).toBe(
      200,
    );
    expect((await store(`/products/${product.slug}`, other)).json()).toMatchObject({
      name: "Two Process Teapot",
      prices: { price: "3500" },
    });
    expect((await store("/products?search=kettle", other)).json()).toEqual([]);
    expect((await shopper.cart("GET", "/cart")).items[0].prices.price).toBe("3500");

    expect((await call(owner, "PATCH", `/products/${product.id}`, { status: "draft" })).statusCode).toBe(200);
    expect((await store(`/products/${product.slug}`, other)).statusCode).toBe(404);
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);
  });
});
