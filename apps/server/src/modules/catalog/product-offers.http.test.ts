/**
 * Upsells and related products on SQLite and PostgreSQL: the owner API's `upsell_ids` (read, written,
 * checked like cross-sells), which products a product page offers (shared categories, tags and brands, the
 * product and its upsells left out, drafts, hidden products and, when the shop hides them, those out
 * of stock), prices at the request's clock from warm caches, and the page's server-rendered sections
 * with their add-to-cart links working without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { type StoreClient, variationId } from "../../../../../test/store-client.ts";
import { getProductOffers } from "./catalog.service.ts";

const ADMIN = "/api/admin/v1";

let shop: TestShop;
let owner: StoreClient;
const ids: Record<string, number> = {};

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  owner.request(method, `${ADMIN}${path}`, body);

async function patched(slug: string, changes: Record<string, unknown>) {
  const response = await call("PATCH", `/products/${ids[slug]}`, changes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function refusedFields(method: "POST" | "PUT" | "PATCH", path: string, body: unknown) {
  const response = await call(method, path, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return response.json().data.params as Record<string, string>;
}

async function hideOutOfStock(hide: boolean) {
  const current = (await call("GET", "/settings/inventory")).json();
  const response = await call("PUT", "/settings/inventory", { ...current, hide_out_of_stock: hide });
  expect(response.statusCode, response.body).toBe(200);
}

/** The names a product page's section shows, in order ([] when the page has no such section). */
function sectionNames(html: string, id: "upsells" | "related"): string[] {
  const section = new RegExp(`<section class="product-offers product-offers--${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
  return [...section.matchAll(/<h3 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1] as string);
}

const page = async (slug: string) => {
  const response = await shop.app.inject(`/product/${slug}`);
  expect(response.statusCode).toBe(200);
  return response.body;
};

const offered = async (slug: string) => {
  const offers = await getProductOffers(testContext(shop), ids[slug] as number);
  return { upsells: offers.upsells.map((p) => p.slug), related: offers.related.map((p) => p.slug) };
};

beforeAll(async () => {
  shop = await createTestShop({ web: true, rateLimit: false });
  owner = await signedInOwner(shop);
  const rows = await shop.db.selectFrom("products").select(["id", "slug"]).where("parent_id", "is", null).execute();
  for (const row of rows) ids[row.slug] = Number(row.id);
});
afterAll(() => shop?.close());

describe("the owner API's upsells", () => {
  it("are written and read in the owner's order, each once, and kept by a change of other fields", async () => {
    const created = await call("POST", "/products", {
      name: "Upsell holder",
      regular_price: 1000,
      upsell_ids: [ids["wool-scarf"], ids.beanie, ids["wool-scarf"]],
      cross_sell_ids: [ids.beanie],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ upsell_ids: [ids["wool-scarf"], ids.beanie], cross_sell_ids: [ids.beanie] });
    const id = created.json().id as number;
    expect((await call("GET", `/products/${id}`)).json().upsell_ids).toEqual([ids["wool-scarf"], ids.beanie]);
    expect((await call("PATCH", `/products/${id}`, { name: "Upsell holder, renamed" })).json().upsell_ids).toEqual([
      ids["wool-scarf"],
      ids.beanie,
    ]);
    expect((await call("PATCH", `/products/${id}`, { upsell_ids: [ids.beanie, ids["wool-scarf"]] })).json().upsell_ids).toEqual([
      ids.beanie,
      ids["wool-scarf"],
    ]);
    expect((await call("PATCH", `/products/${id}`, { upsell_ids: [] })).json().upsell_ids).toEqual([]);
    // A product written without the field has none.
    expect((await call("POST", "/products", { name: "No upsells", regular_price: 100 })).json().upsell_ids).toEqual([]);
    const schema = (await shop.app.inject("/api/docs/json")).json().paths["/api/admin/v1/products"].post.requestBody.content[
      "application/json"
    ].schema;
    expect(Object.keys(schema.properties)).toContain("upsell_ids");
  });

  it("refuses the product itself, a product that does not exist and a variation, each with its reason", async () => {
    const own = (await call("POST", "/products", { name: "Self seller", regular_price: 100 })).json();
    expect(await refusedFields("PATCH", `/products/${own.id}`, { upsell_ids: [ids.beanie, own.id] })).toEqual({
      upsell_ids: "A product cannot be its own upsell.",
    });
    expect(await refusedFields("POST", "/products", { name: "Missing upsell", regular_price: 100, upsell_ids: [999_997] })).toEqual({
      upsell_ids: "No product has the id 999997.",
    });
    const blueM = await variationId(shop.app, "hoodie", ["blue", "m"]);
    expect(await refusedFields("POST", "/products", { name: "Variation upsell", regular_price: 100, upsell_ids: [blueM] })).toEqual({
      upsell_ids: `No product has the id ${blueM}.`,
    });
    const response = await call("POST", "/products", { name: "Bad ids", regular_price: 100, upsell_ids: ["many"] });
    expect(response.statusCode).toBe(400);
    // Nothing refused was kept.
    expect((await call("GET", `/products/${own.id}`)).json().upsell_ids).toEqual([]);
  });
});

describe("a product page's offers", () => {
  it("relates the products sharing the most categories and tags first, then in the shop's order, four at most", async () => {
    // The hoodie is in Clothing, tagged winter and cotton: the T-shirt and the socks share two terms, the rest one.
    expect(await offered("hoodie")).toEqual({ upsells: [], related: ["classic-t-shirt", "socks-3-pack", "beanie", "canvas-tote-bag"] });
    const html = await page("hoodie");
    expect(html).not.toContain("You may also like…");
    expect(html).toContain('<h2 id="related-heading">Related products</h2>');
    expect(sectionNames(html, "related")).toEqual(["Classic T-Shirt", "Socks 3-Pack", "Beanie", "Canvas Tote Bag"]);
    // One category and no tags: the other accessories in the shop's order.
    expect((await offered("leather-wallet")).related).toEqual(["beanie", "canvas-tote-bag", "wool-scarf", "baseball-cap"]);
    // A product sharing no term has no related products, and the page no section.
    const uncategorised = (await call("POST", "/products", { name: "Loner", regular_price: 100 })).json();
    ids.loner = uncategorised.id;
    expect(await offered("loner")).toEqual({ upsells: [], related: [] });
    expect(await page("loner")).not.toContain("product-offers");
  });

  it("shows the upsells the shop may offer in the owner's order, and leaves them out of the related products", async () => {
    const draft = (await call("POST", "/products", { name: "Draft upsell", status: "draft", regular_price: 100 })).json();
    const searchOnly = (
      await call("POST", "/products", { name: "Search-only upsell", catalog_visibility: "search", regular_price: 100 })
    ).json();
    await patched("hoodie", {
      upsell_ids: [ids["discontinued-mug"], draft.id, ids["secret-item"], searchOnly.id, ids.beanie],
    });
    // The mug is out of stock but the shop lists such products; the draft, the hidden and the search-only ones are not offered.
    expect(await offered("hoodie")).toEqual({
      upsells: ["discontinued-mug", "beanie"],
      related: ["classic-t-shirt", "socks-3-pack", "canvas-tote-bag", "wool-scarf"],
    });
    const html = await page("hoodie");
    expect(html).toContain('<h2 id="upsells-heading">You may also like…</h2>');
    expect(html.indexOf("upsells-heading")).toBeLessThan(html.indexOf("related-heading"));
    expect(sectionNames(html, "upsells")).toEqual(["Discontinued Mug", "Beanie"]);
    expect(sectionNames(html, "related")).toEqual(["Classic T-Shirt", "Socks 3-Pack", "Canvas Tote Bag", "Wool Scarf"]);
  });

  it("leaves out drafts, hidden products and, once the shop hides them, products out of stock", async () => {
    await patched("classic-t-shirt", { status: "draft" });
    await patched("canvas-tote-bag", { catalog_visibility: "hidden" });
    expect((await offered("hoodie")).related).toEqual(["socks-3-pack", "wool-scarf", "linen-shirt", "denim-jacket"]);
    await patched("socks-3-pack", { manage_stock: false, stock_status: "outofstock" });
    // Listed out of stock while the shop lists such products.
    expect((await offered("hoodie")).related).toEqual(["socks-3-pack", "wool-scarf", "linen-shirt", "denim-jacket"]);
    await hideOutOfStock(true);
    expect(await offered("hoodie")).toEqual({
      upsells: ["beanie"],
      related: ["wool-scarf", "linen-shirt", "denim-jacket", "throw-blanket"],
    });
    const html = await page("hoodie");
    expect(sectionNames(html, "upsells")).toEqual(["Beanie"]);
    expect(sectionNames(html, "related")).toEqual(["Wool Scarf", "Linen Shirt", "Denim Jacket", "Throw Blanket"]);
    await hideOutOfStock(false);
    expect((await offered("hoodie")).upsells).toEqual(["discontinued-mug", "beanie"]);
    await patched("classic-t-shirt", { status: "publish" });
    await patched("canvas-tote-bag", { catalog_visibility: "visible" });
    await patched("socks-3-pack", { stock_status: "instock" });
    expect((await offered("hoodie")).related).toEqual(["classic-t-shirt", "socks-3-pack", "canvas-tote-bag", "wool-scarf"]);
  });

  it("relates products of the same brand, a shared brand counting as one more shared term, and forgets it when the brand goes", async () => {
    // Two products sharing no category or tag with each other: the brand alone relates them.
    const brand = await call("POST", "/brands", { name: "Northwind Works" });
    expect(brand.statusCode, brand.body).toBe(201);
    const brandId = brand.json().id as number;
    const flask = (await call("POST", "/products", { name: "Brand flask", regular_price: 900, brand_ids: [brandId] })).json();
    ids["brand-flask"] = flask.id;
    expect(await offered("brand-flask")).toEqual({ upsells: [], related: [] });
    await patched("loner", { brand_ids: [brandId] });
    expect((await offered("brand-flask")).related).toEqual(["loner"]);
    expect((await offered("loner")).related).toEqual(["brand-flask"]);
    expect(sectionNames(await page("loner"), "related")).toEqual(["Brand flask"]);
    // Ties (one shared term each) go in the shop's order: the demo wallet has a menu order, the new loner none.
    await patched("leather-wallet", { brand_ids: [brandId] });
    expect((await offered("brand-flask")).related).toEqual(["loner", "leather-wallet"]);
    // A product with the brand and a shared category comes before those with one of them.
    await patched("beanie", { brand_ids: [brandId] });
    expect((await offered("leather-wallet")).related[0]).toBe("beanie");
    // Deleting the brand unlinks the products: the brand no longer relates them.
    expect((await call("DELETE", `/brands/${brandId}`)).statusCode).toBe(204);
    expect(await offered("brand-flask")).toEqual({ upsells: [], related: [] });
    expect((await offered("leather-wallet")).related).toEqual(["beanie", "canvas-tote-bag", "wool-scarf", "baseball-cap"]);
  });

  it("prices each offer at the request's clock from caches already warm, its sale starting and ending unwritten", async () => {
    const STARTS = "2031-05-01T00:00:00.000Z";
    const ENDS = "2031-05-08T00:00:00.000Z";
    const sale = (
      await call("POST", "/products", {
        name: "Timed upsell",
        regular_price: 1000,
        sale_price: 600,
        sale_starts_at: STARTS,
        sale_ends_at: ENDS,
      })
    ).json();
    const holder = (await call("POST", "/products", { name: "Timed holder", regular_price: 500, upsell_ids: [sale.id] })).json();
    const at = async (now: string) => (await getProductOffers(testContext(shop, undefined, new Date(now)), holder.id)).upsells[0];
    for (let i = 0; i < 2; i++) expect(await at("2031-04-30T23:59:59.999Z")).toMatchObject({ on_sale: false, prices: { price: "1000" } });
    expect(await at(STARTS)).toMatchObject({ on_sale: true, prices: { price: "600", regular_price: "1000" } });
    expect(await at(ENDS)).toMatchObject({ on_sale: false, prices: { price: "1000" } });
  });

  it("adds an offered product to the cart from its card's link without JavaScript, and comes back to the product saying so", async () => {
    const html = await page("hoodie");
    // A simple product in stock has the listing's add-to-cart link; a variable one would link to its page.
    expect(html).toContain(`href="?add-to-cart=${ids["classic-t-shirt"]}"`);
    const added = await shop.app.inject(`/product/hoodie?add-to-cart=${ids["classic-t-shirt"]}`);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/product/hoodie?added=${ids["classic-t-shirt"]}`);
    const cookie = String(added.headers["set-cookie"]).split(";")[0] as string;
    const back = await shop.app.inject({ url: String(added.headers.location), headers: { cookie } });
    expect(back.body).toContain("“Classic T-Shirt” was added to your cart.");
    const cart = await shop.app.inject({ url: "/api/store/v1/cart", headers: { cookie } });
    expect(cart.json().items.map((item: { id: number }) => item.id)).toEqual([ids["classic-t-shirt"]]);
    // A refused add says why on the page itself: no redirect carrying the reason in its address.
    const refused = await shop.app.inject({ url: `/product/hoodie?add-to-cart=${ids["secret-item"]}0`, headers: { cookie } });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toMatch(/<p class="notice notice--error" role="alert">[^<]+<\/p>/);
  });
});
