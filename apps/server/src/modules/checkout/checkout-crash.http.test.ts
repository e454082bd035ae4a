import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: a test counting e-mails uses the e-mail tests' own outbox reader, not the module's code
import { outboxFilesOf } from "../emails/eml.test-support.ts";
import { orderEvents } from "../orders/index.ts";
import { findGateway, type PaymentGateway } from "../payments/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { sweepUnpaidOrders } from "./index.ts";

let shop: TestShop;
let limitedPrint: number;
let tShirt: number;
beforeAll(async () => {
  // A gateway that pays but keeps no record anyone could ask: it cannot tell what became of a payment.
  const forgetful: PaymentGateway = {
    id: "forgetful_card",
    title: "Forgetful card",
    description: "Pays, and keeps no record of it.",
    supports: ["products"],
    process: async () => ({ status: "success", orderStatus: "processing", transactionId: "forgot" }),
  };
  // As an extension of the shop's app: registered while it runs, taken back when it closes.
  shop = await createTestShop({ extensions: [{ name: "forgetful-card", paymentGateways: [forgetful] }] });
  limitedPrint = await productId(shop.app, "limited-print");
  tShirt = await productId(shop.app, "classic-t-shirt");
  const payments = (await getSettings(shop.db)).payments;
  await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "forgetful_card"] } });
});
afterAll(() => shop?.close());

