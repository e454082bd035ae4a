/**
 * The owner's order search on its index (issue 18, decision 0039), on SQLite and PostgreSQL: orders
 * placed through the checkout are found by parts of their billing e-mail, their billing names and
 * their products' words and their billing phone, each word a prefix, all words required; an address
 * edit moves the terms; migrations 022 and 052 fill them for orders written before them.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../../test/app.ts";
import { signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { down, FILL_BATCH, up } from "../../db/migrations/022_order_search_terms.ts";
import { up as upPhones } from "../../db/migrations/052_order_phone_search.ts";
import { ADMIN, placeOrder } from "./actions.test-support.ts";

let shop: TestShop;
let owner: StoreClient;
let tote: number;
let wallet: number;
let scarf: number;
const placed: Record<"jose" | "zoe" | "half" | "jane", number> = { jose: 0, zoe: 0, half: 0, jane: 0 };

const billing = (first: string, last: string, email: string) => ({ ...TEST_ADDRESS, first_name: first, last_name: last, email });

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tote = await productId(shop.app, "canvas-tote-bag");
  wallet = await productId(shop.app, "leather-wallet");
  scarf = await productId(shop.app, "wool-scarf");
  const cod = (address: ReturnType<typeof billing>) => ({ billing_address: address, payment_method: "cod" });
  placed.jose = await placeOrder(
    shop.app,
    [
      { product: tote, quantity: 1 },
      { product: wallet, quantity: 1 },
    ],
    cod(billing("José", "O'Brien", "Jose.OBrien+Gifts@Mail.Search-Orders.test")),
  );
  placed.zoe = await placeOrder(
    shop.app,
    [{ product: scarf, quantity: 2 }],
    cod(billing("Zoë", "Jansen", "zoe-jansen@search-orders.test")),
  );
  placed.half = await placeOrder(
    shop.app,
    [{ product: tote, quantity: 1 }],
    cod(billing("Ann", "Fifty%Off_Sale", "ann_half@search-orders.test")),
  );
  placed.jane = await placeOrder(
    shop.app,
    [{ product: scarf, quantity: 1 }],
    cod(billing("Jane", "Smith", "jane.smith@search-orders.test")),
  );
});
afterAll(() => shop?.close());

/** The ids a search finds, in number order. */
const found = async (search: string, query = "") => {
  const response = await owner.get(`${ADMIN}/orders?search=${encodeURIComponent(search)}&per_page=100${query}`);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { orders: { id: number }[]; total: number };
  expect(body.total).toBe(body.orders.length);
  return body.orders.map((order) => order.id).sort((a, b) => a - b);
};

describe("the order search", () => {
  it("finds an order by its email: whole, its start, a piece of it, its domain with or without @", async () => {
    for (const search of [
      "jose.obrien+gifts@mail.search-orders.test",
      "JOSE.OBRIEN+GIFTS@MAIL.SEARCH-ORDERS.TEST",
      "jose.obrien+gifts@",
      "jose.ob",
      "obrien+gifts",
      "gifts@",
      "mail.search-orders.test",
      "@mail.search",
    ])
      expect([search, await found(search)]).toEqual([search, [placed.jose]]);
    expect(await found("search-orders.test")).toEqual([placed.jose, placed.zoe, placed.half, placed.jane]);
    expect(await found("@search-orders.test")).toEqual([placed.zoe, placed.half, placed.jane]);
    expect(await found("jane.smith@")).toEqual([placed.jane]);
  });

  it("finds a first name, a surname, both, with or without accents and apostrophes", async () => {
    for (const search of ["José", "jose", "JOSE", "o'brien", "O’Brien", "obrien", "brien", "josé o'brien"])
      expect([search, await found(search)]).toEqual([search, [placed.jose]]);
    for (const search of ["zoe", "Zoë", "ZOË JANSEN", "jans"]) expect([search, await found(search)]).toEqual([search, [placed.zoe]]);
    expect(await found("jane smith")).toEqual([placed.jane]);
  });

  it("finds a product's word by its start, and requires every word typed", async () => {
    expect(await found("tote")).toEqual([placed.jose, placed.half]);
    expect(await found("wall")).toEqual([placed.jose]);
    expect(await found("canvas tote bag")).toEqual([placed.jose, placed.half]);
    expect(await found("scarf")).toEqual([placed.zoe, placed.jane]);
    expect(await found("jose wallet")).toEqual([placed.jose]);
    expect(await found("jane scarf")).toEqual([placed.jane]);
    expect(await found("jose scarf")).toEqual([]);
    // Words are matched from their start, not inside (decision 0039).
    expect(await found("allet")).toEqual([]);
  });

  it("reads % and _ as plain text", async () => {
    expect(await found("fifty%off")).toEqual([placed.half]);
    expect(await found("fifty%off_sale")).toEqual([placed.half]);
    expect(await found("ann_half@")).toEqual([placed.half]);
    for (const search of ["f%y", "fifty_off", "ann%", "%", "_", "%search%"]) expect([search, await found(search)]).toEqual([search, []]);
  });

  it("finds an order by its number, bare or after #", async () => {
    expect(await found(String(placed.zoe))).toContain(placed.zoe);
    expect(await found(`#${placed.zoe}`)).toEqual([placed.zoe]);
    expect(await found("#999999")).toEqual([]);
    // Past the largest id: no order, on PostgreSQL too (whose integer ids refuse the comparison).
    expect(await found("#999999999999999")).toEqual([]);
    expect(await found("999999999999999")).toEqual([]);
  });

  it("searches within a tab and the other filters, and in the CSV export", async () => {
    expect(await found("search-orders.test", "&status=on-hold")).toEqual([]);
    expect(await found("search-orders.test", "&status=processing&payment_method=cod")).toHaveLength(4);
    const csv = await owner.get(`${ADMIN}/orders/export.csv?search=${encodeURIComponent("jose wallet")}`);
    expect(csv.statusCode).toBe(200);
    const numbers = csv.body
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(numbers).toEqual([placed.jose]);
  });

  it("finds nothing for a search with no word left", async () => {
    expect(await found('",,"')).toEqual([]);
  });
});

