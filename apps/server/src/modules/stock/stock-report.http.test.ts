/**
 * The owner's stock report (GET /api/admin/v1/reports/stock, decision 0099) on SQLite and PostgreSQL:
 * tracked products and variations only, each in exactly one status, the tabs' counts, search, sort
 * by stock or name, pages, and the editor each row opens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, type StoreClient, variationId } from "../../../../../test/store-client.ts";
import { restateProductStock } from "../../db/stock-status.ts";

let shop: TestShop;
let owner: StoreClient;
let ids: Record<"tShirt" | "print" | "poster" | "mug" | "hoodie" | "blueS", number>;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  ids = {
    tShirt: await productId(shop.app, "classic-t-shirt"),
    print: await productId(shop.app, "limited-print"),
    poster: await productId(shop.app, "pre-order-poster"),
    mug: await productId(shop.app, "discontinued-mug"),
    hoodie: await productId(shop.app, "hoodie"),
    blueS: await variationId(shop.app, "hoodie", ["blue", "s"]),
  };
}, 60_000);
afterAll(() => shop?.close());

const report = async (query = "") => {
  const response = await adminCall(owner, "GET", `/reports/stock${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The demo's tracked rows, as the report names them. */
const tracked = async () =>
  shop.db.selectFrom("products").select(["id", "stock_quantity", "stock_status"]).where("manage_stock", "=", 1).orderBy("id").execute();

describe("the stock report", () => {
  it("lists every tracked product and variation once, each in one status, with the tabs' counts", async () => {
    const all = await report("?per_page=100");
    const rows = await tracked();
    expect(all.total).toBe(rows.length);
    expect(all.items.map((item: { id: number }) => item.id).sort((a: number, b: number) => a - b)).toEqual(rows.map((row) => row.id));
    const counts = all.counts;
    expect(counts.all).toBe(rows.length);
    expect(counts.low + counts.out + counts.backorder + counts.instock).toBe(counts.all);
    // The demo: the mug and Blue/S out of stock, the poster on backorder, the print (3) at its own low amount (5), the t-shirt in stock.
    const byId = new Map(all.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(ids.mug)).toMatchObject({ status: "out", name: "Discontinued Mug", product_id: ids.mug, published: true });
    expect(byId.get(ids.poster)).toMatchObject({ status: "backorder", stock_quantity: 0, backorders: "yes" });
    expect(byId.get(ids.print)).toMatchObject({ status: "low", stock_quantity: 3, low_stock_amount: 5 });
    expect(byId.get(ids.tShirt)).toMatchObject({ status: "instock", stock_quantity: 100, low_stock_amount: 2 });
    expect(byId.get(ids.blueS)).toMatchObject({
      status: "out",
      name: "Hoodie",
      options: "Blue, S",
      type: "variation",
      product_id: ids.hoodie,
    });
    expect(byId.has(ids.tShirt)).toBe(true);
    for (const status of ["low", "out", "backorder", "instock"] as const) {
      const tab = await report(`?status=${status}&per_page=100`);
      expect(tab.total).toBe(counts[status]);
      expect(tab.items).toHaveLength(counts[status]);
      expect(tab.items.every((item: { status: string }) => item.status === status)).toBe(true);
    }
  });

  it("puts a product at or below its own low amount (or the shop's) under low stock", async () => {
    const before = (await report()).counts;
    await shop.db.updateTable("products").set({ low_stock_amount: 100 }).where("id", "=", ids.tShirt).execute();
    try {
      const low = await report("?status=low");
      expect(low.counts.low).toBe(before.low + 1);
      expect(low.counts.instock).toBe(before.instock - 1);
      expect(low.items.find((item: { id: number }) => item.id === ids.tShirt)).toMatchObject({ low_stock_amount: 100, status: "low" });
    } finally {
      await shop.db.updateTable("products").set({ low_stock_amount: null }).where("id", "=", ids.tShirt).execute();
    }
  });

  it("sorts by stock either way (then by id), and by name", async () => {
    const up = (await report("?per_page=100")).items.map((item: { stock_quantity: number }) => item.stock_quantity);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await report("?order=desc&per_page=100")).items.map((item: { stock_quantity: number }) => item.stock_quantity);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const names = (await report("?orderby=name&per_page=100")).items.map((item: { name: string }) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("searches the name, a variation's product's name and the SKU, whatever the case; counts follow the search", async () => {
    const print = await report("?search=limited");
    expect(print.items.map((item: { id: number }) => item.id)).toEqual([ids.print]);
    expect(print.counts.all).toBe(1);
    const hoodie = await report("?search=HOODIE&per_page=100");
    expect(hoodie.items.length).toBeGreaterThan(0);
    expect(hoodie.items.every((item: { product_id: number }) => item.product_id === ids.hoodie)).toBe(true);
    const sku = await report("?search=cw-hoodie-blue-s");
    expect(sku.items.map((item: { id: number }) => item.id)).toEqual([ids.blueS]);
    expect((await report("?search=100%25_off")).items).toEqual([]);
  });

  it("pages: each page the next rows, none twice, the pages counted", async () => {
    const all = (await report("?per_page=100")).items.map((item: { id: number }) => item.id);
    const seen: number[] = [];
    const first = await report("?per_page=2");
    expect(first.pages).toBe(Math.ceil(all.length / 2));
    for (let page = 1; page <= first.pages; page++)
      seen.push(...(await report(`?per_page=2&page=${page}`)).items.map((item: { id: number }) => item.id));
    expect(seen).toEqual(all);
  });

  it("follows stock moves: a product brought to its low amount moves tabs", async () => {
    const before = (await report()).counts;
    await shop.db.updateTable("products").set({ stock_quantity: 2 }).where("id", "=", ids.tShirt).execute();
    await restateProductStock(shop.db, ids.tShirt);
    try {
      const after = (await report()).counts;
      expect(after.low).toBe(before.low + 1);
      expect(after.instock).toBe(before.instock - 1);
      expect(await (await adminCall(owner, "GET", "/reports/stock/counts")).json()).toEqual(after);
    } finally {
      await shop.db.updateTable("products").set({ stock_quantity: 100 }).where("id", "=", ids.tShirt).execute();
      await restateProductStock(shop.db, ids.tShirt);
    }
  });

  it("names a bad parameter (400) and needs the owner", async () => {
    const bad = await adminCall(owner, "GET", "/reports/stock?status=sold");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("status");
    expect((await adminCall(owner, "GET", "/reports/stock?per_page=0")).statusCode).toBe(400);
    expect((await shop.app.inject(`${ADMIN}/reports/stock`)).statusCode).toBe(401);
  });
});
