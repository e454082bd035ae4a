/**
 * Paying an order that awaits payment (POST /checkout/{id}, decision 0085) on SQLite and
 * PostgreSQL: who may (the customer; a guest with key and e-mail, or the session that placed it),
 * which statuses, the test card's success and decline, stock and coupon uses taken back or the
 * payment refused when they are gone, two racing pays charging once, the cart left alone, the
 * order's history and e-mails, and the customer's failed-order e-mail with its link to pay.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { insertCoupon } from "../../../../../test/coupons.ts";
import { productId, StoreClient, testBilling, testCard } from "../../../../../test/store-client.ts";
import type { buildApp } from "../../app.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own outbox reader, not the module's code
import { outboxFilesOf, parseEml } from "../emails/eml.test-support.ts";
import { orderEvents } from "../orders/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { sweepUnpaidOrders } from "./index.ts";

let shop: TestShop;
let app: Awaited<ReturnType<typeof buildApp>>;
let outbox: string;
let tShirt: number;
let print: number;
/** The answer the "later_card" gateway gives when asked what became of a payment (the sweep asks). */
let laterAnswer: "failure" | null = null;

beforeAll(async () => {
  // A gateway whose answer comes later than the shopper waits (a bank's no after they left): it never answers the call.
  const later: PaymentGateway = {
    id: "later_card",
    title: "Later card",
    description: "Answers after the shopper has gone.",
    supports: ["products"],
    process: () => new Promise(() => {}),
    findPayment: async () => (laterAnswer ? { status: laterAnswer, message: "Declined by the bank." } : null),
  };
  // Registered for the process while the shop's app runs, so the app below meets it too; taken back when the shop closes.
  shop = await createTestShop({ rateLimit: false, extensions: [{ name: "later-card", paymentGateways: [later] }] });
  outbox = newOutbox("pay-order");
  // The shop as main.ts builds it, with a mailer writing into an outbox folder.
  app = await appWithOutbox(shop, outbox);
  tShirt = await productId(app, "classic-t-shirt");
  print = await productId(app, "limited-print");
  const payments = (await getSettings(shop.db)).payments;
  await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "later_card"] } });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

const DECLINED = "4000 0000 0000 0002";
const card = (number?: string) => ({ payment_method: "test_card", payment_data: testCard(number) });