describe("keeping the terms in step", () => {
  it("moves them with the owner's billing address edit", async () => {
    const edited = billing("Janet", "Wu", "janet.wu@edited-search.test");
    const response = await owner.request("PUT", `${ADMIN}/orders/${placed.jane}/addresses/billing`, edited);
    expect(response.statusCode).toBe(200);
    expect(await found("janet wu")).toEqual([placed.jane]);
    expect(await found("edited-search.test")).toEqual([placed.jane]);
    expect(await found("jane.smith@")).toEqual([]);
    expect(await found("smith")).toEqual([]);
    // The lines are not the address's: still found by its product.
    expect(await found("janet scarf")).toEqual([placed.jane]);
    // A shipping address is not searched: editing it changes nothing found.
    const shipping = { ...TEST_ADDRESS, first_name: "Shipped", last_name: "Elsewhere" };
    expect((await owner.request("PUT", `${ADMIN}/orders/${placed.jane}/addresses/shipping`, shipping)).statusCode).toBe(200);
    expect(await found("shipped")).toEqual([]);
    expect(await found("janet")).toEqual([placed.jane]);
  });

  it("writes a checkout draft's terms when the checkout places it with the shopper's address", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: wallet, quantity: 1 });
    const draft = (await shopper.get("/checkout")).json().order_id as number;
    const response = await shopper.post("/checkout", {
      billing_address: billing("Dora", "Draft", "dora@draft-search.test"),
      payment_method: "cod",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().order_id).toBe(draft);
    expect(await found("dora draft wallet")).toEqual([draft]);
  });
});

describe("the billing phone", () => {
  it("finds an order by its phone however it is typed, and moves with the address edit", async () => {
    const address = { ...billing("Zoë", "Jansen", "zoe-jansen@search-orders.test"), phone: "+1 (555) 010-2030" };
    expect((await owner.request("PUT", `${ADMIN}/orders/${placed.zoe}/addresses/billing`, address)).statusCode).toBe(200);
    for (const search of ["+1 (555) 010-2030", "555-010-2030", "5550102030", "010 2030", "2030", "zoe 2030"])
      expect([search, await found(search)]).toEqual([search, [placed.zoe]]);
    // The other orders have the test address's 555-0100; Zoë's no longer does.
    const others = await found("555-0100");
    expect(others).toEqual(expect.arrayContaining([placed.jose, placed.half, placed.jane]));
    expect(others).not.toContain(placed.zoe);
    expect(await found("555-9999")).toEqual([]);
  });

  it("migration 052 gives the orders written before it their phone's terms", async () => {
    await shop.db.deleteFrom("order_search_terms").where("order_id", "=", placed.zoe).where("term", "like", "%2030").execute();
    expect(await found("010-2030")).toEqual([]);
    await upPhones(shop.db as unknown as Kysely<unknown>);
    expect(await found("010-2030")).toEqual([placed.zoe]);
    expect(await found("zoe scarf")).toEqual([placed.zoe]);
  });
});

describe("migration 022", () => {
  it.skipIf(testDialect() !== "postgres")(
    "makes PostgreSQL compare the terms by code point, whatever the database's collation",
    async () => {
      // Under a language collation ("en-US") the prefix range takes in other cases and misplaces punctuation.
      const column = await sql<{ collation_name: string }>`select collation_name from information_schema.columns
      where table_name = 'order_search_terms' and column_name = 'term'`.execute(shop.db);
      expect(column.rows).toEqual([{ collation_name: "C" }]);
    },
  );

  it("fills the terms of orders written before it, a batch at a time", async () => {
    const source = await shop.db.selectFrom("orders").selectAll().where("id", "=", placed.zoe).executeTakeFirstOrThrow();
    const { id: _id, ...fields } = source;
    const copies = Array.from({ length: FILL_BATCH + 3 }, (_, n) => ({
      ...fields,
      order_key: `wc_order_backfill${n}`,
      billing_email: `copy${n}@backfill-search.test`,
    }));
    const ids: number[] = [];
    for (let start = 0; start < copies.length; start += 200)
      for (const row of await shop.db
        .insertInto("orders")
        .values(copies.slice(start, start + 200))
        .returning("id")
        .execute())
        ids.push(row.id);
    // Written past the orders repo: no terms until the migration runs again over them.
    expect(await found("backfill-search.test")).toEqual([]);
    // Migrations take a database of no known tables.
    const unknownDb = shop.db as unknown as Kysely<unknown>;
    await down(unknownDb);
    await up(unknownDb);
    const all = await owner.get(`${ADMIN}/orders?search=${encodeURIComponent("@backfill-search.test")}&per_page=1`);
    expect(all.json().total).toBe(FILL_BATCH + 3);
    expect(await found(`copy${FILL_BATCH + 1}@`)).toEqual([ids[FILL_BATCH + 1]]);
    expect(await found("jose wallet")).toEqual([placed.jose]);
    expect(await found("zoe scarf")).toEqual([placed.zoe]);
  });
});