const card = [
  { key: "cw-test-card-number", value: "4242424242424242" },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** The shop as main.ts builds it, with a mailer writing into its own outbox. */
async function startApp() {
  const outbox = newOutbox("crash");
  const app = await appWithOutbox(shop, outbox);
  return { app, outbox };
}
const mailsFor = (outbox: string, orderId: number) => outboxFilesOf(outbox, orderId).length;

/** Refuses the write that takes an order out of pending: the process "dies" while recording the payment. */
async function armCrash() {
  if (shop.dialect === "postgres") {
    await sql`create or replace function cw_test_crash() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash while recording the payment'; end $$`.execute(shop.db);
    await sql`create trigger cw_test_crash before update of status on orders for each row
      when (old.status = 'pending' and new.status <> 'pending') execute function cw_test_crash()`.execute(shop.db);
  } else {
    await sql`create trigger cw_test_crash before update of status on orders
      when old.status = 'pending' and new.status <> 'pending'
      begin select raise(abort, 'simulated crash while recording the payment'); end`.execute(shop.db);
  }
}
const disarmCrash = () =>
  shop.dialect === "postgres"
    ? sql`drop trigger if exists cw_test_crash on orders`.execute(shop.db)
    : sql`drop trigger if exists cw_test_crash`.execute(shop.db);

/** Places an order on a first app that crashes while recording its payment; then "restarts". */
async function crashedCheckout(id: number, quantity: number, body: Record<string, unknown>) {
  const before = await startApp();
  const shopper = new StoreClient(before.app);
  await shopper.cart("POST", "/cart/add-item", { id, quantity });
  await armCrash();
  let crashed: Awaited<ReturnType<StoreClient["post"]>>;
  try {
    crashed = await shopper.post("/checkout", { billing_address: testBilling(), ...body });
  } finally {
    await disarmCrash();
  }
  expect(crashed.statusCode).toBe(500);
  await before.app.close();
  const after = await startApp();
  // The shopper's client keeps its Cart-Token across the restart.
  return { ...after, shopper: shopper.moveTo(after.app), firstOutbox: before.outbox, sid: shopper.sessionId() };
}

const orderOf = (sid: string) =>
  shop.db.selectFrom("orders").selectAll().where("cart_id", "=", sid).where("status", "<>", "checkout-draft").execute();
const chargesFor = async (orderId: number) =>
  Number(
    (
      await shop.db
        .selectFrom("gateway_charges")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);
// The status follows the quantity, as every stock move keeps it (db/stock-status.ts).
const setStock = (id: number, quantity: number) =>
  sql`update products set stock_quantity = ${quantity}, stock_status = ${quantity > 0 ? "instock" : "outofstock"} where id = ${id}`.execute(
    shop.db,
  );
/** As if the order had been placed this many minutes ago. */
const age = (orderId: number, minutes: number) =>
  shop.db
    .updateTable("orders")
    .set({ updated_at: new Date(Date.now() - minutes * 60 * 1000).toISOString() })
    .where("id", "=", orderId)
    .execute();

describe("a crash between placing an order and recording its payment", () => {
  it("cash on delivery: the retry settles the order as processing, empties the cart and sends the emails once", async () => {
    const { app, outbox, shopper, firstOutbox, sid } = await crashedCheckout(tShirt, 1, { payment_method: "cod" });
    const retried = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: "processing", payment_result: { payment_status: "success" } });
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);
    const again = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
    expect(again.json()).toMatchObject({ order_id: retried.json().order_id, status: "processing" });
    const orders = await orderOf(sid);
    expect(orders.map((o) => o.status)).toEqual(["processing"]);
    await app.close();
    expect(mailsFor(firstOutbox, retried.json().order_id) + mailsFor(outbox, retried.json().order_id)).toBe(2);
  });

  it("a card charged before the crash is found by its idempotency key: processing, charged once", async () => {
    const { app, outbox, shopper, sid } = await crashedCheckout(tShirt, 1, { payment_method: "test_card", payment_data: card });
    const [pending] = await orderOf(sid);
    expect(pending?.status).toBe("pending");
    expect(await chargesFor(pending?.id ?? 0)).toBe(1);
    const retried = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "test_card", payment_data: card });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ order_id: pending?.id, status: "processing", payment_result: { payment_status: "success" } });
    expect(await chargesFor(pending?.id ?? 0)).toBe(1);
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);
    await app.close();
    expect(mailsFor(outbox, pending?.id ?? 0)).toBe(2);
  });

  it("a card declined before the crash is recorded as declined, and the retry with another card places the same order", async () => {
    await setStock(limitedPrint, 3);
    const declined = card.map((entry) => (entry.key === "cw-test-card-number" ? { ...entry, value: "4000000000000002" } : entry));
    const { app, shopper, sid } = await crashedCheckout(limitedPrint, 2, { payment_method: "test_card", payment_data: declined });
    const [pending] = await orderOf(sid);
    const retried = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "test_card", payment_data: card });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ order_id: pending?.id, status: "processing" });
    expect(await stockOf(limitedPrint)).toBe(1);
    expect(await chargesFor(pending?.id ?? 0)).toBe(2);
    await app.close();
  });

  it("a retry after two minutes is not refused for the stock its own unpaid order holds", async () => {
    await setStock(limitedPrint, 3);
    const { app, shopper, sid } = await crashedCheckout(limitedPrint, 2, { payment_method: "test_card", payment_data: card });
    const [pending] = await orderOf(sid);
    expect(await stockOf(limitedPrint)).toBe(1);
    // The process died before it reached the gateway: nothing was charged.
    await shop.db
      .deleteFrom("gateway_charges")
      .where("order_id", "=", pending?.id ?? 0)
      .execute();
    await age(pending?.id ?? 0, 3);
    const retried = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "test_card", payment_data: card });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ order_id: pending?.id, status: "processing" });
    expect(await stockOf(limitedPrint)).toBe(1);
    expect(await chargesFor(pending?.id ?? 0)).toBe(1);
    await app.close();
  });
});

describe("the built-in test card gateway", () => {
  it("charges once per idempotency key, racing calls included, and looks attempts up by it", async () => {
    const gateway = findGateway("test_card");
    if (!gateway?.findPayment) throw new Error("the test card gateway looks payments up");
    const request = {
      orderId: 999_999,
      orderKey: "cw_order_idempotency",
      total: 1000,
      currency: "USD",
      billingEmail: "ada@example.com",
      customerId: 0,
      data: card,
      settings: await getSettings(shop.db),
      saveRequested: false,
      idempotencyKey: "pay_idempotency_test",
    };
    const [first, second] = await Promise.all([gateway.process(request, { db: shop.db }), gateway.process(request, { db: shop.db })]);
    expect(second).toEqual(first);
    expect(first.status).toBe("success");
    expect(await chargesFor(999_999)).toBe(1);
    expect(await gateway.findPayment("pay_idempotency_test", { db: shop.db })).toEqual(first);
    expect(await gateway.findPayment("pay_never_sent", { db: shop.db })).toBeNull();
  });
});

