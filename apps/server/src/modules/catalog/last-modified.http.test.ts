/**
 * The integer Last-Modified of the catalogue's collection GETs (spec §7 "Collection and route calls", decision 0143),
 * with the changes written through the shop's own connection (SQLite in memory) and through another connection (a
 * SQLite file, whose commits the shop tells without a query: decision 0071; PostgreSQL's own pool).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
import { type Db, openDatabase } from "../../db/index.ts";
import { updateSettings } from "../settings/index.ts";

let shop: TestShop;
let writer: Db;
let beanie: number;
let attributeId: number;

const lastModified = async (path: string) => {
  const response = await shop.app.inject(`/api/store/v1${path}`);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  const header = response.headers["last-modified"];
  expect(header, path).toMatch(/^\d+$/);
  return Number(header);
};
const collections = () => [
  "/products",
  "/products?category=clothing&per_page=2",
  "/products/categories",
  "/products/brands",
  "/products/tags",
  "/products/attributes",
  `/products/attributes/${attributeId}/terms`,
  "/products/collection-data?calculate_price_range=true",
  "/products/reviews",
  `/products/${beanie}`,
];

const variants = [
  { name: "changes through the shop's connection", sqliteFile: false },
  { name: "changes through another connection", sqliteFile: true },
];

describe.each(variants)("Last-Modified of the catalogue's GETs, $name", ({ sqliteFile }) => {
  beforeAll(async () => {
    shop = await createTestShop({ sqliteFile });
    writer = sqliteFile ? openDatabase(shop.database) : shop.db;
    beanie = await productId(shop.app, "beanie");
    attributeId = Number((await shop.db.selectFrom("attributes").select("id").executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    if (writer && writer !== shop?.db) await writer.destroy();
    await shop?.close();
  });

  it("is one integer for every collection, which grows when the products, their stock, prices or the settings change", async () => {
    const values = async () => Promise.all(collections().map(lastModified));
    const first = await values();
    expect(new Set(first).size).toBe(1);
    const [start] = first as [number];
    // Asking again changes nothing.
    expect(await lastModified("/products")).toBe(start);

    await sql`update products set name = 'Warm Beanie' where id = ${beanie}`.execute(writer);
    const renamed = await lastModified("/products");
    expect(renamed).toBeGreaterThan(start);
    expect(await values()).toEqual(collections().map(() => renamed));

    await sql`update products set stock_quantity = 7, manage_stock = 1 where id = ${beanie}`.execute(writer);
    const restocked = await lastModified("/products/categories");
    expect(restocked).toBeGreaterThan(renamed);

    await updateSettings(writer, { siteTitle: "Renamed shop" });
    expect(await lastModified("/products/tags")).toBeGreaterThan(restocked);
  });

  it("is not sent by the cart, which is no collection", async () => {
    const cart = await new StoreClient(shop.app).get("/cart");
    expect(cart.headers["last-modified"]).toBeUndefined();
  });
});
