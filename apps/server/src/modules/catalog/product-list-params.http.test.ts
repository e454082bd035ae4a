/**
 * GET /products' parameters a client written for WooCommerce's Store API sends (slug, sku, include, exclude,
 * type, featured, min_price, max_price, category_operator, tag_operator, offset), on the demo catalogue, and
 * collection data reading the same ones; every wrong value refused by its parameter's name.
 */
import type { StoreProduct } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function listed(query: string): Promise<string[]> {
  const order = query.includes("orderby=") ? "" : "&orderby=id";
  const response = await shop.app.inject(`/api/store/v1/products?per_page=100${order}&${query}`);
  expect(response.statusCode, `${query}: ${response.body.slice(0, 300)}`).toBe(200);
  return (response.json() as StoreProduct[]).map((p) => p.slug);
}

async function refused(path: string): Promise<Record<string, string>> {
  const response = await shop.app.inject(`/api/store/v1/${path}`);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(400);
  const body = response.json();
  expect(body.code).toBe("rest_invalid_param");
  return body.data.params;
}

const idOf = async (slug: string) =>
  Number((await shop.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

describe("GET /products: WooCommerce's listing parameters", () => {
  it("slug limits the list to the products with those slugs, one or several separated by commas", async () => {
    expect(await listed("slug=hoodie")).toEqual(["hoodie"]);
    expect(await listed("slug=beanie,hoodie,no-such-product")).toEqual(["beanie", "hoodie"]);
    expect(await listed("slug=Hoodie")).toEqual(["hoodie"]);
    // A hidden product is not listed by its slug either: it stays reachable only at its own address.
    expect(await listed("slug=secret-item")).toEqual([]);
  });

  it("sku limits the list to those SKUs, letter case aside", async () => {
    expect(await listed("sku=CW-003")).toEqual(["hoodie"]);
    expect(await listed("sku=cw-001,CW-002")).toEqual(["classic-t-shirt", "beanie"]);
    expect(await listed("sku=CW-0")).toEqual([]);
  });

  it("include and exclude take product ids", async () => {
    const [shirt, beanie, hoodie] = [await idOf("classic-t-shirt"), await idOf("beanie"), await idOf("hoodie")];
    expect(await listed(`include=${hoodie},${shirt}`)).toEqual(["classic-t-shirt", "hoodie"]);
    expect(await listed(`include=${shirt},${beanie}&exclude=${beanie}`)).toEqual(["classic-t-shirt"]);
    expect(await listed(`exclude=${shirt},${beanie},${hoodie}`)).toHaveLength(21);
    expect(await listed("include=99999999")).toEqual([]);
  });

  it("type picks simple or variable products; grouped and external, which the shop never makes, match none", async () => {
    expect(await listed("type=variable")).toEqual(["hoodie"]);
    expect(await listed("type=simple")).toHaveLength(23);
    expect(await listed("type=external")).toEqual([]);
    expect(await refused("products?type=variation")).toEqual({
      type: 'type must be one of "simple", "grouped", "external", "variable"',
    });
  });

  it("featured picks the featured products, or the others", async () => {
    await shop.db.updateTable("products").set({ featured: 1 }).where("slug", "in", ["beanie", "yoga-mat"]).execute();
    try {
      // The owner's write bumps the catalogue revision; here the test writes directly, so a new query shows it.
      expect(await listed("featured=true")).toEqual(["beanie", "yoga-mat"]);
      expect(await listed("featured=false&category=accessories")).toEqual([
        "canvas-tote-bag",
        "leather-wallet",
        "wool-scarf",
        "baseball-cap",
      ]);
    } finally {
      await shop.db.updateTable("products").set({ featured: 0 }).execute();
    }
  });

  it("min_price and max_price take minor units, inclusive, a variable product when its variations' prices overlap them", async () => {
    expect(await listed("min_price=6000")).toEqual(["limited-print", "denim-jacket", "throw-blanket"]);
    expect(await listed("max_price=900")).toEqual(["discontinued-mug", "enamel-pin-set"]);
    expect(await listed("min_price=3900&max_price=3999")).toEqual(["hoodie", "yoga-mat"]);
    // The Hoodie's variations cost $39.00 (Red/L on sale) to $45.00: it matches a range reaching into those, as WooCommerce's does.
    expect(await listed("min_price=4500&max_price=4999")).toEqual(["hoodie"]);
    expect(await listed("min_price=4000&max_price=4400")).toEqual(["hoodie", "leather-wallet"]);
    expect(await listed("min_price=4501")).not.toContain("hoodie");
    expect(await listed("max_price=3899")).not.toContain("hoodie");
    const wrong = (name: string) => `${name} must be a whole amount in minor units, such as 1500 for 15.00, at most 2147483647.`;
    // A decimal is refused, not read as so many cents.
    expect(await refused("products?min_price=15.00&max_price=-1")).toEqual({
      min_price: wrong("min_price"),
      max_price: wrong("max_price"),
    });
    expect(await refused("products?min_price=2000&max_price=1000")).toEqual({ max_price: "max_price must not be below min_price." });
    // Beyond what an integer column holds: refused before the database is asked.
    expect(await refused("products?max_price=2147483648")).toEqual({ max_price: wrong("max_price") });
  });

  it("category_operator and tag_operator: any (in), every one (and) or none (not_in)", async () => {
    expect(await listed("tag=cotton,winter&tag_operator=and")).toEqual(["hoodie"]);
    expect(await listed("tag=cotton,winter")).toEqual([
      "classic-t-shirt",
      "beanie",
      "hoodie",
      "socks-3-pack",
      "canvas-tote-bag",
      "wool-scarf",
      "throw-blanket",
    ]);
    expect(await listed("category=clothing,accessories,art-books,gifts&category_operator=not_in")).toEqual([
      "discontinued-mug",
      "ceramic-vase",
      "scented-candle",
      "throw-blanket",
      "coffee-tumbler",
      "terracotta-plant-pot",
    ]);
    expect(await listed("category=clothing,accessories&category_operator=and")).toEqual([]);
    expect(await refused("products?category=clothing&category_operator=or")).toEqual({
      category_operator: 'category_operator must be one of "in", "not_in", "and"',
    });
  });

  it("after and before take ISO 8601 date-times, with an offset as it says, without one in the shop's time zone", async () => {
    await shop.db.updateTable("products").set({ created_at: "2020-01-01T00:00:00.000Z" }).execute();
    await shop.db.updateTable("products").set({ created_at: "2026-06-01T10:00:00.000Z" }).where("slug", "=", "beanie").execute();
    await shop.db.updateTable("products").set({ created_at: "2026-06-01T18:00:00.000Z" }).where("slug", "=", "hoodie").execute();
    expect(await listed("after=2026-01-01T00:00:00Z")).toEqual(["beanie", "hoodie"]);
    expect(await listed("after=2026-06-01T10:00:00Z")).toEqual(["beanie", "hoodie"]);
    expect(await listed("after=2026-06-01T10:00:00.001Z")).toEqual(["hoodie"]);
    expect(await listed("after=2026-06-01T12:00:00%2B02:00&before=2026-06-01T18:00:00Z")).toEqual(["beanie"]);
    const before = await listed("before=2026-06-01T12:00:00");
    expect([before.length, before.includes("beanie"), before.includes("hoodie")]).toEqual([23, true, false]);
    // Without an offset, the shop's time: 11:00 in Los Angeles (UTC−7 in June) is 18:00 UTC.
    await updateSettings(shop.db, { timeZone: "America/Los_Angeles" });
    try {
      expect(await listed("after=2026-06-01T11:00:00")).toEqual(["hoodie"]);
      expect(await listed("after=2026-06-01T11:00:01")).toEqual([]);
    } finally {
      await updateSettings(shop.db, { timeZone: "UTC" });
    }
    const wrong = (name: string) =>
      `${name} must be an ISO 8601 date and time, such as 2026-11-01T09:00:00 (the shop's time) or 2026-11-01T09:00:00Z.`;
    expect(await refused("products?after=yesterday&before=2026-02-30T00:00:00")).toEqual({
      after: wrong("after"),
      before: wrong("before"),
    });
    expect(await refused("products?after=2026-06-01T24:00:00Z")).toEqual({ after: wrong("after") });
  });

  it("orders by the include list, slug, reviews or last change, as WooCommerce's orderby does", async () => {
    const [shirt, beanie, hoodie] = [await idOf("classic-t-shirt"), await idOf("beanie"), await idOf("hoodie")];
    expect(await listed(`include=${hoodie},${shirt},${beanie}&orderby=include`)).toEqual(["hoodie", "classic-t-shirt", "beanie"]);
    expect(await listed(`include=${hoodie},${shirt},${beanie}&orderby=include&order=desc`)).toEqual([
      "beanie",
      "classic-t-shirt",
      "hoodie",
    ]);
    expect((await listed("orderby=slug")).slice(0, 3)).toEqual(["baseball-cap", "beanie", "canvas-tote-bag"]);
    // The most reviewed first unless told: the mug's 64 reviews, then the hoodie's 52.
    expect((await listed("orderby=comment_count")).slice(0, 2)).toEqual(["discontinued-mug", "hoodie"]);
    await shop.db.updateTable("products").set({ updated_at: "2030-01-01T00:00:00.000Z" }).where("slug", "=", "sketchbook").execute();
    expect((await listed("orderby=modified"))[0]).toBe("sketchbook");
    expect((await listed("orderby=modified&order=asc")).at(-1)).toBe("sketchbook");
  });

  it("offset skips products before the first page", async () => {
    const all = await listed("orderby=title");
    expect(await listed("orderby=title&offset=20")).toEqual(all.slice(20));
    const response = await shop.app.inject("/api/store/v1/products?orderby=title&offset=20&per_page=2&page=2");
    expect((response.json() as StoreProduct[]).map((p) => p.slug)).toEqual(all.slice(22, 24));
    expect(response.headers["x-wp-total"]).toBe("4");
  });

  it("refuses a wrong value by its parameter's name, with what the value should be", async () => {
    expect(await refused("products?slug=hoodie,no_such!")).toEqual({
      slug: "slug has 'no_such!', which is not a product slug (lower-case letters, digits and hyphens).",
    });
    expect(await refused("products?include=1,two&exclude=-3")).toEqual({
      include: "include has 'two', which is not a product id.",
      exclude: "exclude has '-3', which is not a product id.",
    });
    expect(await refused("products?category=clothing,Sale%21")).toEqual({
      category: "category has 'sale!', which is not an id or a slug (lower-case letters, digits and hyphens).",
    });
    expect(await refused("products?stock_status=instock,gone")).toEqual({
      stock_status: "stock_status must be instock, outofstock, onbackorder (one or several); 'gone' is none of them.",
    });
    expect(await refused(`products?include=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`)).toEqual({
      include: "include takes at most 100 values.",
    });
    expect(await refused(`products?sku=${"x".repeat(101)}`)).toEqual({
      sku: `sku has '${"x".repeat(40)}…', which is not a SKU of at most 100 characters.`,
    });
  });
});

describe("GET /products: list parameters in brackets, as WooCommerce's clients send arrays", () => {
  it("reads stock_status[], category[], tag[], slug[], include[] and the others as their comma forms", async () => {
    expect(await listed("stock_status[]=outofstock&stock_status[]=onbackorder")).toEqual(["pre-order-poster", "discontinued-mug"]);
    expect(await listed("stock_status[0]=outofstock")).toEqual(["discontinued-mug"]);
    expect(await listed("slug[]=hoodie&slug[]=beanie")).toEqual(["beanie", "hoodie"]);
    expect(await listed("category[]=gifts&tag[]=gift,winter&tag_operator=in")).toEqual(["gift-card", "enamel-pin-set"]);
    const beanie = await idOf("beanie");
    expect(await listed(`include[]=${beanie}&sku[]=CW-002`)).toEqual(["beanie"]);
    expect(await listed(`category[]=accessories&exclude[]=${beanie}`)).not.toContain("beanie");
    // Both forms at once: their values together.
    expect(await listed("stock_status=outofstock&stock_status[]=onbackorder")).toEqual(["pre-order-poster", "discontinued-mug"]);
  });

  it("refuses an unknown value named by its parameter with the allowed values, never ignoring it", async () => {
    const stockStatus = "stock_status must be instock, outofstock, onbackorder (one or several); 'foo' is none of them.";
    expect(await refused("products?stock_status[]=foo")).toEqual({ stock_status: stockStatus });
    expect(await refused("products?stock_status[]=instock&stock_status[]=foo")).toEqual({ stock_status: stockStatus });
    expect(await refused("products/collection-data?calculate_stock_status_counts=true&stock_status[]=foo")).toEqual({
      stock_status: stockStatus,
    });
    expect(await refused("products?include[]=abc")).toEqual({ include: "include has 'abc', which is not a product id." });
    expect(await refused("products?category[]=Bad%20Name")).toEqual({
      category: "category has 'bad name', which is not an id or a slug (lower-case letters, digits and hyphens).",
    });
    // A parameter of one value in brackets: refused, not left unread.
    expect(await refused("products?type[]=variable&on_sale[]=true")).toEqual({
      "type[]": "type takes one value: send type=… without brackets.",
      "on_sale[]": "on_sale takes one value: send on_sale=… without brackets.",
    });
    expect(await refused("products?stock_status[foo]=instock")).toEqual({
      "stock_status[foo]": "'stock_status[foo]' is not a form of stock_status: send stock_status=a,b or stock_status[]=a&stock_status[]=b.",
    });
  });
});

describe("GET /products/collection-data reads the same parameters", () => {
  it("counts only the products they pick", async () => {
    const response = await shop.app.inject(
      "/api/store/v1/products/collection-data?calculate_stock_status_counts=true&calculate_price_range=true&slug=hoodie,discontinued-mug,beanie&exclude=0&offset=2",
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    // The page's offset does not narrow the counts.
    expect(data.stock_status_counts).toEqual([
      { status: "instock", count: 2 },
      { status: "outofstock", count: 1 },
      { status: "onbackorder", count: 0 },
    ]);
    expect([data.price_range.min_price, data.price_range.max_price]).toEqual(["900", "4500"]);
    expect(await refused("products/collection-data?calculate_price_range=true&sku=a,,b&type=bundle")).toEqual({
      type: 'type must be one of "simple", "grouped", "external", "variable"',
    });
  });
});
