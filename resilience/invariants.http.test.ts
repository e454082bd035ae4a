/**
 * The resilience suite's invariants on SQLite and PostgreSQL: they hold on the demo shop after real
 * checkouts, refunds and owner stock edits, and each kind is reported when a row is broken on purpose.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../test/app.ts";
import { adminCall, signedInOwner } from "../test/owner-client.ts";
import { productId, StoreClient, testBilling, testCard } from "../test/store-client.ts";
import { captureStock, checkInvariants, type InvariantKind, lostOrders, type StockBaseline } from "./invariants.ts";

const card = testCard();

let shop: TestShop;
let owner: StoreClient;
let baseline: StockBaseline;
let tShirt: number;
let paidOrder: number;
let codOrder: number;

const confirmed: { id: number; key: string }[] = [];

async function placeOrder(payment: { method: string; data?: unknown[] }, coupon?: string): Promise<number> {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
  if (coupon) await shopper.cart("POST", "/cart/apply-coupon", { code: coupon });
  const response = await shopper.post("/checkout", {
    billing_address: testBilling(),
    payment_method: payment.method,
    ...(payment.data ? { payment_data: payment.data } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  confirmed.push({ id: response.json().order_id, key: response.json().order_key });
  return response.json().order_id;
}

beforeAll(async () => {
  shop = await createTestShop();
  tShirt = await productId(shop.app, "classic-t-shirt");
  baseline = await captureStock(shop.db);
  owner = await signedInOwner(shop);
  paidOrder = await placeOrder({ method: "test_card", data: card }, "SAVE10");
  codOrder = await placeOrder({ method: "cod" }, "5OFF");
});
afterAll(() => shop.close());

const kinds = async () => (await checkInvariants(shop.db, baseline)).map((violation) => violation.kind);

/** Breaks the shop with `sqlText`, expects `kind` reported, and mends it with `undo`. */
async function expectCaught(kind: InvariantKind, breakIt: () => Promise<unknown>, undo: () => Promise<unknown>) {
  await breakIt();
  try {
    expect(await kinds()).toContain(kind);
  } finally {
    await undo();
  }
  expect(await kinds()).toEqual([]);
}