describe("the sweep of unpaid orders", () => {
  it("sends, once, the emails of an order settled just before the process died", async () => {
    // A process that dies the instant its transaction commits never starts the e-mails: as one without a mailer.
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
    expect(placed.json().status).toBe("processing");
    const { app, outbox } = await startApp();
    const { holdStockMinutes } = await getSettings(shop.db);
    const later = new Date(Date.now() + 2 * 60 * 1000);
    expect((await sweepUnpaidOrders(shop.db, holdStockMinutes, later)).emailed).toBe(1);
    expect((await sweepUnpaidOrders(shop.db, holdStockMinutes, later)).emailed).toBe(0);
    await app.close();
    expect(mailsFor(outbox, placed.json().order_id)).toBe(2);
  });

  it("settles an order whose card payment succeeded instead of cancelling it", async () => {
    const { app, outbox, shopper, sid } = await crashedCheckout(tShirt, 1, { payment_method: "test_card", payment_data: card });
    const [pending] = await orderOf(sid);
    const { holdStockMinutes } = await getSettings(shop.db);
    await sweepUnpaidOrders(shop.db, holdStockMinutes, new Date(Date.now() + (holdStockMinutes + 1) * 60 * 1000));
    const [swept] = await orderOf(sid);
    expect(swept).toMatchObject({ id: pending?.id, status: "processing" });
    expect(swept?.paid_at).not.toBeNull();
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);
    await app.close();
    expect(mailsFor(outbox, pending?.id ?? 0)).toBe(2);
  });

  it("cancels an order that never reached the gateway, giving its stock back", async () => {
    await setStock(limitedPrint, 3);
    const { app, outbox, sid } = await crashedCheckout(limitedPrint, 2, { payment_method: "test_card", payment_data: card });
    const [pending] = await orderOf(sid);
    await shop.db
      .deleteFrom("gateway_charges")
      .where("order_id", "=", pending?.id ?? 0)
      .execute();
    expect(await stockOf(limitedPrint)).toBe(1);
    const { holdStockMinutes } = await getSettings(shop.db);
    await sweepUnpaidOrders(shop.db, holdStockMinutes, new Date(Date.now() + (holdStockMinutes + 1) * 60 * 1000));
    expect((await orderOf(sid)).map((o) => o.status)).toEqual(["cancelled"]);
    expect(await stockOf(limitedPrint)).toBe(3);
    // The shop decided it, not the gateway: its status event says so.
    expect((await orderEvents(shop.db, pending?.id ?? 0)).filter((e) => e.type === "status")).toEqual([
      expect.objectContaining({ from: "pending", to: "cancelled", stock_returned: true, actor: expect.objectContaining({ type: "shop" }) }),
    ]);
    await app.close();
    expect(mailsFor(outbox, pending?.id ?? 0)).toBe(0);
  });

  it("holds an order whose gateway cannot tell what became of the payment, keeping its stock", async () => {
    await setStock(limitedPrint, 3);
    const { app, sid } = await crashedCheckout(limitedPrint, 1, { payment_method: "forgetful_card" });
    const { holdStockMinutes } = await getSettings(shop.db);
    await sweepUnpaidOrders(shop.db, holdStockMinutes, new Date(Date.now() + (holdStockMinutes + 1) * 60 * 1000));
    const [held] = await orderOf(sid);
    expect(held?.status).toBe("on-hold");
    expect(await stockOf(limitedPrint)).toBe(2);
    expect((await orderEvents(shop.db, held?.id ?? 0)).filter((e) => e.type === "status")).toEqual([
      expect.objectContaining({ from: "pending", to: "on-hold", actor: expect.objectContaining({ type: "shop" }) }),
    ]);
    await app.close();
  });
});
