/**
 * The owner's status changes (issue 18, contract A) on SQLite and PostgreSQL: who may, the stock and
 * coupon uses given back and taken again exactly once, every error, bulk changes, the completed
 * e-mail, and racing cancels (the owner twice and the sweep) that give stock back once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import {
  type ActionsShop,
  ADMIN,
  actionsShop,
  billingFor,
  couponUses,
  eventually,
  mailsOf,
  orderStatus,
  ownerOn,
  placeOrder,
  readMail,
  stockOf,
  type TimelineLine,
} from "./actions.test-support.ts";
import { cancelUnpaidOrders } from "./orders.service.ts";

const DOMAIN = "@orders-status.test";
let t: ActionsShop;
let tShirt: number;
let print: number;

beforeAll(async () => {
  t = await actionsShop();
  tShirt = await productId(t.app, "classic-t-shirt");
  print = await productId(t.app, "limited-print");
}, 60_000);
afterAll(() => t?.close());

const setStatus = (id: number, status: string, extra: Record<string, unknown> = {}) =>
  t.owner.post(`${ADMIN}/orders/${id}/status`, { status, ...extra });
const statusEvents = (order: { timeline: TimelineLine[] }) => order.timeline.filter((line) => line.type === "status" && line.actor);
const bankTransfer = (first: string) => ({ billing_address: billingFor(first, DOMAIN), payment_method: "bacs" });

describe("who may change an order's status", () => {
  it("answers a guest 401, a shopper 403, a call without its nonce 401, and changes nothing", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Gus"));
    const guest = new StoreClient(t.app, "browser");
    await guest.get("/cart");
    for (const path of [`${ADMIN}/orders/${id}/status`, `${ADMIN}/orders/bulk/status`]) {
      const body = path.includes("bulk") ? { ids: [id], status: "cancelled" } : { status: "cancelled" };
      const asGuest = await guest.post(path, body);
      expect([asGuest.statusCode, asGuest.json().code]).toEqual([401, "cw_rest_not_signed_in"]);
      const asShopper = await t.jane.post(path, body);
      expect([asShopper.statusCode, asShopper.json().code]).toEqual([403, "cw_rest_forbidden"]);
      const noNonce = await t.owner.request("POST", path, body, { nonce: "" });
      expect([noNonce.statusCode, noNonce.json().code]).toEqual([401, "cw_rest_missing_nonce"]);
    }
    expect(await orderStatus(t.shop.db, id)).toBe("on-hold");
  });

  it("is in the OpenAPI document under the owner tag", async () => {
    const paths = (await t.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/orders/{id}/status"].post.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/orders/bulk/status"].post.tags).toEqual(["owner"]);
  });
});

describe("POST /orders/{id}/status", () => {
  it("cancels: stock and coupon use back once, a status event by the owner, a change_log row; the same again is 409", async () => {
    const id = await placeOrder(t.app, [{ product: print, quantity: 2 }], bankTransfer("Cora"), "once");
    expect(await stockOf(t.shop.db, print)).toBe(1);
    expect(await couponUses(t.shop.db, "once")).toBe(1);

    const response = await setStatus(id, "cancelled", { note: "Asked by phone" });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({ id, status: "cancelled", lines: [{ name: "Limited Print", quantity: 2 }] });
    expect(statusEvents(order).at(-1)).toMatchObject({
      type: "status",
      from: "on-hold",
      status: "cancelled",
      stock_returned: true,
      coupons_returned: ["once"],
      message: "Asked by phone",
      actor: { type: "owner", id: expect.any(Number), email: "owner@example.com" },
    });
    expect(await stockOf(t.shop.db, print)).toBe(3);
    expect(await couponUses(t.shop.db, "once")).toBe(0);
    const logged = await t.shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "order")
      .where("entity_id", "=", String(id))
      .executeTakeFirstOrThrow();
    expect([JSON.parse(logged.before ?? ""), JSON.parse(logged.after ?? "")]).toEqual([
      { status: "on-hold" },
      { status: "cancelled", note: "Asked by phone" },
    ]);

    const again = await setStatus(id, "cancelled");
    expect([again.statusCode, again.json().code]).toEqual([409, "cw_rest_order_status_unchanged"]);
    // Cancelled to failed: neither holds anything, so nothing moves twice.
    const failed = (await setStatus(id, "failed")).json();
    expect(statusEvents(failed).at(-1)).toMatchObject({ from: "cancelled", status: "failed" });
    expect(statusEvents(failed).at(-1)).not.toHaveProperty("stock_returned");
    expect(await stockOf(t.shop.db, print)).toBe(3);
    expect(await couponUses(t.shop.db, "once")).toBe(0);

    // Back to a live status: the stock and the coupon use are taken again, and the order counts as paid.
    const restored = (await setStatus(id, "processing")).json();
    expect(restored).toMatchObject({ status: "processing", date_paid: expect.any(String) });
    expect(await stockOf(t.shop.db, print)).toBe(1);
    expect(await couponUses(t.shop.db, "once")).toBe(1);
    const onHold = await setStatus(id, "on-hold");
    expect(onHold.statusCode).toBe(200);
    expect(await stockOf(t.shop.db, print)).toBe(1);
    await setStatus(id, "cancelled");
    expect(await stockOf(t.shop.db, print)).toBe(3);
  });

  it("a transfer marked received by the owner is paid by the owner in the timeline, not by the gateway", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Pia"));
    const order = (await setStatus(id, "processing")).json();
    const paid = order.timeline.find((line: TimelineLine) => line.type === "paid");
    expect(paid).toMatchObject({ actor: { type: "owner" } });
    expect(statusEvents(order).at(-1)?.at).toBe(paid?.at);
  });

  it("answers 409 with the lines the shelf lacks when a cancelled order comes back, and changes nothing", async () => {
    const first = await placeOrder(t.app, [{ product: print, quantity: 2 }], bankTransfer("Dana"));
    expect((await setStatus(first, "cancelled")).statusCode).toBe(200);
    // E-mail events are left out: the placing's e-mails are sent after its answer and may be recorded at any moment here.
    const eventsOf = (id: number) =>
      t.shop.db.selectFrom("order_events").select("id").where("order_id", "=", id).where("type", "<>", "email").execute();
    const recorded = (await eventsOf(first)).length;
    const second = await placeOrder(t.app, [{ product: print, quantity: 3 }], bankTransfer("Eli"));
    expect(await stockOf(t.shop.db, print)).toBe(0);

    const refused = await setStatus(first, "processing");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "cw_rest_order_out_of_stock",
      data: { lines: [{ line_id: expect.any(Number), name: "Limited Print", quantity: 2, in_stock: 0 }] },
    });
    expect(await orderStatus(t.shop.db, first)).toBe("cancelled");
    expect(await stockOf(t.shop.db, print)).toBe(0);
    expect(await eventsOf(first)).toHaveLength(recorded);

    await setStatus(second, "cancelled");
    expect((await setStatus(first, "pending")).statusCode).toBe(200);
    expect(await stockOf(t.shop.db, print)).toBe(1);
    await setStatus(first, "cancelled");
  });

  it("refuses refunded (a refund's), a checkout draft, an unknown status and an unknown order", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Fay"));
    const refunded = await setStatus(id, "refunded");
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().code).toBe("cw_rest_order_status_refund");
    expect(refunded.json().message).toMatch(/^Use a refund/);
    for (const status of ["checkout-draft", "shipped"]) {
      const invalid = await setStatus(id, status);
      expect([invalid.statusCode, invalid.json().code]).toEqual([400, "rest_invalid_param"]);
      expect(invalid.json().data.details).toHaveProperty("status");
    }
    const long = await setStatus(id, "processing", { note: "x".repeat(2001) });
    expect([long.statusCode, long.json().code]).toEqual([400, "rest_invalid_param"]);
    const unknown = await setStatus(999_999, "processing");
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "cw_rest_order_not_found"]);
    expect(await orderStatus(t.shop.db, id)).toBe("on-hold");
  });

  it("refuses to move a shopper's checkout draft, which has no lines yet (the resilience fuzzer made an empty paid order of one)", async () => {
    const shopper = new StoreClient(t.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const draft = (await shopper.cart("GET", "/checkout")).order_id;
    for (const status of ["processing", "on-hold", "cancelled"]) {
      const moved = await setStatus(draft, status);
      expect([moved.statusCode, moved.json().code]).toEqual([409, "cw_rest_order_is_draft"]);
    }
    expect(await orderStatus(t.shop.db, draft)).toBe("checkout-draft");
  });

  it("mails the shopper “Your order is complete” when the order is completed, recorded as an email event", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Gwen"));
    const order = (await setStatus(id, "completed")).json();
    expect(order.status).toBe("completed");
    const [file] = mailsOf(t.outbox, id, "completed");
    expect(file).toBeDefined();
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.headers).toMatchObject({ to: `gwen${DOMAIN}`, subject: `Your Cartwright Demo order #${id} is complete` });
    expect(mail.text).toContain("Classic T-Shirt × 1");
    expect(order.timeline.find((line: TimelineLine) => line.type === "email" && line.email === "customer_completed")).toMatchObject({
      to: `gwen${DOMAIN}`,
      actor: { type: "owner" },
    });
  });
});

describe("a paid bank transfer's emails", () => {
  it("no longer ask the shopper to pay into the shop's account once the transfer has arrived", async () => {
    const settings = await getSettings(t.shop.db);
    await updateSettings(t.shop.db, {
      payments: {
        ...settings.payments,
        bacs: { ...settings.payments.bacs, accountName: "Cartwright Demo Ltd", iban: "GB33BUKB20201555555555" },
      },
    });
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Hanna"));
    const processing = (await setStatus(id, "processing")).json();
    // The transfer arrived: the shopper is told, and is asked for nothing more.
    const [paid] = mailsOf(t.outbox, id, "processing");
    const paidMail = readMail(t.outbox, paid ?? "");
    expect(paidMail.headers).toMatchObject({ to: `hanna${DOMAIN}`, subject: `Your Cartwright Demo order #${id}: payment received` });
    expect(paidMail.text).toContain(`Your payment for order #${id} has arrived, and we are getting your order ready now.`);
    expect(paidMail.text).toContain("Classic T-Shirt × 1");
    expect(paidMail.text).not.toContain(settings.payments.bacs.instructions);
    expect(processing.timeline.find((line: TimelineLine) => line.type === "email" && line.email === "customer_processing")).toMatchObject({
      to: `hanna${DOMAIN}`,
      actor: { type: "owner" },
    });
    expect((await setStatus(id, "completed")).statusCode).toBe(200);
    const [file] = mailsOf(t.outbox, id, "completed");
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.text).toContain("Payment method: Direct bank transfer");
    for (const asked of [settings.payments.bacs.instructions, "Cartwright Demo Ltd", "GB33BUKB20201555555555", "Payment reference"]) {
      expect(mail.text).not.toContain(asked);
      expect(mail.html).not.toContain(asked);
    }
  });
});

describe("the payment-received email", () => {
  it("goes only when an order that waited for its payment moves on to processing", async () => {
    const cash = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], {
      billing_address: billingFor("Ivo", DOMAIN),
      payment_method: "cod",
    });
    expect(await orderStatus(t.shop.db, cash)).toBe("processing");
    await setStatus(cash, "on-hold");
    expect(mailsOf(t.outbox, cash, "processing")).toEqual([]);
    const cancelled = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Jules"));
    await setStatus(cancelled, "cancelled");
    await setStatus(cancelled, "processing");
    expect(mailsOf(t.outbox, cancelled, "processing")).toEqual([]);
  });
});

describe("the owner's failed and cancelled order notices", () => {
  const declinedCard = (first: string) => ({
    billing_address: billingFor(first, DOMAIN),
    payment_method: "test_card",
    payment_data: [
      { key: "cw-test-card-number", value: "4000000000000002" },
      { key: "cw-test-card-expiry", value: "12/40" },
      { key: "cw-test-card-cvc", value: "123" },
    ],
  });
  const ownerEvent = (order: { timeline: TimelineLine[] }, email: string) =>
    order.timeline.find((line: TimelineLine) => line.type === "email" && line.email === email);

  it("tell the owner when a card is declined at checkout, with the order and the way to it", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], declinedCard("Kit"));
    expect(await orderStatus(t.shop.db, id)).toBe("failed");
    const [file] = await eventually(
      () => mailsOf(t.outbox, id, "failed-notice"),
      (files) => files.length > 0,
    );
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.headers.subject).toBe(`[Cartwright Demo] Order #${id} from Kit Tester has failed`);
    expect(mail.text).toContain(`The payment for order #${id} from Kit Tester (kit${DOMAIN}) has failed.`);
    expect(mail.text).toContain("Classic T-Shirt × 1");
    expect(mail.text).toContain(`/admin/orders/${id}`);
    // Only the owner hears of it: the shopper was told on the checkout page.
    expect(mailsOf(t.outbox, id, "confirmation")).toEqual([]);
    expect(mailsOf(t.outbox, id, "failed.eml")).toEqual([]);
    // Sent in the background: the timeline records the mail just after its file is written.
    const order = await eventually(
      async () => (await t.owner.get(`${ADMIN}/orders/${id}`)).json(),
      (found) => ownerEvent(found, "owner_failed") !== undefined,
    );
    expect(ownerEvent(order, "owner_failed")).toMatchObject({ actor: { type: "shop" } });
  });

  it("tell the owner when an order to send is cancelled or one awaiting its payment is marked failed, and not otherwise", async () => {
    const onHold = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Lena"));
    const cancelled = (await setStatus(onHold, "cancelled")).json();
    const [file] = mailsOf(t.outbox, onHold, "cancelled-notice");
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.headers.subject).toBe(`[Cartwright Demo] Order #${onHold} from Lena Tester has been cancelled`);
    expect(mail.text).toContain(`Order #${onHold} from Lena Tester (lena${DOMAIN}) has been cancelled: do not send it.`);
    expect(ownerEvent(cancelled, "owner_cancelled")).toMatchObject({ actor: { type: "owner" } });

    const cash = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], {
      billing_address: billingFor("Milo", DOMAIN),
      payment_method: "cod",
    });
    await setStatus(cash, "cancelled");
    expect(mailsOf(t.outbox, cash, "cancelled-notice")).toHaveLength(1);

    const unpaid = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Nell"));
    const failed = (await setStatus(unpaid, "failed")).json();
    expect(mailsOf(t.outbox, unpaid, "failed-notice")).toHaveLength(1);
    expect(ownerEvent(failed, "owner_failed")).toMatchObject({ actor: { type: "owner" } });
    // The shopper did not see this failure: they hear of it, with the link to pay the order.
    const [toShopper] = mailsOf(t.outbox, unpaid, "failed.eml");
    const shopperMail = readMail(t.outbox, toShopper ?? "");
    expect(shopperMail.headers.to).toBe(`nell${DOMAIN}`);
    expect(shopperMail.text).toMatch(new RegExp(`/checkout/order-pay/${unpaid}\\?key=cw_order_`));
    expect(ownerEvent(failed, "customer_failed")).toMatchObject({ actor: { type: "owner" } });

    // A completed order cancelled, or a cancelled one marked failed: nothing left to send or to be paid, no notice.
    const done = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Otto"));
    await setStatus(done, "completed");
    await setStatus(done, "cancelled");
    await setStatus(done, "failed");
    expect([...mailsOf(t.outbox, done, "cancelled-notice"), ...mailsOf(t.outbox, done, "failed-notice")]).toEqual([]);
  });

  it("are not sent when the owner switched them off, and the order's history says so", async () => {
    const settings = await getSettings(t.shop.db);
    await updateSettings(t.shop.db, { emails: { ...settings.emails, off: [...settings.emails.off, "owner_cancelled"] } });
    try {
      const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Pia"));
      const order = (await setStatus(id, "cancelled")).json();
      expect(mailsOf(t.outbox, id, "cancelled-notice")).toEqual([]);
      expect(ownerEvent(order, "owner_cancelled")).toMatchObject({ skipped: "switched_off" });
    } finally {
      await updateSettings(t.shop.db, { emails: settings.emails });
    }
  });
});

describe("the customer's cancelled-order email", () => {
  const shopperEvent = (order: { timeline: TimelineLine[] }) =>
    order.timeline.find((line: TimelineLine) => line.type === "email" && line.email === "customer_cancelled");
  // The shopper's file is "…-cancelled.eml", the owner's "…-cancelled-notice.eml".
  const shopperMails = (id: number) => mailsOf(t.outbox, id, "cancelled.");

  it("goes to the shopper when the owner cancels an order on hold, with its lines and totals and nothing to pay", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 2 }], bankTransfer("Quinn"));
    const order = (await setStatus(id, "cancelled")).json();
    const [file] = shopperMails(id);
    const mail = readMail(t.outbox, file ?? "");
    expect(mail.headers.to).toBe(`quinn${DOMAIN}`);
    expect(mail.headers.subject).toBe(`Your Cartwright Demo order #${id} has been cancelled`);
    expect(mail.text).toContain("Hi Quinn,");
    expect(mail.text).toContain(`Your order #${id} at Cartwright Demo has been cancelled.`);
    expect(mail.text).toContain("You do not need to pay for it: please do not send a payment.");
    expect(mail.text).toContain("Classic T-Shirt × 2");
    expect(mail.text).toMatch(/Total\s+\$/);
    // A cancelled order asks for no payment: no bank details.
    expect(mail.text).not.toContain("Make your payment directly into our bank account");
    expect(mail.text).toContain(`/checkout/order-received/${id}?key=`);
    expect(mail.html).toContain("Your order has been cancelled");
    expect(shopperEvent(order)).toMatchObject({ actor: { type: "owner" }, to: `quinn${DOMAIN}` });
    // The owner's notice goes too, as before.
    expect(mailsOf(t.outbox, id, "cancelled-notice")).toHaveLength(1);
  });

  it("goes when a paid order is cancelled, listing the refund already made and what the order came to after it", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], {
      billing_address: billingFor("Rhea", DOMAIN),
      payment_method: "cod",
    });
    expect(await orderStatus(t.shop.db, id)).toBe("processing");
    const refund = await t.owner.post(`${ADMIN}/orders/${id}/refunds`, {
      amount: 500,
      reason: "Late delivery",
      restock: false,
      method: "manual",
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await setStatus(id, "cancelled");
    const mail = readMail(t.outbox, shopperMails(id)[0] ?? "");
    expect(mail.text).toMatch(/Refund: Late delivery\s+-\$5\.00/);
    expect(mail.text).toMatch(/Total after refunds\s+\$/);
    expect(mail.text).toContain("Part of your payment has been refunded so far; the refund is listed below.");
    expect(mail.html).toContain("Refund: Late delivery");
  });

  it("goes when the owner cancels an order awaiting its payment, and when the shop's sweep cancels one whose payment never came", async () => {
    const byOwner = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Sid"));
    await t.shop.db.updateTable("orders").set({ status: "pending" }).where("id", "=", byOwner).execute();
    await setStatus(byOwner, "cancelled");
    expect(shopperMails(byOwner)).toHaveLength(1);
    // Nothing was to be sent: the owner's notice is for orders paid for or on hold only.
    expect(mailsOf(t.outbox, byOwner, "cancelled-notice")).toEqual([]);

    const lapsed = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Tam"));
    await t.shop.db
      .updateTable("orders")
      .set({ status: "pending", updated_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", lapsed)
      .execute();
    // The sweep of the process with the mailer, as main.ts runs it.
    expect(await cancelUnpaidOrders(t.appDb, 60)).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(t.shop.db, lapsed)).toBe("cancelled");
    const mail = readMail(t.outbox, shopperMails(lapsed)[0] ?? "");
    expect(mail.headers.subject).toBe(`Your Cartwright Demo order #${lapsed} has been cancelled`);
    const order = (await t.owner.get(`${ADMIN}/orders/${lapsed}`)).json();
    expect(shopperEvent(order)).toMatchObject({ actor: { type: "shop" } });
  });

  it("is not sent for a failed or completed order cancelled, nor for a checkout draft, which cannot be cancelled", async () => {
    const unpaid = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Uma"));
    await setStatus(unpaid, "failed");
    await setStatus(unpaid, "cancelled");
    const done = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Vic"));
    await setStatus(done, "completed");
    await setStatus(done, "cancelled");
    expect([...shopperMails(unpaid), ...shopperMails(done)]).toEqual([]);

    const shopper = new StoreClient(t.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const draft = (await shopper.get("/checkout")).json();
    expect(await orderStatus(t.shop.db, draft.order_id)).toBe("checkout-draft");
    const refused = await setStatus(draft.order_id, "cancelled");
    expect([refused.statusCode, refused.json().code]).toEqual([409, "cw_rest_order_is_draft"]);
    await t.shop.db.updateTable("orders").set({ updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", draft.order_id).execute();
    await cancelUnpaidOrders(t.shop.db, 60);
    expect(await orderStatus(t.shop.db, draft.order_id)).toBe("checkout-draft");
    expect(shopperMails(draft.order_id)).toEqual([]);
  });

  it("is not sent when the owner switched it off, and the order's history says so", async () => {
    const settings = await getSettings(t.shop.db);
    await updateSettings(t.shop.db, { emails: { ...settings.emails, off: [...settings.emails.off, "customer_cancelled"] } });
    try {
      const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Wes"));
      const order = (await setStatus(id, "cancelled")).json();
      expect(shopperMails(id)).toEqual([]);
      expect(shopperEvent(order)).toMatchObject({ skipped: "switched_off" });
      expect(mailsOf(t.outbox, id, "cancelled-notice")).toHaveLength(1);
    } finally {
      await updateSettings(t.shop.db, { emails: settings.emails });
    }
  });
});

describe("POST /orders/bulk/status", () => {
  it("moves each order in its own transaction and names those it could not move, with their codes", async () => {
    const a = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Hal"));
    const b = await placeOrder(t.app, [{ product: tShirt, quantity: 2 }], bankTransfer("Ida"));
    const refusing = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Jo"));
    await setStatus(refusing, "cancelled");
    const before = await stockOf(t.shop.db, tShirt);
    const response = await t.owner.post(`${ADMIN}/orders/bulk/status`, { ids: [a, b, refusing, 999_999, a], status: "cancelled" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [a, b],
      failed: [
        { id: refusing, code: "cw_rest_order_status_unchanged", message: expect.any(String) },
        { id: 999_999, code: "cw_rest_order_not_found", message: expect.any(String) },
      ],
    });
    expect(await stockOf(t.shop.db, tShirt)).toBe(before + 3);
    expect([await orderStatus(t.shop.db, a), await orderStatus(t.shop.db, b)]).toEqual(["cancelled", "cancelled"]);
    const refunded = (await t.owner.post(`${ADMIN}/orders/bulk/status`, { ids: [a], status: "refunded" })).json();
    expect(refunded.failed).toEqual([{ id: a, code: "cw_rest_order_status_refund", message: expect.any(String) }]);
  });

  it("leaves a fully refunded order as it is, naming it, while its own page can still complete it", async () => {
    const kept = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], {
      billing_address: billingFor("Kit", DOMAIN),
      payment_method: "cod",
    });
    const other = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Lou"));
    const total = (await t.owner.get(`${ADMIN}/orders/${kept}`)).json().totals.total;
    const refund = await t.owner.post(`${ADMIN}/orders/${kept}/refunds`, { amount: total, restock: false, method: "manual" });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await orderStatus(t.shop.db, kept)).toBe("refunded");

    const response = await t.owner.post(`${ADMIN}/orders/bulk/status`, { ids: [kept, other], status: "completed" });
    expect(response.json()).toEqual({
      updated: [other],
      failed: [{ id: kept, code: "cw_rest_order_refunded", message: expect.stringMatching(/^This order is fully refunded/) }],
    });
    expect(await orderStatus(t.shop.db, kept)).toBe("refunded");
    expect(mailsOf(t.outbox, kept, "completed")).toEqual([]);
    expect(mailsOf(t.outbox, other, "completed")).toHaveLength(1);

    expect((await setStatus(kept, "completed")).statusCode).toBe(200);
    expect(await orderStatus(t.shop.db, kept)).toBe("completed");
  });

  it("checks the list: 1 to 100 ids and a status", async () => {
    for (const body of [
      { ids: [], status: "cancelled" },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: "cancelled" },
      { ids: [1] },
    ]) {
      const response = await t.owner.post(`${ADMIN}/orders/bulk/status`, body);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("a status change chosen on a stale copy (decision 0037's amendment)", () => {
  const changeRows = async (id: number) =>
    (await t.shop.db.selectFrom("change_log").select("id").where("entity", "=", "order").where("entity_id", "=", String(id)).execute())
      .length;
  const read = async (id: number) => (await t.owner.get(`${ADMIN}/orders/${id}`)).json();

  it("is refused when another tab moved the order since: nothing written, no stock back, no e-mail; the fresh copy's change goes", async () => {
    const id = await placeOrder(t.app, [{ product: print, quantity: 1 }], bankTransfer("Stale"));
    const tabB = await ownerOn(t.app);
    const openedByA = await read(id);
    const openedByB = (await tabB.get(`${ADMIN}/orders/${id}`)).json();
    expect(openedByB.date_modified).toBe(openedByA.date_modified);

    const completed = await setStatus(id, "completed", { date_modified: openedByA.date_modified });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().date_modified).not.toBe(openedByA.date_modified);
    const stock = await stockOf(t.shop.db, print);
    const rows = await changeRows(id);
    const left = await read(id);

    const stale = await tabB.post(`${ADMIN}/orders/${id}/status`, { status: "cancelled", date_modified: openedByB.date_modified });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "cw_rest_order_changed",
      message:
        "This order was changed by someone else since you opened it and is now completed: nothing was changed. Look at it as it is now, then change its status again if you still mean to.",
      data: { date_modified: completed.json().date_modified, order_status: "completed" },
    });
    expect(await read(id)).toEqual(left);
    expect(await stockOf(t.shop.db, print)).toBe(stock);
    expect(await changeRows(id)).toBe(rows);
    expect(mailsOf(t.outbox, id, "cancelled")).toEqual([]);

    // Seen afresh, the same change is made; and a change sent without date_modified (an integration's) is made as before.
    const again = await tabB.post(`${ADMIN}/orders/${id}/status`, { status: "cancelled", date_modified: stale.json().data.date_modified });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(t.shop.db, print)).toBe(stock + 1);
    expect((await setStatus(id, "on-hold")).statusCode).toBe(200);
    expect(await orderStatus(t.shop.db, id)).toBe("on-hold");
  });

  it("is refused after an address edit or a refund meanwhile, not after a note, and a stale copy is told before “already” is", async () => {
    const id = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Moved"));
    const opened = await read(id);
    expect((await t.owner.post(`${ADMIN}/orders/${id}/notes`, { note: "Packed", to_customer: false })).statusCode).toBe(200);
    const afterNote = await setStatus(id, "processing", { date_modified: opened.date_modified });
    expect(afterNote.statusCode, afterNote.body).toBe(200);

    const beforeAddress = afterNote.json();
    const edited = await t.owner.request("PUT", `${ADMIN}/orders/${id}/addresses/shipping`, { phone: "555-0100" });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterAddress = await setStatus(id, "completed", { date_modified: beforeAddress.date_modified });
    expect([afterAddress.statusCode, afterAddress.json().code]).toEqual([409, "cw_rest_order_changed"]);

    const beforeRefund = await read(id);
    const refund = await t.owner.post(`${ADMIN}/orders/${id}/refunds`, { amount: 100, restock: false, method: "manual" });
    expect(refund.statusCode, refund.body).toBe(201);
    // The status it asks for is the one it has, but the copy is stale: the page is told to look again, not "already".
    const afterRefund = await setStatus(id, "processing", { date_modified: beforeRefund.date_modified });
    expect([afterRefund.statusCode, afterRefund.json().code]).toEqual([409, "cw_rest_order_changed"]);
    expect(await orderStatus(t.shop.db, id)).toBe("processing");
  });

  it("in bulk, leaves each order changed since the list showed it, naming it, and moves the others", async () => {
    const kept = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Nia"));
    const moved = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Oz"));
    const unnamed = await placeOrder(t.app, [{ product: tShirt, quantity: 1 }], bankTransfer("Pia"));
    const listed = [kept, moved, unnamed];
    const list = (await t.owner.get(`${ADMIN}/orders?search=${encodeURIComponent(DOMAIN)}&per_page=100`)).json();
    const shown = Object.fromEntries(
      (list.orders as { id: number; date_modified: string }[])
        .filter((row) => listed.includes(row.id))
        .map((row) => [String(row.id), row.date_modified]),
    );
    expect(Object.keys(shown).sort()).toEqual(listed.map(String).sort());
    expect(shown[String(kept)]).toBe((await read(kept)).date_modified);
    // Another tab cancels one of them; the list still shows it on hold.
    expect((await (await ownerOn(t.app)).post(`${ADMIN}/orders/${kept}/status`, { status: "cancelled" })).statusCode).toBe(200);
    const { [String(unnamed)]: _unnamed, ...sent } = shown;

    const response = await t.owner.post(`${ADMIN}/orders/bulk/status`, { ids: listed, status: "completed", date_modified: sent });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      updated: [moved, unnamed],
      failed: [{ id: kept, code: "cw_rest_order_changed", message: expect.stringContaining("is now cancelled: nothing was changed") }],
    });
    expect(await orderStatus(t.shop.db, kept)).toBe("cancelled");
    expect(mailsOf(t.outbox, kept, "completed")).toEqual([]);
    expect(await orderStatus(t.shop.db, moved)).toBe("completed");

    for (const date_modified of [{ abc: shown[String(moved)] }, { [String(moved)]: "" }, { [String(moved)]: 5 }]) {
      const bad = await t.owner.post(`${ADMIN}/orders/bulk/status`, { ids: [moved], status: "processing", date_modified });
      expect(bad.statusCode, bad.body).toBe(400);
    }
    expect(await orderStatus(t.shop.db, moved)).toBe("completed");
  });
});

describe("racing cancels", () => {
  it("give the stock and the coupon use back exactly once: the owner twice at once with the sweep", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await placeOrder(t.app, [{ product: tShirt, quantity: 2 }], bankTransfer(`Race${round}`), "save10");
      // An order still waiting for its payment, older than the sweep's hold time.
      await t.shop.db
        .updateTable("orders")
        .set({ status: "pending", updated_at: "2020-01-01T00:00:00.000Z" })
        .where("id", "=", id)
        .execute();
      const stock = await stockOf(t.shop.db, tShirt);
      const uses = await couponUses(t.shop.db, "save10");
      const [one, two] = await Promise.all([setStatus(id, "cancelled"), setStatus(id, "cancelled"), cancelUnpaidOrders(t.shop.db, 60)]);
      expect(await orderStatus(t.shop.db, id)).toBe("cancelled");
      expect(await stockOf(t.shop.db, tShirt)).toBe(stock + 2);
      expect(await couponUses(t.shop.db, "save10")).toBe(uses - 1);
      const codes = [one, two].map((response) => (response?.statusCode === 200 ? "ok" : response?.json().code));
      expect(codes.filter((code) => code === "ok").length).toBeLessThanOrEqual(1);
      expect(codes.every((code) => code === "ok" || code === "cw_rest_order_status_unchanged")).toBe(true);
      const cancels = await t.shop.db
        .selectFrom("order_events")
        .select("data")
        .where("order_id", "=", id)
        .where("type", "=", "status")
        .execute();
      const toCancelled = cancels.filter((event) => JSON.parse(event.data).to === "cancelled");
      expect(toCancelled).toHaveLength(1);
      expect(JSON.parse(toCancelled[0]?.data ?? "{}")).toMatchObject({
        from: "pending",
        stock_returned: true,
        coupons_returned: ["save10"],
      });
    }
  });
});