/** A guest's order declined at checkout; answers the shopper's client, the order's id and key. */
async function declinedOrder(email: string, lines = [{ id: tShirt, quantity: 1 }], coupon?: string) {
  const shopper = new StoreClient(app);
  for (const line of lines) await shopper.cart("POST", "/cart/add-item", line);
  if (coupon) await shopper.cart("POST", "/cart/apply-coupon", { code: coupon });
  const declined = await shopper.post("/checkout", { billing_address: testBilling(email), ...card(DECLINED) });
  expect(declined.statusCode).toBe(400);
  const id: number = declined.json().data.order_id;
  const row = await shop.db.selectFrom("orders").select(["order_key", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(row.status).toBe("failed");
  return { shopper, id, key: row.order_key };
}

const statusOf = async (id: number) =>
  (await shop.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);
const usesOf = async (couponId: number) =>
  Number((await shop.db.selectFrom("coupons").select("usage_count").where("id", "=", couponId).executeTakeFirstOrThrow()).usage_count);
const chargesFor = async (orderId: number) =>
  (await shop.db.selectFrom("gateway_charges").select("outcome").where("order_id", "=", orderId).execute())
    .map((charge) => (JSON.parse(charge.outcome) as { status: string }).status)
    .sort();
const pay = (client: StoreClient, id: number, body: Record<string, unknown>) => client.post(`/checkout/${id}`, body);
const mailKinds = (orderId: number) => outboxFilesOf(outbox, orderId).map((name) => name.replace(/^.*Z-\d+-/, "").replace(/\.eml$/, ""));

/** Waits (5 s at most) for the e-mails sent after a reply. */
async function mailsEventually(orderId: number, count: number) {
  const deadline = Date.now() + 5000;
  while (mailKinds(orderId).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return mailKinds(orderId).sort();
}

describe("who may pay an order", () => {
  it("a guest from another session needs the key and the billing e-mail; wrong ones answer the order rules' codes and change nothing", async () => {
    const { id, key } = await declinedOrder("who.guest@example.com");
    const stranger = new StoreClient(app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ key: "cw_order_0000000000000000" }, 401, "cw_rest_invalid_order"],
      [{ key }, 401, "cw_rest_invalid_billing_email"],
      [{ key, billing_email: "someone.else@example.com" }, 401, "cw_rest_invalid_billing_email"],
    ];
    for (const [body, status, code] of cases) {
      const refused = await pay(stranger, id, { ...body, ...card() });
      expect([refused.statusCode, refused.json().code]).toEqual([status, code]);
    }
    const unknown = await pay(stranger, 999_999, { key, billing_email: "who.guest@example.com", ...card() });
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, "cw_rest_invalid_order"]);
    expect(await statusOf(id)).toBe("failed");
    expect(await chargesFor(id)).toEqual(["failure"]);

    // The e-mail is compared without regard to case or spaces around it, as the order rules compare it.
    const paid = await pay(stranger, id, { key, billing_email: " WHO.guest@example.com ", ...card() });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      order_id: id,
      status: "processing",
      order_key: key,
      payment_result: { payment_status: "success" },
    });
  });

  it("the session that placed a guest's order needs only the key", async () => {
    const { shopper, id, key } = await declinedOrder("same.session@example.com");
    const paid = await pay(shopper, id, { key, ...card() });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("processing");
  });

  it("a customer's order: its customer pays with the key; anyone else holding the key is told it is another customer's (403)", async () => {
    const jane = new StoreClient(app);
    expect((await jane.post("/account/sign-in", { email: "jane@example.com", password: "demo-jane-2026" })).statusCode).toBe(200);
    await jane.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const declined = await jane.post("/checkout", { billing_address: testBilling("jane@example.com"), ...card(DECLINED) });
    const id: number = declined.json().data.order_id;
    const { order_key: key } = await shop.db.selectFrom("orders").select("order_key").where("id", "=", id).executeTakeFirstOrThrow();

    const other = await pay(new StoreClient(app), id, { key, billing_email: "jane@example.com", ...card() });
    expect([other.statusCode, other.json().code]).toEqual([403, "cw_rest_invalid_user"]);
    const wrongKey = await pay(jane, id, { key: `${key}x`, ...card() });
    expect([wrongKey.statusCode, wrongKey.json().code]).toEqual([401, "cw_rest_invalid_order"]);

    // Her cart has moved on meanwhile: paying the old order leaves it as it is.
    await jane.cart("POST", "/cart/add-item", { id: print, quantity: 1 });
    const itemsOf = async () =>
      (await jane.cart("GET", "/cart")).items.map((item: { id: number; quantity: number }) => [item.id, item.quantity]);
    const before = await itemsOf();
    expect(before).toContainEqual([print, 1]);
    const paid = await pay(jane, id, { key, ...card() });
    expect(paid.statusCode).toBe(200);
    expect(await itemsOf()).toEqual(before);
    const events = await orderEvents(shop.db, id);
    const moves = events.filter((e) => e.type === "status");
    expect(moves.slice(-2)).toMatchObject([
      { actor: { type: "customer", email: "jane@example.com" }, from: "failed", to: "pending" },
      { actor: { type: "gateway" }, from: "pending", to: "processing" },
    ]);
  });
});

describe("paying", () => {
  it("declined again: stays failed with its stock back and the gateway's message; then paid: processing, stock taken once, the order's e-mails", async () => {
    const before = await stockOf(print);
    const { id, key } = await declinedOrder("retry@example.com", [{ id: print, quantity: 1 }]);
    expect(await stockOf(print)).toBe(before);
    const body = { key, billing_email: "retry@example.com" };
    const stranger = new StoreClient(app);

    const declined = await pay(stranger, id, { ...body, ...card(DECLINED) });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      code: "cw_rest_checkout_process_payment_error",
      message: "Your card was declined. Please use another card or payment method.",
      data: { order_id: id, payment_result: { payment_status: "failure" } },
    });
    expect(await statusOf(id)).toBe("failed");
    expect(await stockOf(print)).toBe(before);

    const paid = await pay(stranger, id, { ...body, ...card() });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "processing",
      payment_method: "test_card",
      payment_result: { payment_status: "success", redirect_url: `/checkout/order-received/${id}?key=${key}` },
    });
    expect(await stockOf(print)).toBe(before - 1);
    expect(await chargesFor(id)).toEqual(["failure", "failure", "success"]);
    // The confirmation and the owner's notice, as for an order paid at checkout; the owner heard of both declines.
    expect(await mailsEventually(id, 4)).toEqual(["confirmation", "failed-notice", "failed-notice", "new-order"]);

    const again = await pay(stranger, id, { ...body, ...card() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "cw_rest_order_not_payable", message: "This order has already been paid for." });
  });

  it("another method may be chosen: a bank transfer puts the failed order on hold, no card charged", async () => {
    const { shopper, id, key } = await declinedOrder("switch@example.com");
    const paid = await pay(shopper, id, { key, payment_method: "bacs" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "on-hold", payment_method: "bacs" });
  });

  it("checks the method and its data as the checkout does", async () => {
    const { shopper, id, key } = await declinedOrder("checks@example.com");
    const missing = await pay(shopper, id, { key });
    expect(missing.json().code).toBe("cw_rest_checkout_missing_payment_method");
    const unknown = await pay(shopper, id, { key, payment_method: "nope" });
    expect(unknown.json().code).toBe("cw_rest_checkout_payment_method_disabled");
    const bad = await pay(shopper, id, { key, payment_method: "test_card", payment_data: [] });
    expect(bad.json().code).toBe("cw_rest_checkout_invalid_payment_data");
    const noKey = await pay(shopper, id, card());
    expect(noKey.statusCode).toBe(400);
    expect(await statusOf(id)).toBe("failed");
  });

  it("refuses orders that do not await payment, with their status", async () => {
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const held = (await shopper.post("/checkout", { billing_address: testBilling("held@example.com"), payment_method: "bacs" })).json();
    const onHold = await pay(shopper, held.order_id, { key: held.order_key, ...card() });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json()).toMatchObject({
      code: "cw_rest_order_not_payable",
      message: "This order is on hold: it cannot be paid for here.",
    });
    await shop.db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", held.order_id).execute();
    const cancelled = await pay(shopper, held.order_id, { key: held.order_key, ...card() });
    expect(cancelled.json()).toMatchObject({
      code: "cw_rest_order_not_payable",
      message: "This order is cancelled: it cannot be paid for here.",
    });
    expect(await chargesFor(held.order_id)).toEqual([]);
  });
});