describe("checkInvariants", () => {
  it("holds on the demo shop after paid and cash orders with coupons, a restocking refund and an owner's stock edit", async () => {
    expect(await checkInvariants(shop.db, baseline)).toEqual([]);
    const order = (await adminCall(owner, "GET", `/orders/${paidOrder}`)).json();
    const line = order.lines[0];
    const refund = await adminCall(owner, "POST", `/orders/${paidOrder}/refunds`, {
      amount: Math.floor(line.total / line.quantity),
      restock: true,
      method: "manual",
      lines: [{ line_id: line.id, quantity: 1, amount: Math.floor(line.total / line.quantity) }],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const cancelled = await adminCall(owner, "POST", `/orders/${codOrder}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const edit = await adminCall(owner, "POST", "/products/bulk", { ids: [tShirt], changes: { stock_quantity: 77 } });
    expect(edit.json().updated, edit.body).toEqual([tShirt]);
    expect(await checkInvariants(shop.db, baseline)).toEqual([]);
  });

  it("reports stock that moved without an order, a refund or the owner", async () => {
    const move = (by: number) => sql`update products set stock_quantity = stock_quantity + ${by} where id = ${tShirt}`.execute(shop.db);
    await expectCaught(
      "stock",
      () => move(-1),
      () => move(1),
    );
  });

  it("reports a coupon whose usage count differs from the orders that used it", async () => {
    const move = (by: number) => sql`update coupons set usage_count = usage_count + ${by} where code = 'save10'`.execute(shop.db);
    await expectCaught(
      "coupon-usage",
      () => move(1),
      () => move(-1),
    );
  });

  it("reports a placed order without lines", async () => {
    const lines = await shop.db.selectFrom("order_items").selectAll().where("order_id", "=", paidOrder).execute();
    await expectCaught(
      "order-lines",
      () => shop.db.deleteFrom("order_items").where("order_id", "=", paidOrder).execute(),
      () => shop.db.insertInto("order_items").values(lines).execute(),
    );
  });

  it("reports totals that do not add up, and a refunded sum that is not its refunds'", async () => {
    const total = (by: number) => sql`update orders set total = total + ${by} where id = ${paidOrder}`.execute(shop.db);
    await expectCaught(
      "order-totals",
      () => total(1),
      () => total(-1),
    );
    const refunded = (by: number) =>
      sql`update orders set total_refunded = total_refunded + ${by} where id = ${paidOrder}`.execute(shop.db);
    await expectCaught(
      "order-refunds",
      () => refunded(1),
      () => refunded(-1),
    );
  });

  it("reports a card order marked paid without its charge", async () => {
    const charges = await shop.db.selectFrom("gateway_charges").selectAll().where("order_id", "=", paidOrder).execute();
    expect(charges.length).toBeGreaterThan(0);
    await expectCaught(
      "payment-record",
      () => shop.db.deleteFrom("gateway_charges").where("order_id", "=", paidOrder).execute(),
      () => shop.db.insertInto("gateway_charges").values(charges).execute(),
    );
  });

  it("reports a cart line with a quantity the cart never accepts", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const cartId = shopper.sessionId();
    const set = (quantity: number) => shop.db.updateTable("cart_items").set({ quantity }).where("cart_id", "=", cartId).execute();
    await expectCaught(
      "cart-quantity",
      () => set(100_001),
      () => set(1),
    );
  });

  it("reports stored values the validation refuses: an order's country and email, a sale price at the regular price, a coupon amount", async () => {
    const order = await shop.db
      .selectFrom("orders")
      .select(["billing_address", "billing_email"])
      .where("id", "=", paidOrder)
      .executeTakeFirstOrThrow();
    const badCountry = JSON.stringify({ ...JSON.parse(order.billing_address), country: "ZZ" });
    const setOrder = (fields: { billing_address?: string; billing_email?: string }) =>
      shop.db.updateTable("orders").set(fields).where("id", "=", paidOrder).execute();
    await expectCaught(
      "stored-value",
      () => setOrder({ billing_address: badCountry }),
      () => setOrder({ billing_address: order.billing_address }),
    );
    await expectCaught(
      "stored-value",
      () => setOrder({ billing_email: "not an address" }),
      () => setOrder({ billing_email: order.billing_email }),
    );
    const price = await shop.db
      .selectFrom("products")
      .select(["regular_price", "sale_price"])
      .where("id", "=", tShirt)
      .executeTakeFirstOrThrow();
    const setSale = (sale_price: number | null) => shop.db.updateTable("products").set({ sale_price }).where("id", "=", tShirt).execute();
    await expectCaught(
      "stored-value",
      () => setSale(price.regular_price),
      () => setSale(price.sale_price),
    );
    const setAmount = (amount: number) => shop.db.updateTable("coupons").set({ amount }).where("code", "=", "5off").execute();
    await expectCaught(
      "stored-value",
      () => setAmount(-500),
      () => setAmount(500),
    );
  });

  it("reports an order the shopper saw confirmed that is gone or changed its key", async () => {
    expect(await lostOrders(shop.db, confirmed)).toEqual([]);
    const first = confirmed[0] as { id: number; key: string };
    const setKey = (order_key: string) => shop.db.updateTable("orders").set({ order_key }).where("id", "=", first.id).execute();
    await setKey("wc_order_other");
    try {
      expect((await lostOrders(shop.db, confirmed)).map((violation) => [violation.kind, violation.where])).toEqual([
        ["order-lost", `orders#${first.id}`],
      ]);
    } finally {
      await setKey(first.key);
    }
    expect(await lostOrders(shop.db, [...confirmed, { id: 999_999, key: "k" }])).toHaveLength(1);
  });

  it("reports an order answered paid whose stored status is worse now", async () => {
    const paid = confirmed.find((order) => order.id === paidOrder) as { id: number; key: string };
    expect(await lostOrders(shop.db, [{ ...paid, status: "processing" }])).toEqual([]);
    await shop.db.updateTable("orders").set({ status: "pending" }).where("id", "=", paid.id).execute();
    try {
      expect((await lostOrders(shop.db, [{ ...paid, status: "processing" }])).map((violation) => violation.message)).toEqual([
        "an order the shopper saw confirmed was answered processing and is pending now",
      ]);
      // Answered pending (cash on delivery), a pending order is what it was.
      expect(await lostOrders(shop.db, [{ ...paid, status: "pending" }])).toEqual([]);
    } finally {
      await shop.db.updateTable("orders").set({ status: "processing" }).where("id", "=", paid.id).execute();
    }
  });
});
