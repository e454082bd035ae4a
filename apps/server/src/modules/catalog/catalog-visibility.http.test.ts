/**
 * GET /products' catalog_visibility, parent and parent_exclude (decision 0151), on SQLite and PostgreSQL: without
 * catalog_visibility the shop's own listing (shop-only products in listings, search-only ones in search, hidden ones
 * never); with it, WooCommerce's reading, hidden products only when the caller names them; parent as WooCommerce's
 * post_parent, 0 for every listed product. Collection data reads the same parameters.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";

let shop: TestShop;
let hoodie: number;

async function listed(query: string): Promise<string[]> {
  const response = await shop.app.inject(`/api/store/v1/products?per_page=100&orderby=id&${query}`);
  expect(response.statusCode, `${query}: ${response.body.slice(0, 300)}`).toBe(200);
  return (response.json() as StoreProduct[]).map((p) => p.slug);
}

async function refused(path: string): Promise<Record<string, string>> {
  const response = await shop.app.inject(`/api/store/v1/${path}`);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(400);
  expect(response.json().code).toBe("rest_invalid_param");
  return response.json().data.params;
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  const owner = await signedInOwner(shop);
  // A lamp of each visibility beside the demo's hidden Secret Item, all with "lamp" in their names for the searches.
  for (const [name, catalog_visibility] of [
    ["Shop-only Lamp", "catalog"],
    ["Search-only Lamp", "search"],
    ["Visible Lamp", "visible"],
  ]) {
    const response = await adminCall(owner, "POST", "/products", { name, catalog_visibility, regular_price: 2500 });
    expect(response.statusCode, response.body).toBe(201);
  }
  hoodie = Number((await shop.db.selectFrom("products").select("id").where("slug", "=", "hoodie").executeTakeFirstOrThrow()).id);
});
afterAll(() => shop?.close());

const LAMPS = ["shop-only-lamp", "search-only-lamp", "visible-lamp"];
const lamps = (slugs: string[]) => slugs.filter((s) => LAMPS.includes(s) || s === "secret-item");

describe("GET /products: catalog_visibility", () => {
  it("without it lists what the shop lists: shop-only products, and search-only ones when searching; hidden ones never", async () => {
    expect(lamps(await listed(""))).toEqual(["shop-only-lamp", "visible-lamp"]);
    expect(await listed("search=lamp")).toEqual(["search-only-lamp", "visible-lamp"]);
    expect(await listed("search=secret")).toEqual([]);
  });

  it("reads WooCommerce's values: visible alone, catalog and search with the visible ones, hidden alone, or any", async () => {
    expect(lamps(await listed("catalog_visibility=visible"))).toEqual(["visible-lamp"]);
    expect(lamps(await listed("catalog_visibility=catalog"))).toEqual(["shop-only-lamp", "visible-lamp"]);
    expect(lamps(await listed("catalog_visibility=search"))).toEqual(["search-only-lamp", "visible-lamp"]);
    // A hidden product is published and open at its own address; a caller naming hidden ones gets them, as from WooCommerce.
    expect(await listed("catalog_visibility=hidden")).toEqual(["secret-item"]);
    expect(lamps(await listed("catalog_visibility=any"))).toEqual(["secret-item", ...LAMPS]);
    // With a search too: both hold.
    expect(await listed("search=lamp&catalog_visibility=catalog")).toEqual(["shop-only-lamp", "visible-lamp"]);
    expect(await listed("search=secret&catalog_visibility=any")).toEqual(["secret-item"]);
  });

  it("counts in collection data the products it lists", async () => {
    const counts = async (query: string) => {
      const response = await shop.app.inject(`/api/store/v1/products/collection-data?calculate_price_range=true&search=lamp&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().price_range.min_price;
    };
    expect(await counts("catalog_visibility=hidden")).toBe("");
    expect(await counts("catalog_visibility=visible")).toBe("2500");
  });

  it("refuses a value it does not know, and the bracketed form, by its name", async () => {
    expect(await refused("products?catalog_visibility=secret")).toEqual({
      catalog_visibility: 'catalog_visibility must be one of "any", "visible", "catalog", "search", "hidden"',
    });
    expect(await refused("products?catalog_visibility[]=hidden")).toEqual({
      "catalog_visibility[]": "catalog_visibility takes one value: send catalog_visibility=… without brackets.",
    });
  });
});

describe("GET /products: parent and parent_exclude", () => {
  it("read WooCommerce's post_parent: 0 for every listed product, a variable product's variations never listed on their own", async () => {
    const all = await listed("");
    expect(await listed("parent=0")).toEqual(all);
    expect(await listed(`parent=${hoodie}`)).toEqual([]);
    expect(await listed(`parent[]=${hoodie}&parent[]=0`)).toEqual(all);
    expect(await listed("parent_exclude=0")).toEqual([]);
    expect(await listed(`parent_exclude=${hoodie},9999999999`)).toEqual(all);
    expect(await listed("parent=0&slug=hoodie")).toEqual(["hoodie"]);
  });

  it("refuse a value that is not a product id, by the parameter's name", async () => {
    expect(await refused("products?parent=hoodie&parent_exclude[]=-1")).toEqual({
      parent: "parent has 'hoodie', which is not a product id (0 for no parent).",
      parent_exclude: "parent_exclude has '-1', which is not a product id (0 for no parent).",
    });
    expect(await refused("products/collection-data?calculate_price_range=true&parent=1.5")).toEqual({
      parent: "parent has '1.5', which is not a product id (0 for no parent).",
    });
  });
});
