/**
 * Placing an order as one unit of work, run two ways (decision 0056): synchronously on SQLite
 * when the cart's pricing inputs are cached and no step needs a promise, through Kysely
 * otherwise. Two identical shops place the same random sequences of orders, one run each way;
 * every reply and every row the orders touch must agree.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../../test/app.ts";
import { sqliteStatementsDuring } from "../../../../../test/sqlite-statements.ts";
import { productId, StoreClient, testBilling, testCard } from "../../../../../test/store-client.ts";
import { unitsRun } from "../../db/unit-of-work.ts";
import { checkoutWorkOptions } from "./checkout.service.ts";

const SLUGS = ["beanie", "classic-t-shirt", "limited-print", "socks-3-pack"];
const CODES = ["SAVE10", "5OFF", "FREESHIP", "ONCE", "EXPIRED"];
const METHODS = ["cod", "bacs", "cheque", "test_card", "test_card_declined", "none"] as const;

interface Order {
  lines: { product: number; quantity: number }[];
  coupon: string | null;
  method: (typeof METHODS)[number];
  email: number;
}

const order: fc.Arbitrary<Order> = fc.record({
  lines: fc.array(fc.record({ product: fc.nat(SLUGS.length - 1), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 0,
    maxLength: 3,
  }),
  coupon: fc.option(fc.constantFrom(...CODES)),
  method: fc.constantFrom(...METHODS),
  email: fc.nat(2),
});

interface Side {
  shop: TestShop;
  async: boolean;
  products: number[];
}

let sync: Side;
let general: Side;

async function sideOf(async: boolean): Promise<Side> {
  const shop = await createTestShop({ rateLimit: false });
  const products = await Promise.all(SLUGS.map((slug) => productId(shop.app, slug)));
  // Few enough units that random orders run out of them: the 409 path is compared too.
  await sql`update products set stock_quantity = 6, stock_status = 'instock' where manage_stock = 1`.execute(shop.db);
  return { shop, async, products };
}

beforeAll(async () => {
  sync = await sideOf(false);
  general = await sideOf(true);
});
afterAll(async () => {
  await sync?.shop.close();
  await general?.shop.close();
});

/** What differs between two shops by nature: keys, session (cart) ids, clocks, random attempt ids. */
const NATURAL_FIELDS = /("(?:order_key|cart_id|created_at|updated_at|paid_at|payment_attempt|expires_at|transaction_id)":)"[^"]*"/g;
const NATURAL_TEXTS = /cw_order_[0-9a-f]+|pay_[0-9a-f-]+|txn_[0-9a-z]+/g;
const comparable = (value: unknown) => JSON.parse(JSON.stringify(value).replace(NATURAL_FIELDS, '$1"…"').replace(NATURAL_TEXTS, "…"));

/** Fills a shopper's cart and places the order with that side's run; answers what can be compared across shops. */
async function place(side: Side, shopper: StoreClient, step: Order) {
  await fill(side, shopper, step);
  return checkOut(side, shopper, step);
}

/** The order's lines and coupon put in the shopper's cart. */
async function fill(side: Side, shopper: StoreClient, step: Order) {
  for (const line of step.lines)
    await shopper.post("/cart/add-item", { id: side.products[line.product] as number, quantity: line.quantity });
  if (step.coupon) await shopper.post("/cart/apply-coupon", { code: step.coupon });
}

/** The order placed from the shopper's cart with that side's run; answers what can be compared across shops. */
async function checkOut(side: Side, shopper: StoreClient, step: Order) {
  const payment =
    step.method === "none"
      ? {}
      : step.method.startsWith("test_card")
        ? { payment_method: "test_card", payment_data: testCard(step.method === "test_card" ? undefined : "4000000000000002") }
        : { payment_method: step.method };
  checkoutWorkOptions.async = side.async;
  try {
    const response = await shopper.post("/checkout", { billing_address: testBilling(`shopper${step.email}@example.com`), ...payment });
    return { status: response.statusCode, body: comparable(response.json()) };
  } finally {
    checkoutWorkOptions.async = false;
  }
}

/** The order a checkout's reply names, or Infinity for one refused before any order was written. */
const orderIdOf = (reply: { body: { order_id?: unknown; data?: { order_id?: unknown } } } | undefined) =>
  Number(reply?.body.order_id ?? reply?.body.data?.order_id ?? Number.POSITIVE_INFINITY);