describe("what the order held, gone meanwhile", () => {
  it("stock sold meanwhile refuses the payment (409), charges nothing and leaves the order failed", async () => {
    const start = await stockOf(print);
    const { shopper, id, key } = await declinedOrder("late.print@example.com", [{ id: print, quantity: 2 }]);
    await sql`update products set stock_quantity = 1 where id = ${print}`.execute(shop.db);
    try {
      const refused = await pay(shopper, id, { key, ...card() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "cw_rest_product_out_of_stock" });
      expect(refused.json().message).toContain("“Limited Print”");
      expect(await statusOf(id)).toBe("failed");
      expect(await stockOf(print)).toBe(1);
      expect(await chargesFor(id)).toEqual(["failure"]);
    } finally {
      await sql`update products set stock_quantity = ${start} where id = ${print}`.execute(shop.db);
    }
  });

  it("a coupon the shopper used up meanwhile (per-customer limit) refuses the payment (409) and counts nothing", async () => {
    const couponId = await insertCoupon(shop.db, "paylimit", { usage_limit_per_user: 1 });
    const { shopper, id, key } = await declinedOrder("limit.payer@example.com", [{ id: tShirt, quantity: 1 }], "paylimit");
    expect(await usesOf(couponId)).toBe(0);
    // The same shopper uses it on another order, paid on delivery.
    const other = new StoreClient(app);
    await other.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    await other.cart("POST", "/cart/apply-coupon", { code: "paylimit" });
    expect(
      (await other.post("/checkout", { billing_address: testBilling("limit.payer@example.com"), payment_method: "cod" })).statusCode,
    ).toBe(200);
    expect(await usesOf(couponId)).toBe(1);

    const refused = await pay(shopper, id, { key, ...card() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "cw_rest_order_coupon_errors", data: { coupons: ["paylimit"] } });
    expect(await usesOf(couponId)).toBe(1);
    expect(await statusOf(id)).toBe("failed");
    expect(await chargesFor(id)).toEqual(["failure"]);
  });

  it("a coupon still free is counted again when the order is paid", async () => {
    const couponId = await insertCoupon(shop.db, "payagain", { usage_limit: 5 });
    const { shopper, id, key } = await declinedOrder("coupon.again@example.com", [{ id: tShirt, quantity: 1 }], "payagain");
    expect(await usesOf(couponId)).toBe(0);
    expect((await pay(shopper, id, { key, ...card() })).statusCode).toBe(200);
    expect(await usesOf(couponId)).toBe(1);
  });
});

describe("two pays at once", () => {
  it("charge once and pay the order once", async () => {
    const { id, key } = await declinedOrder("twice@example.com", [{ id: print, quantity: 1 }]);
    const stock = await stockOf(print);
    const tabs = [new StoreClient(app), new StoreClient(app)];
    for (const tab of tabs) await tab.get("/cart");
    const replies = await Promise.all(tabs.map((tab) => pay(tab, id, { key, billing_email: "twice@example.com", ...card() })));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = replies.find((r) => r.statusCode === 409)?.json().code;
    expect(["cw_rest_order_payment_in_progress", "cw_rest_order_not_payable"]).toContain(refused);
    expect(await chargesFor(id)).toEqual(["failure", "success"]);
    expect(await statusOf(id)).toBe("processing");
    expect(await stockOf(print)).toBe(stock - 1);
  });
});

