/**
 * The owner's categories, tags and attributes (issue 19, decision 0043) on SQLite and PostgreSQL:
 * who may call them, every call, the field checks, refusals that keep the shop whole, the change
 * log, and a second server process showing a change on its next request.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { expectSavedAsRead, signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { listCategories } from "./catalog.service.ts";

const ADMIN = "/api/admin/v1";

let shop: TestShop;
let owner: StoreClient;

const call = (client: StoreClient, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);
const store = (path: string, app: FastifyInstance = shop.app) => app.inject(`/api/store/v1${path}`);
const changeActions = async (entity: string, id: number) =>
  (
    await shop.db
      .selectFrom("change_log")
      .select("action")
      .where("entity", "=", entity)
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute()
  ).map((row) => row.action);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
});
afterAll(() => shop.close());

describe("who may call them", () => {
  it("answers a guest 401, a shopper 403, and a manager's calls", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    for (const path of ["/categories", "/tags", "/attributes"]) {
      expect((await shop.app.inject(`${ADMIN}${path}`)).statusCode).toBe(401);
      expect((await call(jane, "GET", path)).statusCode).toBe(403);
      expect((await call(jane, "POST", path, { name: "Nope" })).statusCode).toBe(403);
    }
    const email = "max@taxonomies.test";
    expect((await new StoreClient(shop.app).post("/account/register", { email, password: "manager-password-2026" })).statusCode).toBe(201);
    await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
    const manager = await signedIn(shop.app, email, "manager-password-2026");
    expect((await call(manager, "GET", "/categories")).statusCode).toBe(200);
    expect((await call(manager, "POST", "/tags", { name: "Manager Tag" })).statusCode).toBe(201);
  });

  it("are in the OpenAPI document under the owner tag", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    for (const kind of ["categories", "tags", "attributes"]) {
      for (const method of ["get", "post"]) expect(paths[`/api/admin/v1/${kind}`][method].tags).toEqual(["owner"]);
      for (const method of ["get", "put", "patch", "delete"]) expect(paths[`/api/admin/v1/${kind}/{id}`][method].tags).toEqual(["owner"]);
    }
  });
});

describe("categories", () => {
  it("creates, reads, changes and deletes one, each logged, the shop following", async () => {
    const made = await call(owner, "POST", "/categories", { name: "Garden Tools", description: "<p>Dig <script>x()</script>in.</p>" });
    expect(made.statusCode, made.body).toBe(201);
    const category = made.json();
    expect(category).toMatchObject({ name: "Garden Tools", slug: "garden-tools", parent_id: null, description: "<p>Dig in.</p>" });
    const listed = (await call(owner, "GET", "/categories")).json().categories;
    expect(listed.find((c: { id: number }) => c.id === category.id)).toMatchObject({ count: 0 });
    expect(listed.find((c: { slug: string }) => c.slug === "clothing").count).toBeGreaterThan(0);

    const trowel = await call(owner, "POST", "/products", { name: "Trowel", regular_price: 900, category_ids: [category.id] });
    expect(trowel.statusCode).toBe(201);
    expect((await store("/products?category=garden-tools")).json().map((p: { name: string }) => p.name)).toEqual(["Trowel"]);

    const child = (await call(owner, "POST", "/categories", { name: "Spades", parent_id: category.id })).json();
    const renamed = await call(owner, "PATCH", `/categories/${category.id}`, { name: "Garden", slug: "garden" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Garden", slug: "garden", description: "<p>Dig in.</p>" });
    expect((await store("/products?category=garden")).json()).toHaveLength(1);
    // A read counts the products a delete would take the category from (the console's confirm names them).
    expect((await call(owner, "GET", `/categories/${category.id}`)).json()).toMatchObject({ name: "Garden", count: 1 });
    expect((await call(owner, "GET", `/categories/${child.id}`)).json()).toMatchObject({ count: 0 });

    expect((await call(owner, "DELETE", `/categories/${category.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/categories/${category.id}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", `/categories/${child.id}`)).json().parent_id).toBeNull();
    expect((await call(owner, "GET", `/products/${trowel.json().id}`)).json().category_ids).toEqual([]);
    expect(await changeActions("category", category.id)).toEqual(["create", "update", "delete"]);
  });

  it("refuses a bad or taken slug, a missing parent, a loop, and a category a coupon names", async () => {
    const clothing = (await call(owner, "GET", "/categories")).json().categories.find((c: { slug: string }) => c.slug === "clothing");
    const taken = await call(owner, "POST", "/categories", { name: "Clothes", slug: "clothing" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "cw_rest_category_slug_exists", data: { details: { slug: expect.any(Object) } } });
    const bad = await call(owner, "POST", "/categories", { name: "Bad", slug: "Bad Slug", parent_id: 999_999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toEqual({
      slug: "A slug has only lower-case letters, digits and single hyphens between them.",
      parent_id: "No category has the id 999999.",
    });
    const top = (await call(owner, "POST", "/categories", { name: "Loop Top" })).json();
    const below = (await call(owner, "POST", "/categories", { name: "Loop Below", parent_id: top.id })).json();
    const loop = await call(owner, "PATCH", `/categories/${top.id}`, { parent_id: below.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().data.params.parent_id).toMatch(/inside itself/);

    const coupon = await call(owner, "POST", "/coupons", { code: "clothes5", type: "percent", amount: 500, category_ids: [clothing.id] });
    expect(coupon.statusCode).toBe(201);
    const named = await call(owner, "DELETE", `/categories/${clothing.id}`);
    expect(named.statusCode).toBe(409);
    expect(named.json()).toMatchObject({ code: "cw_rest_category_in_use", message: expect.stringContaining("clothes5") });
  });
});

describe("tags", () => {
  it("creates, renames and deletes one, the products following", async () => {
    const tag = (await call(owner, "POST", "/tags", { name: "Hand Made" })).json();
    expect(tag).toMatchObject({ name: "Hand Made", slug: "hand-made" });
    const product = (await call(owner, "POST", "/products", { name: "Basket", regular_price: 1000, tag_ids: [tag.id] })).json();
    expect((await store(`/products/${product.id}`)).json().tags).toMatchObject([{ name: "Hand Made", slug: "hand-made" }]);
    expect((await call(owner, "PUT", `/tags/${tag.id}`, { name: "Handmade", slug: "handmade" })).statusCode).toBe(200);
    expect((await store(`/products/${product.id}`)).json().tags).toMatchObject([{ name: "Handmade", slug: "handmade" }]);
    expect((await call(owner, "GET", "/tags")).json().tags.find((t: { id: number }) => t.id === tag.id)).toMatchObject({ count: 1 });
    expect((await call(owner, "GET", `/tags/${tag.id}`)).json()).toMatchObject({ name: "Handmade", count: 1 });
    expect((await call(owner, "POST", "/tags", { name: "Cotton again", slug: "cotton" })).statusCode).toBe(409);
    expect((await call(owner, "POST", "/tags", { name: " " })).json().data.params).toMatchObject({ name: "Enter a name." });
    expect((await call(owner, "DELETE", `/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await store(`/products/${product.id}`)).json().tags).toEqual([]);
    expect(await changeActions("tag", tag.id)).toEqual(["create", "update", "delete"]);
  });
});

describe("a save's reply", () => {
  it("is the category, brand, tag or attribute as a read made right after it answers it, its count of products too", async () => {
    const kinds = [
      { path: "/categories", body: { name: "Same Shape Category" }, link: "category_ids" },
      { path: "/brands", body: { name: "Same Shape Brand" }, link: "brand_ids" },
      { path: "/tags", body: { name: "Same Shape Tag" }, link: "tag_ids" },
      { path: "/attributes", body: { name: "Same Shape Size", terms: [{ name: "Tiny" }] }, link: "" },
    ];
    for (const { path, body, link } of kinds) {
      const create = await call(owner, "POST", path, body);
      const created = await expectSavedAsRead(owner, create, `${path}/${create.json().id}`);
      expect(created.count).toBe(0);
      if (link) {
        const made = await call(owner, "POST", "/products", { name: `In ${body.name}`, regular_price: 500, [link]: [created.id] });
        expect(made.statusCode, made.body).toBe(201);
      }
      const replaced = await call(owner, "PUT", `${path}/${created.id}`, { ...body, name: `${body.name} 2`, version: created.version });
      expect((await expectSavedAsRead(owner, replaced, `${path}/${created.id}`)).count).toBe(link ? 1 : 0);
      const changed = await call(owner, "PATCH", `${path}/${created.id}`, { name: `${body.name} 3` });
      expect((await expectSavedAsRead(owner, changed, `${path}/${created.id}`)).name).toBe(`${body.name} 3`);
    }
  });
});

describe("attributes and their terms", () => {
  it("creates one with terms a product's variations use, and refuses to drop a term or attribute in use", async () => {
    const made = await call(owner, "POST", "/attributes", {
      name: "Material",
      terms: [
        { name: "Wool", slug: "" },
        { name: "Linen", slug: "linen" },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const material = made.json();
    expect(material).toMatchObject({
      slug: "material",
      terms: [
        { name: "Wool", slug: "wool" },
        { name: "Linen", slug: "linen" },
      ],
    });
    const [wool, linen] = material.terms;
    const scarf = await call(owner, "POST", "/products", {
      name: "Scarf",
      type: "variable",
      attributes: [{ attribute_id: material.id, term_ids: [wool.id, linen.id], used_for_variations: true }],
      variations: [
        { attributes: [{ attribute_id: material.id, term_id: wool.id }], regular_price: 3000 },
        { attributes: [{ attribute_id: material.id, term_id: linen.id }], regular_price: 2500 },
      ],
    });
    expect(scarf.statusCode, scarf.body).toBe(201);

    // Renamed terms follow on the product page; a new term is added.
    const renamed = await call(owner, "PUT", `/attributes/${material.id}`, {
      name: "Fabric",
      slug: "fabric",
      terms: [
        { id: wool.id, name: "Merino", slug: "merino" },
        { id: linen.id, name: "Linen", slug: "linen" },
        { name: "Silk", slug: "silk" },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shown = (await store("/products/scarf")).json();
    expect(shown.attributes[0]).toMatchObject({ name: "Fabric", taxonomy: "pa_fabric" });
    expect(shown.variations.map((v: { attributes: { value: string }[] }) => v.attributes[0]?.value)).toEqual(["merino", "linen"]);

    const dropped = await call(owner, "PATCH", `/attributes/${material.id}`, { terms: [{ id: wool.id, name: "Merino", slug: "merino" }] });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toMatchObject({
      code: "cw_rest_term_in_use",
      message: expect.stringContaining("Linen"),
      data: { term_ids: [linen.id] },
    });
    const inUse = await call(owner, "DELETE", `/attributes/${material.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe("cw_rest_attribute_in_use");

    const twins = await call(owner, "POST", "/attributes", {
      name: "Finish",
      terms: [
        { name: "Matt", slug: "matt" },
        { name: "Matt 2", slug: "matt" },
      ],
    });
    expect(twins.statusCode).toBe(400);
    expect(twins.json().data.params).toEqual({ "terms[1].slug": "Term 1 already has this slug." });
    expect((await call(owner, "POST", "/attributes", { name: "Color again", slug: "color" })).statusCode).toBe(409);
    const unused = (await call(owner, "POST", "/attributes", { name: "Unused" })).json();
    expect((await call(owner, "DELETE", `/attributes/${unused.id}`)).statusCode).toBe(204);
    expect(await changeActions("attribute", material.id)).toEqual(["create", "update"]);
  });

  it("counts the products offering each attribute and using each term, a variation as its product", async () => {
    const size = (
      await call(owner, "POST", "/attributes", {
        name: "Cup size",
        terms: [
          { name: "Small", slug: "" },
          { name: "Large", slug: "" },
          { name: "Huge", slug: "" },
        ],
      })
    ).json();
    expect(size).toMatchObject({ count: 0, terms: [{ count: 0 }, { count: 0 }, { count: 0 }] });
    const [small, large] = size.terms;
    for (const name of ["Mug", "Tumbler"]) {
      const made = await call(owner, "POST", "/products", {
        name,
        type: "variable",
        attributes: [{ attribute_id: size.id, term_ids: name === "Mug" ? [small.id, large.id] : [small.id], used_for_variations: true }],
        variations: [{ attributes: [{ attribute_id: size.id, term_id: small.id }], regular_price: 900 }],
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const counts = {
      count: 2,
      terms: [
        { name: "Small", count: 2 },
        { name: "Large", count: 1 },
        { name: "Huge", count: 0 },
      ],
    };
    expect((await call(owner, "GET", `/attributes/${size.id}`)).json()).toMatchObject(counts);
    const listed = (await call(owner, "GET", "/attributes")).json().attributes.find((a: { id: number }) => a.id === size.id);
    expect(listed).toMatchObject(counts);
    // A reply sent back as it came (counts and all) is a valid write; the counts are the server's, not the sender's.
    const { id: _id, ...read } = (await call(owner, "GET", `/attributes/${size.id}`)).json();
    const resent = await call(owner, "PUT", `/attributes/${size.id}`, {
      ...read,
      count: 99,
      terms: read.terms.map((t: object) => ({ ...t, count: 7 })),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject(counts);
    expect((await call(owner, "PUT", `/attributes/${size.id}`, { ...read, count: -1 })).statusCode).toBe(400);
  });

  it("adds one term at the end of an attribute's list, its slug made from the name and unique within the attribute", async () => {
    const color = (await call(owner, "POST", "/attributes", { name: "Glaze", terms: [{ name: "Celadon", slug: "" }] })).json();
    const added = await call(owner, "POST", `/attributes/${color.id}/terms`, { name: "Ox Blood" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(Number), name: "Ox Blood", slug: "ox-blood", count: 0 });
    const again = await call(owner, "POST", `/attributes/${color.id}/terms`, { name: "Tenmoku", slug: "tenmoku" });
    expect(again.statusCode).toBe(201);
    expect((await call(owner, "GET", `/attributes/${color.id}`)).json().terms.map((t: { name: string }) => t.name)).toEqual([
      "Celadon",
      "Ox Blood",
      "Tenmoku",
    ]);

    const twin = await call(owner, "POST", `/attributes/${color.id}/terms`, { name: "Oxblood", slug: "ox-blood" });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: "cw_rest_term_slug_exists", data: { details: { slug: expect.objectContaining({}) } } });
    // Another attribute's term may share the slug.
    const other = (await call(owner, "POST", "/attributes", { name: "Clay" })).json();
    expect((await call(owner, "POST", `/attributes/${other.id}/terms`, { name: "Ox Blood" })).statusCode).toBe(201);

    const blank = await call(owner, "POST", `/attributes/${color.id}/terms`, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data.params).toEqual({ name: "Enter a name." });
    const badSlug = await call(owner, "POST", `/attributes/${color.id}/terms`, { name: "Shino", slug: "Not a slug!" });
    expect(badSlug.statusCode).toBe(400);
    expect(Object.keys(badSlug.json().data.params)).toEqual(["slug"]);
    expect((await call(owner, "POST", `/attributes/${color.id}/terms`, {})).statusCode).toBe(400);
    expect((await call(owner, "POST", "/attributes/999999/terms", { name: "Ghost" })).statusCode).toBe(404);
    expect((await call(owner, "GET", `/attributes/${color.id}`)).json().terms).toHaveLength(3);
    expect(await changeActions("attribute", color.id)).toEqual(["create", "update", "update"]);

    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await call(jane, "POST", `/attributes/${color.id}/terms`, { name: "Nope" })).statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: "POST", url: `${ADMIN}/attributes/${color.id}/terms`, payload: { name: "Nope" } })).statusCode,
    ).toBe(401);
  });
});

describe("two changes of one term at once (owner audit 2026-12-06)", () => {
  const ROUNDS = 10;
  it.each([
    [
      "/categories",
      { name: "Both kept", slug: "", description: "", parent_id: null, menu_order: 0 },
      { description: "<p>Kept.</p>" },
      "menu_order",
    ],
    [
      "/brands",
      { name: "Both kept", slug: "", description: "", parent_id: null, menu_order: 0 },
      { description: "<p>Kept.</p>" },
      "menu_order",
    ],
    ["/tags", { name: "Both kept", slug: "" }, { slug: "both-kept-too" }, "name"],
    ["/attributes", { name: "Both kept", slug: "", terms: [] }, { slug: "both-kept-too" }, "name"],
  ] as const)("%s: keeps both fields when two PATCHes of different fields arrive together", async (path, body, first, other) => {
    const created = await call(owner, "POST", path, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    for (let round = 0; round < ROUNDS; round++) {
      const value = other === "menu_order" ? round + 1 : `Both kept ${round}`;
      const [one, two] = await Promise.all([
        call(owner, "PATCH", `${path}/${id}`, { ...first }),
        call(owner, "PATCH", `${path}/${id}`, { [other]: value }),
      ]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect((await call(owner, "GET", `${path}/${id}`)).json()).toMatchObject({ ...first, [other]: value });
      // The next round starts from the first field set back.
      const reset = "description" in first ? { description: "" } : { slug: `reset-${path.slice(1)}-${round}` };
      expect((await call(owner, "PATCH", `${path}/${id}`, reset)).statusCode).toBe(200);
    }
  });
});

describe("a term saved from a stale copy (decision 0158)", () => {
  it.each([
    ["/categories", "category", { name: "Stale copy", slug: "", description: "", parent_id: null, menu_order: 0 }, { menu_order: 4 }],
    ["/brands", "brand", { name: "Stale copy", slug: "", description: "", parent_id: null, menu_order: 0 }, { menu_order: 4 }],
    ["/tags", "tag", { name: "Stale copy", slug: "" }, { slug: "stale-copy-moved" }],
    ["/attributes", "attribute", { name: "Stale copy", slug: "", terms: [] }, { slug: "stale-copy-moved" }],
  ] as const)("%s: refuses it, keeping the other editor's change, and takes it once reloaded", async (path, noun, body, otherChange) => {
    const created = await call(owner, "POST", path, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id, version, count: _count, ...opened } = created.json();
    expect((await call(owner, "PATCH", `${path}/${id}`, otherChange)).statusCode).toBe(200);

    const stale = await call(owner, "PUT", `${path}/${id}`, { ...opened, name: "Stale copy renamed", version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: `cw_rest_${noun}_changed`,
      message: `This ${noun} was changed by someone else since you opened it: reload it to see their change, then make yours again.`,
    });
    const stored = (await call(owner, "GET", `${path}/${id}`)).json();
    expect(stored).toMatchObject({ ...otherChange, name: "Stale copy" });
    expect(stale.json().data.version).toBe(stored.version);

    const renamed = await call(owner, "PATCH", `${path}/${id}`, { name: "Stale copy renamed", version: stored.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ ...otherChange, name: "Stale copy renamed" });
  });
});

describe("the demo's categories, tags and attributes saved back through the API", () => {
  it("leave the shop as it was", async () => {
    const shopNow = async () => ({
      products: (await store("/products?per_page=100&orderby=id")).json(),
      hoodie: (await store("/products/hoodie")).json(),
      categories: await listCategories({ db: shop.db }),
    });
    const before = await shopNow();
    for (const kind of ["categories", "tags", "attributes"] as const) {
      const listed = (await call(owner, "GET", `/${kind}`)).json()[kind] as { id: number }[];
      for (const item of listed) {
        const { id, count, ...body } = (await call(owner, "GET", `/${kind}/${item.id}`)).json();
        const saved = await call(owner, "PUT", `/${kind}/${id}`, body);
        expect(saved.statusCode, `${kind} ${id}: ${saved.body}`).toBe(200);
      }
    }
    expect(await shopNow()).toEqual(before);
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

  it("shows a renamed category on its product pages on the next request", async () => {
    const category = (await call(owner, "POST", "/categories", { name: "Kitchen" })).json();
    const product = (await call(owner, "POST", "/products", { name: "Whisk", regular_price: 700, category_ids: [category.id] })).json();
    expect((await store(`/products/${product.id}`, other)).json().categories[0].name).toBe("Kitchen");
    expect((await call(owner, "PATCH", `/categories/${category.id}`, { name: "Cookware" })).statusCode).toBe(200);
    expect((await store(`/products/${product.id}`, other)).json().categories[0].name).toBe("Cookware");
  });
});