/** Every row an order touches, without what differs by nature. */
async function storedRows({ shop: { db } }: Side) {
  const orders = await db.selectFrom("orders").selectAll().orderBy("id").execute();
  const items = await db.selectFrom("order_items").selectAll().orderBy("id").execute();
  const coupons = await db.selectFrom("order_coupons").selectAll().orderBy("order_id").orderBy("code").execute();
  // By order, then as written: orders paid online at once record their outcomes in whichever order their gateways answer.
  const events = await db
    .selectFrom("order_events")
    .select(["order_id", "type", "actor_type", "data"])
    .orderBy("order_id")
    .orderBy("id")
    .execute();
  const terms = await db.selectFrom("order_search_terms").selectAll().orderBy("order_id").orderBy("term").execute();
  const stock = await db.selectFrom("products").select(["id", "stock_quantity", "stock_status"]).orderBy("id").execute();
  const uses = await db.selectFrom("coupons").select(["code", "usage_count"]).orderBy("code").execute();
  const carts = await db.selectFrom("cart_items").select(["product_id", "quantity", "position"]).orderBy("product_id").execute();
  return comparable({ orders, items, coupons, events, terms, stock, uses, carts });
}

describe.skipIf(testDialect() !== "sqlite")("placing an order run synchronously and through Kysely", () => {
  it("answers the same and stores the same rows, for random sequences of orders", async () => {
    const before = { ...unitsRun };
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 4 }), async (orders) => {
        const shoppers = [new StoreClient(sync.shop.app), new StoreClient(general.shop.app)] as const;
        for (const step of orders) {
          const [fast, slow] = [await place(sync, shoppers[0], step), await place(general, shoppers[1], step)];
          expect(fast, JSON.stringify(step)).toEqual(slow);
          expect(await storedRows(sync)).toEqual(await storedRows(general));
        }
      }),
      { numRuns: 20, endOnFailure: true },
    );
    // Both runs were taken: the synchronous one once the caches held what the orders priced from.
    expect(unitsRun.sync).toBeGreaterThan(before.sync);
    expect(unitsRun.async).toBeGreaterThan(before.async);
  });
});

describe.skipIf(testDialect() !== "sqlite")("orders of several shoppers placed at once", () => {
  it("answer and store as the same orders placed one after another, though they commit as one group (decision 0129)", async () => {
    const groupsBefore = unitsRun.groups;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(order, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 }), async (rounds) => {
        for (const orders of rounds) {
          const together = orders.map(() => new StoreClient(sync.shop.app));
          const oneByOne = orders.map(() => new StoreClient(general.shop.app));
          // Every cart filled first, so the three checkouts reach the database in one turn of the event loop.
          for (const [i, step] of orders.entries()) await fill(sync, together[i] as StoreClient, step);
          const fast = await Promise.all(orders.map((step, i) => checkOut(sync, together[i] as StoreClient, step)));
          // One after another in the order the group placed them (background e-mail work can delay one request past
          // another): orders by their ids, then those refused without one, which then meet the same stock and uses.
          const placedAs = [0, 1, 2].sort((a, b) => orderIdOf(fast[a]) - orderIdOf(fast[b]) || a - b);
          for (const [i, step] of orders.entries()) await fill(general, oneByOne[i] as StoreClient, step);
          const slow: typeof fast = [];
          for (const i of placedAs) slow[i] = await checkOut(general, oneByOne[i] as StoreClient, orders[i] as Order);
          expect(fast, JSON.stringify(orders)).toEqual(slow);
          expect(await storedRows(sync)).toEqual(await storedRows(general));
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
    // Orders of untracked products with no coupon moved no counter: some shared a commit.
    expect(unitsRun.groups).toBeGreaterThan(groupsBefore);
  });
});

describe.skipIf(testDialect() !== "sqlite")("orders of tracked stock placed at once (decision 0130)", () => {
  it("take exactly their units in one group, with no shopper's products loaded again", async () => {
    const { shop, products } = sync;
    const tShirt = products[1] as number;
    await sql`update products set stock_quantity = 10, stock_status = 'instock' where id = ${tShirt}`.execute(shop.db);
    const shoppers = [0, 1, 2].map(() => new StoreClient(shop.app));
    for (const shopper of shoppers) await shopper.post("/cart/add-item", { id: tShirt, quantity: 2 });
    let replies: { statusCode: number }[] = [];
    const statements = await sqliteStatementsDuring(shop.db, async () => {
      replies = await Promise.all(
        shoppers.map((shopper, i) =>
          shopper.post("/checkout", { billing_address: testBilling(`tracked${i}@example.com`), payment_method: "cod" }),
        ),
      );
    });
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    const left = await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", tShirt).executeTakeFirstOrThrow();
    expect(left.stock_quantity).toBe(4);
    // Each stock take moved the stock's counter, not the catalogue's: the cart's products stayed cached, no attempt
    // was undone, and the three orders committed as one group (before, each ended its group and the next reloaded).
    expect(statements.filter((text) => text === 'select * from "products" where "id" in (?)')).toEqual([]);
    expect(statements.filter((text) => text === "ROLLBACK")).toEqual([]);
    expect(statements.filter((text) => text.startsWith('insert into "orders"'))).toHaveLength(3);
    expect(statements.indexOf("COMMIT")).toBeGreaterThan(statements.findLastIndex((text) => text.startsWith('insert into "orders"')));
  });
});