describe("a repayment whose call died", () => {
  it("the sweep fails it again, stock back, payable once more, when the gateway never received it (not cancelled)", async () => {
    const stock = await stockOf(print);
    const { shopper, id, key } = await declinedOrder("died@example.com", [{ id: print, quantity: 1 }]);
    laterAnswer = null;
    // The call waits on the gateway for ever, as if its process had died while paying.
    void pay(shopper, id, { key, payment_method: "later_card" });
    const deadline = Date.now() + 5000;
    let attempt = "";
    while (!attempt.startsWith("repay_") && Date.now() < deadline) {
      attempt = (await shop.db.selectFrom("orders").select("payment_attempt").where("id", "=", id).executeTakeFirstOrThrow())
        .payment_attempt;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(attempt).toMatch(/^repay_/);
    expect(await stockOf(print)).toBe(stock - 1);
    await sweepUnpaidOrders(shop.db, 60, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(await statusOf(id)).toBe("failed");
    expect(await stockOf(print)).toBe(stock);
    expect((await pay(shopper, id, { key, ...card() })).json()).toMatchObject({ status: "processing" });
  });
});

describe("the customer's failed-order e-mail", () => {
  it("is not sent for a decline the shopper saw on screen (checkout or the pay page)", async () => {
    const { shopper, id, key } = await declinedOrder("saw.it@example.com");
    await pay(shopper, id, { key, ...card(DECLINED) });
    expect(await mailsEventually(id, 2)).toEqual(["failed-notice", "failed-notice"]);
  });

  it("is sent, with the link to pay, when a no comes after the shopper left (the sweep), and the link pays the order", async () => {
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    // The call waits on the gateway for ever: the shopper gives up on it.
    void shopper.post("/checkout", { billing_address: testBilling("gone@example.com"), payment_method: "later_card" });
    const deadline = Date.now() + 5000;
    let order: { id: number; order_key: string; payment_attempt: string } | undefined;
    while (!order?.payment_attempt && Date.now() < deadline) {
      order = await shop.db
        .selectFrom("orders")
        .select(["id", "order_key", "payment_attempt"])
        .where("billing_email", "=", "gone@example.com")
        .executeTakeFirst();
      await new Promise((r) => setTimeout(r, 25));
    }
    if (!order) throw new Error("the order was never placed");
    laterAnswer = "failure";
    const counts = await sweepUnpaidOrders(shop.db, 60, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe("failed");
    expect(await mailsEventually(order.id, 2)).toEqual(["failed", "failed-notice"]);
    const [file] = outboxFilesOf(outbox, order.id, "failed.eml");
    const mail = parseEml(readFileSync(join(outbox, file ?? ""), "utf8"));
    expect(mail.headers.to).toBe("gone@example.com");
    expect(mail.headers.subject).toBe(`Your Cartwright Demo order #${order.id}: the payment failed`);
    const link = `https://shop.example.com/checkout/order-pay/${order.id}?key=${order.order_key}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);

    const paid = await pay(new StoreClient(app), order.id, { key: order.order_key, billing_email: "gone@example.com", ...card() });
    expect(paid.json()).toMatchObject({ status: "processing" });
  });

  it("is not sent when the owner switched it off, and the order's history says so", async () => {
    const settings = await getSettings(shop.db);
    await updateSettings(shop.db, { emails: { ...settings.emails, off: [...settings.emails.off, "customer_failed"] } });
    try {
      const shopper = new StoreClient(app);
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      laterAnswer = null;
      void shopper.post("/checkout", { billing_address: testBilling("off@example.com"), payment_method: "later_card" });
      const deadline = Date.now() + 5000;
      let id = 0;
      while (!id && Date.now() < deadline) {
        const row = await shop.db
          .selectFrom("orders")
          .select(["id", "payment_attempt"])
          .where("billing_email", "=", "off@example.com")
          .executeTakeFirst();
        if (row?.payment_attempt) id = row.id;
        else await new Promise((r) => setTimeout(r, 25));
      }
      laterAnswer = "failure";
      await sweepUnpaidOrders(shop.db, 60, new Date(Date.now() + 2 * 60 * 60 * 1000));
      expect(await mailsEventually(id, 1)).toEqual(["failed-notice"]);
      const deadlineEvents = Date.now() + 5000;
      let skipped: unknown;
      while (!skipped && Date.now() < deadlineEvents) {
        skipped = (await orderEvents(shop.db, id)).find((e) => e.type === "email" && e.email === "customer_failed");
        if (!skipped) await new Promise((r) => setTimeout(r, 25));
      }
      expect(skipped).toMatchObject({ skipped: "switched_off" });
    } finally {
      await updateSettings(shop.db, { emails: settings.emails });
    }
  });
});
