/**
 * Sale schedules (issue 19, decision 0047) on SQLite and PostgreSQL: the owner API's checks beside
 * each field, the sale price used only inside its window by the Store API, the on-sale filter, the
 * price order and the cart, at fixed clocks on each side of a boundary with every cache already
 * filled (the listing, the product details, the cart's kept reply), and on a second server process.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { getCartReply, updateItem } from "../cart/index.ts";
import { getProduct, listProducts } from "./catalog.service.ts";

const ADMIN = "/api/admin/v1";
const MANAGER = { email: "manager@sales.test", password: "manager-password-2026" };
const STARTS = "2030-03-01T00:00:00.000Z";
const ENDS = "2030-03-08T00:00:00.000Z";
const before = new Date(Date.parse(STARTS) - 1);
const atStart = new Date(STARTS);
const atEnd = new Date(ENDS);

let shop: TestShop;
let owner: StoreClient;
let manager: StoreClient;
let color: { id: number; blue: number; red: number };

const call = (client: StoreClient, method: "POST" | "PUT" | "PATCH", path: string, body: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

let made = 0;
async function create(fields: Record<string, unknown>) {
  const response = await call(owner, "POST", "/products", { name: `Sale test ${++made}`, regular_price: 1000, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function refused(body: Record<string, unknown>) {
  const response = await call(owner, "POST", "/products", { name: `Refused ${++made}`, ...body });
  expect(response.statusCode, response.body).toBe(400);
  return response.json().data.params as Record<string, string>;
}

const idOf = async (table: "attributes" | "attribute_terms", slug: string) =>
  Number((await shop.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  expect((await new StoreClient(shop.app).post("/account/register", MANAGER)).statusCode).toBe(201);
  await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", MANAGER.email).execute();
  manager = await signedIn(shop.app, MANAGER.email, MANAGER.password);
  const id = await idOf("attributes", "color");
  const term = async (slug: string) =>
    Number(
      (
        await shop.db
          .selectFrom("attribute_terms")
          .select("id")
          .where("attribute_id", "=", id)
          .where("slug", "=", slug)
          .executeTakeFirstOrThrow()
      ).id,
    );
  color = { id, blue: await term("blue"), red: await term("red") };
});
afterAll(() => shop.close());

describe("the owner API's sale schedule", () => {
  it("stores the window as UTC instants, read back and logged", async () => {
    const product = await create({ sale_price: 800, sale_starts_at: "2030-03-01T02:00:00+02:00", sale_ends_at: ENDS });
    expect(product).toMatchObject({ sale_price: 800, sale_starts_at: STARTS, sale_ends_at: ENDS });
    const log = await shop.db
      .selectFrom("change_log")
      .select("after")
      .where("entity", "=", "product")
      .where("entity_id", "=", String(product.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after as string)).toMatchObject({ sale_starts_at: STARTS, sale_ends_at: ENDS });
    // A manager may schedule sales too (the catalogue is theirs: decision 0032).
    const patched = await call(manager, "PATCH", `/products/${product.id}`, { sale_ends_at: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ sale_starts_at: STARTS, sale_ends_at: null });
  });

  it("refuses each broken rule beside its field", async () => {
    expect(await refused({ regular_price: 1000, sale_starts_at: STARTS })).toEqual({
      sale_price: "Enter the sale price the schedule is for, or clear its dates.",
    });
    expect(await refused({ regular_price: 1000, sale_price: 800, sale_starts_at: ENDS, sale_ends_at: STARTS })).toEqual({
      sale_ends_at: "The sale must end after it starts.",
    });
    expect(await refused({ regular_price: 1000, sale_price: 800, sale_starts_at: STARTS, sale_ends_at: STARTS })).toEqual({
      sale_ends_at: "The sale must end after it starts.",
    });
    expect(await refused({ regular_price: 1000, sale_price: 800, sale_starts_at: "2030-03-01", sale_ends_at: "soon" })).toEqual({
      sale_starts_at: "Enter a date and time with its zone.",
      sale_ends_at: "Enter a date and time with its zone.",
    });
    const variable = {
      type: "variable",
      attributes: [{ attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true }],
    };
    expect(await refused({ ...variable, sale_starts_at: STARTS })).toMatchObject({
      sale_starts_at: "A variable product's sales are scheduled on each variation.",
    });
    const variation = (fields: Record<string, unknown>) => ({
      attributes: [{ attribute_id: color.id, term_id: color.blue }],
      regular_price: 1000,
      ...fields,
    });
    expect(
      await refused({
        ...variable,
        variations: [
          variation({ sale_price: 900, sale_starts_at: ENDS, sale_ends_at: STARTS }),
          { ...variation({ sale_ends_at: ENDS }), attributes: [{ attribute_id: color.id, term_id: color.red }] },
        ],
      }),
    ).toEqual({
      "variations[0].sale_ends_at": "The sale must end after it starts.",
      "variations[1].sale_price": "Enter the sale price the schedule is for, or clear its dates.",
    });
  });

  it("ends a sale's schedule with the sale in a bulk edit", async () => {
    const product = await create({ sale_price: 800, sale_starts_at: STARTS, sale_ends_at: ENDS });
    const response = await call(owner, "POST", "/products/bulk", { ids: [product.id], changes: { sale_price: null } });
    expect(response.json()).toEqual({ updated: [product.id], failed: [] });
    const row = await shop.db
      .selectFrom("products")
      .select(["sale_price", "sale_starts_at", "sale_ends_at"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sale_price: null, sale_starts_at: null, sale_ends_at: null });
  });
});

describe("the shop by the clock of the request", () => {
  it("answers the sale price only inside the window, today's clock included", async () => {
    const later = await create({ name: "Sale later lamp", sale_price: 800, sale_starts_at: "2099-01-01T00:00:00Z" });
    const now = await create({
      name: "Sale now lamp",
      sale_price: 700,
      sale_starts_at: "2000-01-01T00:00:00Z",
      sale_ends_at: "2099-01-01T00:00:00Z",
    });
    const over = await create({ name: "Sale over lamp", sale_price: 600, sale_ends_at: "2001-01-01T00:00:00Z" });
    const store = async (path: string) => (await shop.app.inject(`/api/store/v1${path}`)).json();
    expect(await store(`/products/${later.id}`)).toMatchObject({ on_sale: false, prices: { price: "1000" } });
    expect(await store(`/products/${now.id}`)).toMatchObject({ on_sale: true, prices: { price: "700", regular_price: "1000" } });
    expect(await store(`/products/${over.id}`)).toMatchObject({ on_sale: false, prices: { price: "1000" } });
    const onSale = (await store("/products?search=lamp&on_sale=true")).map((p: { id: number }) => p.id);
    expect(onSale).toEqual([now.id]);
    const notOnSale = (await store("/products?search=lamp&on_sale=false&orderby=title")).map((p: { id: number }) => p.id);
    expect(notOnSale).toEqual([later.id, over.id]);
  });

  it("moves a simple product, a variation, the on-sale listing, the price order and a kept cart reply across each boundary", async () => {
    const simple = await create({ name: "Boundary mug", regular_price: 1000, sale_price: 500, sale_starts_at: STARTS, sale_ends_at: ENDS });
    const variable = await create({
      name: "Boundary scarf",
      type: "variable",
      regular_price: null,
      attributes: [{ attribute_id: color.id, term_ids: [color.blue, color.red], used_for_variations: true }],
      variations: [
        {
          attributes: [{ attribute_id: color.id, term_id: color.blue }],
          regular_price: 1200,
          sale_price: 300,
          sale_starts_at: STARTS,
          sale_ends_at: ENDS,
        },
        { attributes: [{ attribute_id: color.id, term_id: color.red }], regular_price: 900 },
      ],
    });
    const blue = variable.variations[0].id;
    const shopper = new StoreClient(shop.app);
    expect((await shopper.post("/cart/add-item", { id: blue, quantity: 1 })).statusCode).toBe(201);
    const session = { sid: shopper.sessionId(), uid: 0 };
    const at = (now: Date) => testContext(shop, session, now);
    const listed = async (now: Date, query: Parameters<typeof listProducts>[1]) =>
      (await listProducts(at(now), { search: "boundary", ...query })).products.map((p) => p.name);
    const cartPrice = async (now: Date) => JSON.parse((await getCartReply(at(now))).body.toString()).items[0].prices.price;

    // Before the start, asked twice so every cache holds its entry.
    for (let i = 0; i < 2; i++) {
      expect((await getProduct(at(before), String(simple.id)))?.prices.price).toBe("1000");
      expect((await getProduct(at(before), String(variable.id)))?.prices).toMatchObject({ price: "900" });
      expect(await listed(before, { onSale: true })).toEqual([]);
      expect(await listed(before, { orderBy: "price", order: "asc" })).toEqual(["Boundary scarf", "Boundary mug"]);
      expect(await cartPrice(before)).toBe("1200");
    }
    // Sent from the kept reply: the same Buffer, made at its first send from the cache.
    const kept = await getCartReply(at(before));
    expect((await getCartReply(at(before))).body).toBe(kept.body);

    // At the start, with nothing written: each answer follows the clock.
    expect((await getProduct(at(atStart), String(simple.id)))?.prices.price).toBe("500");
    expect(await getProduct(at(atStart), String(blue))).toMatchObject({ on_sale: true, prices: { price: "300" } });
    expect(await listed(atStart, { onSale: true, orderBy: "title" })).toEqual(["Boundary mug", "Boundary scarf"]);
    expect(await listed(atStart, { orderBy: "price", order: "asc" })).toEqual(["Boundary scarf", "Boundary mug"]);
    // From high to low the scarf counts its dearest variation (9.00, the red one) against the mug's 5.00.
    expect(await listed(atStart, { orderBy: "price", order: "desc" })).toEqual(["Boundary scarf", "Boundary mug"]);
    expect(await cartPrice(atStart)).toBe("300");

    // The moment before the end is still inside (the kept reply holds until then); at the end, the regular prices again.
    expect(await cartPrice(new Date(atEnd.getTime() - 1))).toBe("300");
    expect((await getProduct(at(atEnd), String(simple.id)))?.prices.price).toBe("1000");
    expect(await listed(atEnd, { onSale: true })).toEqual([]);
    expect(await cartPrice(atEnd)).toBe("1200");
  });
  it("moves a cart's cross-sell across its sale's boundaries in every write's reply, the shaped cross-sells kept between", async () => {
    const candle = await create({
      name: "Boundary candle",
      regular_price: 1000,
      sale_price: 400,
      sale_starts_at: STARTS,
      sale_ends_at: ENDS,
    });
    const holder = await create({ name: "Boundary holder", regular_price: 800, cross_sell_ids: [candle.id] });
    const shopper = new StoreClient(shop.app);
    const added = await shopper.post("/cart/add-item", { id: holder.id, quantity: 1 });
    expect(added.statusCode).toBe(201);
    const key = added.json().items[0].key as string;
    const session = { sid: shopper.sessionId(), uid: 0 };
    let quantity = 1;
    // A write each time: its reply is priced afresh at that clock, never a kept one.
    const crossSellPrice = async (now: Date) => {
      const reply = await updateItem(testContext(shop, session, now), key, ++quantity);
      const crossSell = JSON.parse(reply.body.toString()).cross_sells.find((p: { id: number }) => p.id === candle.id);
      return crossSell.prices.price as string;
    };
    expect(await crossSellPrice(before)).toBe("1000");
    expect(await crossSellPrice(before)).toBe("1000");
    expect(await crossSellPrice(atStart)).toBe("400");
    expect(await crossSellPrice(new Date(atEnd.getTime() - 1))).toBe("400");
    expect(await crossSellPrice(atEnd)).toBe("1000");
    // Back before the start (a clock given by a test): the shapes of that phase again.
    expect(await crossSellPrice(before)).toBe("1000");
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

  it("sees a schedule the owner sets, and its boundary, on its next request", async () => {
    const product = await create({ name: "Far process kettle", regular_price: 2000 });
    const shopper = new StoreClient(other);
    expect((await shopper.post("/cart/add-item", { id: product.id, quantity: 1 })).statusCode).toBe(201);
    const session = { sid: shopper.sessionId(), uid: 0 };
    const at = (now: Date) => testContext({ db: second.db }, session, now);
    const onSaleThere = async (now: Date) => (await listProducts(at(now), { search: "far process", onSale: true })).products.length;
    const cartThere = async (now: Date) => JSON.parse((await getCartReply(at(now))).body.toString()).items[0].prices.price;
    // The other process fills its caches at both clocks before the change.
    expect(await onSaleThere(atStart)).toBe(0);
    expect(await cartThere(atStart)).toBe("2000");
    expect((await getProduct(at(atStart), String(product.id)))?.prices.price).toBe("2000");

    const scheduled = await call(owner, "PATCH", `/products/${product.id}`, {
      sale_price: 1500,
      sale_starts_at: STARTS,
      sale_ends_at: ENDS,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    expect(await onSaleThere(before)).toBe(0);
    expect(await cartThere(before)).toBe("2000");
    expect(await onSaleThere(atStart)).toBe(1);
    expect(await cartThere(atStart)).toBe("1500");
    expect((await getProduct(at(atStart), String(product.id)))?.prices.price).toBe("1500");
    expect(await cartThere(atEnd)).toBe("2000");
    expect(await onSaleThere(atEnd)).toBe(0);
  });
});
