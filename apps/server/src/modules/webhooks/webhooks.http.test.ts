/**
 * Webhooks (decision 0097) on SQLite and PostgreSQL, delivered to a real HTTP receiver on 127.0.0.1
 * (WEBHOOKS_ALLOW_PRIVATE on): the owner API and its checks, an event for every topic with the owner
 * API's reply as its body and a signature the receiver verifies, retries on the back-off schedule
 * (the sender's clock moved, never waited for), disabling after failures, two processes over one
 * database sending each delivery once, and delivery URLs refused where local addresses are not allowed.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner, twoEditors } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testCard, variationId } from "../../../../../test/store-client.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";
import { queueSaleChanges } from "../catalog/index.ts";
import { type PaymentGateway, registerPaymentGateway } from "../payments/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { DISABLE_AFTER_FAILURES, RETRY_DELAYS_MS } from "./index.ts";

const ADMIN = "/api/admin/v1";
const OWNER = { email: "owner@webhooks.test", password: "owner-password-2026" };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that records every request and answers each path's status (200 unless set). */
class Receiver {
  received: Received[] = [];
  answers = new Map<string, number>();
  server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = this.answers.get(path) ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "thanks" : `no: ${status}`);
    });
  });
  url = (path: string) => `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  at = (path: string) => this.received.filter((r) => r.path === path);
}

let shop: TestShop;
let second: SecondProcess;
let owner: StoreClient;
const receiver = new Receiver();
/** The sender's clock runs this far ahead of the real one. */
let ahead = 0;
const webhooks = { allowPrivate: true, now: () => new Date(Date.now() + ahead), intervalMs: 3_600_000 };

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown, client = owner) =>
  client.request(method, `${ADMIN}${path}`, body);

async function addWebhook(topic: string, path: string, fields: Record<string, unknown> = {}) {
  const response = await call("POST", "/webhooks", { name: `${topic} to ${path}`, topic, delivery_url: receiver.url(path), ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string; status: string };
}
/** Both the sender's kicks and this call: everything due now is sent when it returns. */
const deliverDue = () => shop.app.webhooks.deliverDue();
const webhookRow = (id: number) => shop.db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const deliveriesOf = (id: number) =>
  shop.db.selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", id).orderBy("id").execute();
/** A coupon.deleted delivery written straight into a webhook's log, told apart by its resource id `i`. */
const loggedDelivery = (webhookId: number, i: number, status: "delivered" | "failed" | "pending", createdAt: Date) => ({
  webhook_id: webhookId,
  topic: "coupon.deleted",
  resource: "coupon",
  event: "deleted",
  resource_id: i,
  payload: JSON.stringify({ id: i }),
  status,
  attempts: 1,
  next_attempt_at: status === "pending" ? new Date(Date.now() + 3_600_000).toISOString() : null,
  created_at: createdAt.toISOString(),
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  shop = await createTestShop({ rateLimit: false, sqliteFile: true, webhooks });
  second = await secondProcess(shop, { webhooks });
  owner = await signedInOwner(shop, OWNER);
});
afterAll(async () => {
  await second?.close();
  await shop?.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});
beforeEach(() => {
  ahead = 0;
  receiver.received = [];
  receiver.answers.clear();
});

describe("the owner API's webhooks", () => {
  it("is the owner's alone: a guest gets 401, a shopper and a manager 403", async () => {
    expect((await shop.app.inject(`${ADMIN}/webhooks`)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await call("GET", "/webhooks", undefined, jane)).statusCode).toBe(403);
    const email = "manager@webhooks.test";
    expect((await new StoreClient(shop.app).post("/account/register", { email, password: "manager-password-2026" })).statusCode).toBe(201);
    await shop.db.updateTable("customers").set({ role: "manager" }).where("email", "=", email).execute();
    const manager = await signedIn(shop.app, email, "manager-password-2026");
    expect((await call("GET", "/orders", undefined, manager)).statusCode).toBe(200);
    expect((await call("GET", "/webhooks", undefined, manager)).statusCode).toBe(403);
    const refused = await call("POST", "/webhooks", { name: "x", topic: "order.created", delivery_url: receiver.url("/m") }, manager);
    expect(refused.statusCode).toBe(403);
  });

  it("refuses a bad URL, an unknown topic, a bad status and a missing name with 400, naming each field, and saves nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x", topic: "order.exploded", delivery_url: receiver.url("/x") }, "topic"],
      [{ name: "x", topic: "order.created", delivery_url: "not a url" }, "delivery_url"],
      [{ name: "x", topic: "order.created", delivery_url: "ftp://example.com/hook" }, "delivery_url"],
      [{ name: "x", topic: "order.created", delivery_url: "https://user:pw@example.com/hook" }, "delivery_url"],
      [{ name: "x", topic: "order.created", delivery_url: receiver.url("/x"), status: "sleeping" }, "status"],
      [{ name: "   ", topic: "order.created", delivery_url: receiver.url("/x") }, "name"],
      [{ topic: "order.created", delivery_url: receiver.url("/x") }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await call("POST", "/webhooks", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // A field left out is named as missing (rest_missing_callback_param), a wrong one with its reason.
      const { code, data } = response.json();
      expect(["rest_invalid_param", "rest_missing_callback_param"]).toContain(code);
      expect(Array.isArray(data.params) ? data.params : Object.keys(data.params), JSON.stringify(body)).toContain(field);
    }
    expect((await call("GET", "/webhooks")).json().total).toBe(0);
  });

  it("makes a secret when none is given, shows it to the owner, keeps it out of the change log, and answers 404 for an unknown id", async () => {
    const made = await addWebhook("coupon.created", "/secret");
    expect(made.secret.length).toBeGreaterThanOrEqual(40);
    expect(made.status).toBe("active");
    const read = (await call("GET", `/webhooks/${made.id}`)).json();
    expect(read).toMatchObject({
      id: made.id,
      secret: made.secret,
      topic: "coupon.created",
      warnings: ["insecure_url"],
      last_delivery: null,
    });
    const changed = await call("PATCH", `/webhooks/${made.id}`, { secret: "my-own-secret", status: "paused" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ secret: "my-own-secret", status: "paused" });
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "webhook")
      .where("entity_id", "=", String(made.id))
      .execute();
    expect(log.map((row) => row.action)).toEqual(["create", "update"]);
    for (const row of log) {
      expect(row.after).not.toContain(made.secret);
      expect(row.after).not.toContain("my-own-secret");
    }
    expect((await call("GET", "/webhooks/999999")).statusCode).toBe(404);
    expect((await call("PATCH", "/webhooks/999999", { name: "x" })).statusCode).toBe(404);
    expect((await call("DELETE", `/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/webhooks/${made.id}`)).statusCode).toBe(404);
  });

  it("two editors of one webhook: a save from a copy read before another's is refused; a failed delivery meanwhile is no change (decision 0158)", async () => {
    const hook = await addWebhook("coupon.updated", "/editors");
    const input = ({ name, topic, delivery_url, secret, status }: Record<string, unknown>) => ({
      name,
      topic,
      delivery_url,
      secret,
      status,
    });
    await twoEditors({
      db: shop.db,
      client: owner,
      path: `/webhooks/${hook.id}`,
      method: "PUT",
      code: "cw_rest_webhook_changed",
      noun: "webhook",
      first: (read) => ({ ...input(read), name: "The first editor's name" }),
      second: (read) => ({ ...input(read), topic: "coupon.deleted" }),
    });
    const { version } = (await call("GET", `/webhooks/${hook.id}`)).json();
    receiver.answers.set("/editors", 503);
    expect((await call("POST", `/webhooks/${hook.id}/ping`)).statusCode).toBe(202);
    await deliverDue();
    expect((await webhookRow(hook.id)).failure_count).toBe(1);
    const renamed = await call("PATCH", `/webhooks/${hook.id}`, { name: "Renamed", version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call("DELETE", `/webhooks/${hook.id}`)).statusCode).toBe(204);
  });
});

describe("events", () => {
  const topics = [
    "order.created",
    "order.updated",
    "product.created",
    "product.updated",
    "product.deleted",
    "customer.created",
    "customer.updated",
    "customer.deleted",
    "coupon.created",
    "coupon.updated",
    "coupon.deleted",
  ];
  const made = new Map<string, { id: number; secret: string }>();

  beforeAll(async () => {
    for (const topic of topics) made.set(topic, await addWebhook(topic, `/events/${topic}`));
  });
  afterAll(async () => {
    for (const { id } of made.values()) await call("DELETE", `/webhooks/${id}`);
  });

  /** The one request the receiver got for the topic, checked as any receiver would: headers and signature. */
  function received(topic: string): Received & { json: Record<string, unknown> } {
    const got = receiver.at(`/events/${topic}`);
    expect(got, topic).toHaveLength(1);
    const [request] = got as [Received];
    const hook = made.get(topic) as { id: number; secret: string };
    const [resource, event] = topic.split(".");
    expect(request.headers["x-cartwright-webhook-topic"]).toBe(topic);
    expect(request.headers["x-cartwright-webhook-resource"]).toBe(resource);
    expect(request.headers["x-cartwright-webhook-event"]).toBe(event);
    expect(request.headers["x-cartwright-webhook-id"]).toBe(String(hook.id));
    expect(request.headers["x-cartwright-webhook-delivery-id"]).toMatch(/^\d+$/);
    expect(Number.isNaN(Date.parse(String(request.headers["x-cartwright-webhook-timestamp"])))).toBe(false);
    expect(request.headers["user-agent"]).toMatch(/^Cartwright\/\d+\.\d+\.\d+ webhooks$/);
    expect(request.headers["content-type"]).toBe("application/json");
    const expected = createHmac("sha256", hook.secret).update(request.body).digest("base64");
    expect(request.headers["x-cartwright-webhook-signature"]).toBe(expected);
    // V2 signs the attempt's time, the same second as the timestamp header, with the body (decision 0170).
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers["x-cartwright-webhook-signature-v2"])) ?? [];
    expect(Number(t) * 1000).toBe(Date.parse(String(request.headers["x-cartwright-webhook-timestamp"])));
    expect(v1).toBe(createHmac("sha256", hook.secret).update(`${t}.${request.body}`).digest("hex"));
    return { ...request, json: JSON.parse(request.body) };
  }

  /** A checkout of one T-shirt by a new shopper; answers the shopper and the reply. */
  async function checkout(payment: Record<string, unknown>, email = "ada@webhooks.test") {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "classic-t-shirt"), quantity: 1 });
    const reply = await shopper.post("/checkout", { billing_address: { ...TEST_ADDRESS, email }, ...payment });
    return { shopper, reply };
  }
  const card = (number?: string) => ({ payment_method: "test_card", payment_data: testCard(number) });
  /** The order topics' requests since the receiver was last cleared, as topic and the order's status. */
  const orderTold = () =>
    ["order.created", "order.updated"].flatMap((topic) =>
      receiver.at(`/events/${topic}`).map((request) => [topic, (JSON.parse(request.body) as { status: string }).status]),
    );

  /** A gateway, enabled for the test, whose payments `process` answers. */
  async function withGateway(process: PaymentGateway["process"], test: () => Promise<void>) {
    const unregister = registerPaymentGateway({
      id: "webhook_pay",
      title: "Webhook pay",
      description: "",
      supports: ["products"],
      process,
    });
    const payments = (await getSettings(shop.db)).payments;
    await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "webhook_pay"] } });
    try {
      await test();
    } finally {
      unregister();
      await updateSettings(shop.db, { payments });
    }
  }

  it("tells of an order placed at checkout, and of its change by the owner, with the owner API's order as the body", async () => {
    const tShirt = await productId(shop.app, "classic-t-shirt");
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await shopper.post("/checkout", {
      billing_address: { ...TEST_ADDRESS, email: "ada@webhooks.test" },
      payment_method: "cod",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    await deliverDue();
    const created = received("order.created");
    expect(created.json).toEqual((await call("GET", `/orders/${orderId}`)).json());
    // Its placing's own move to processing is what order.created tells: no order.updated with the same body (decision 0170).
    expect(orderTold()).toEqual([["order.created", "processing"]]);
    // The delivery log keeps the headers as sent but neither signature.
    const [logged] = (await deliveriesOf((made.get("order.created") as { id: number }).id)).slice(-1);
    const headers = JSON.parse(logged?.request_headers ?? "{}") as Record<string, string>;
    expect(headers["X-Cartwright-Webhook-Delivery-Id"]).toBe(created.headers["x-cartwright-webhook-delivery-id"]);
    for (const name of ["X-Cartwright-Webhook-Signature", "X-Cartwright-Webhook-Signature-V2"]) {
      expect(headers[name]).toBe("(sent; computed with the webhook's secret)");
      expect(logged?.request_headers).not.toContain(String(created.headers[name.toLowerCase()]));
    }
    receiver.received = [];

    const moved = await call("POST", `/orders/${orderId}/status`, { status: "completed" });
    expect(moved.statusCode, moved.body).toBe(200);
    await deliverDue();
    const updated = received("order.updated");
    expect(updated.json).toMatchObject({ id: orderId, status: "completed" });
    expect(updated.json).toEqual((await call("GET", `/orders/${orderId}`)).json());
    expect(receiver.at("/events/order.created")).toHaveLength(0);
    receiver.received = [];

    // Made by hand in the console, paid at once: created, its first note and status part of it (decision 0170).
    const byHand = await call("POST", "/orders", {
      billing: { ...TEST_ADDRESS, email: "phone@webhooks.test" },
      line_items: [{ product_id: tShirt, quantity: 1 }],
      status: "processing",
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    await deliverDue();
    expect(received("order.created").json).toMatchObject({ id: byHand.json().id, status: "processing" });
    expect(orderTold()).toEqual([["order.created", "processing"]]);
    receiver.received = [];
    // A later change by the owner is an update.
    expect((await call("POST", `/orders/${byHand.json().id}/notes`, { note: "Rang back.", to_customer: false })).statusCode).toBe(200);
    await deliverDue();
    expect(received("order.updated").json).toMatchObject({ id: byHand.json().id });
    expect(orderTold()).toEqual([["order.updated", "processing"]]);
  });

  it("tells of an order paid online at checkout by order.created alone, sent once the payment's outcome is recorded", async () => {
    let toldWhilePaying: string[][] = [["not asked"]];
    // The sender runs while the gateway is being asked: the order's deliveries wait for the outcome.
    const paysWhileSending: PaymentGateway["process"] = async () => {
      await deliverDue();
      toldWhilePaying = orderTold();
      return { status: "success", orderStatus: "processing", transactionId: "webhook_pay_1" };
    };
    await withGateway(paysWhileSending, async () => {
      const { reply } = await checkout({ payment_method: "webhook_pay" });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(toldWhilePaying).toEqual([]);
      await deliverDue();
      expect(received("order.created").json).toMatchObject({ id: reply.json().order_id, status: "processing" });
      expect(orderTold()).toEqual([["order.created", "processing"]]);
    });
    receiver.received = [];
    const { reply } = await checkout(card());
    expect(reply.statusCode, reply.body).toBe(200);
    await deliverDue();
    expect(orderTold()).toEqual([["order.created", "processing"]]);
  });

  it("a declined payment is told by order.created; the checkout paying that order again, on the same page or after opening the checkout again, by order.updated", async () => {
    const declined = "4000 0000 0000 0002";
    for (const reopened of [false, true]) {
      receiver.received = [];
      const email = `declined.${reopened}@webhooks.test`;
      const { shopper, reply } = await checkout(card(declined), email);
      expect(reply.statusCode, reply.body).toBe(400);
      const orderId = reply.json().data.order_id as number;
      await deliverDue();
      expect(orderTold()).toEqual([["order.created", "failed"]]);
      received("order.created");
      receiver.received = [];
      // Opening the checkout again makes the failed order the cart's draft once more; it was placed all the same.
      if (reopened) expect((await shopper.get("/checkout")).json().order_id).toBe(orderId);
      const paid = await shopper.post("/checkout", { billing_address: { ...TEST_ADDRESS, email }, ...card() });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().order_id).toBe(orderId);
      await deliverDue();
      expect(orderTold(), `reopened: ${reopened}`).toEqual([["order.updated", "processing"]]);
      received("order.updated");
    }
  });

  it("an order whose gateway answers later is told waiting by order.created; its payment, made later, by order.updated", async () => {
    await withGateway(
      async () => ({ status: "pending", redirectUrl: "https://pay.example/webhooks" }),
      async () => {
        const { shopper, reply } = await checkout({ payment_method: "webhook_pay" }, "later@webhooks.test");
        expect(reply.statusCode, reply.body).toBe(200);
        const { order_id: orderId, order_key: key, status } = reply.json() as { order_id: number; order_key: string; status: string };
        expect(status).toBe("pending");
        await deliverDue();
        expect(orderTold()).toEqual([["order.created", "pending"]]);
        receiver.received = [];
        // Paid later, from the pay-for-order page.
        const paid = await shopper.post(`/checkout/${orderId}`, { key, ...card() });
        expect(paid.statusCode, paid.body).toBe(200);
        await deliverDue();
        expect(orderTold()).toEqual([["order.updated", "processing"]]);
      },
    );
  });

  it("tells of products, coupons and customers made, changed and deleted", async () => {
    const product = await call("POST", "/products", { name: "Webhook mug", regular_price: 1200 });
    expect(product.statusCode, product.body).toBe(201);
    const productIdMade = product.json().id as number;
    await deliverDue();
    expect(received("product.created").json).toEqual((await call("GET", `/products/${productIdMade}`)).json());
    expect((await call("PATCH", `/products/${productIdMade}`, { regular_price: 1300 })).statusCode).toBe(200);
    await deliverDue();
    expect(received("product.updated").json).toMatchObject({ id: productIdMade, regular_price: 1300 });
    expect((await call("DELETE", `/products/${productIdMade}`)).statusCode).toBeLessThan(300);
    await deliverDue();
    expect(received("product.deleted").json).toEqual({ id: productIdMade });

    const coupon = await call("POST", "/coupons", { code: "hooked", type: "percent", amount: 1000 });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const couponId = coupon.json().id as number;
    await deliverDue();
    expect(received("coupon.created").json).toEqual((await call("GET", `/coupons/${couponId}`)).json());
    expect((await call("PATCH", `/coupons/${couponId}`, { amount: 2000 })).statusCode).toBe(200);
    await deliverDue();
    expect(received("coupon.updated").json).toMatchObject({ id: couponId, amount: 2000 });
    expect((await call("DELETE", `/coupons/${couponId}`)).statusCode).toBe(204);
    await deliverDue();
    expect(received("coupon.deleted").json).toEqual({ id: couponId });

    const shopper = new StoreClient(shop.app, "browser");
    await shopper.get("/cart");
    const registered = await shopper.post("/account/register", {
      email: "bo@webhooks.test",
      password: "bo-password-2026",
      first_name: "Bo",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const customerId = registered.json().id as number;
    await deliverDue();
    expect(received("customer.created").json).toEqual((await call("GET", `/customers/${customerId}`)).json());
    // A signed-in checkout keeps the order's addresses on the account: an update.
    const tShirt = await productId(shop.app, "classic-t-shirt");
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await shopper.post("/checkout", {
      billing_address: { ...TEST_ADDRESS, email: "bo@webhooks.test" },
      payment_method: "cod",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await deliverDue();
    expect(received("customer.updated").json).toMatchObject({ id: customerId, email: "bo@webhooks.test" });
    // The owner's edit of the account, and its deletion (decision 0103).
    receiver.received = [];
    expect((await call("PATCH", `/customers/${customerId}`, { first_name: "Bea" })).statusCode).toBe(200);
    await deliverDue();
    expect(received("customer.updated").json).toMatchObject({ id: customerId, first_name: "Bea" });
    expect((await call("DELETE", `/customers/${customerId}`)).statusCode).toBeLessThan(300);
    await deliverDue();
    expect(received("customer.deleted").json).toEqual({ id: customerId });
  });

  it("tells of the products a CSV import makes and changes, each as the form's saves are", async () => {
    const mug = (await call("POST", "/products", { name: "Import mug", regular_price: 900 })).json().id as number;
    await deliverDue();
    receiver.received = [];
    const { cookie } = owner.credentials();
    const nonce = String((await shop.app.inject({ url: `${ADMIN}/products?per_page=1`, headers: { cookie: cookie ?? "" } })).headers.nonce);
    const imported = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { cookie: cookie ?? "", nonce, "content-type": "text/csv" },
      payload: `ID,Name,Regular price\r\n${mug},Import mug,9.50\r\n,Imported cap,12.00\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [cap] = imported.json().created_ids as [number];
    await deliverDue();
    expect(received("product.updated").json).toMatchObject({ id: mug, regular_price: 950 });
    expect(received("product.created").json).toMatchObject({ id: cap, name: "Imported cap", regular_price: 1200 });

    // The same rows again, but the cap's price: only the cap is told of; the mug, unchanged, is not written.
    receiver.received = [];
    const again = await shop.app.inject({
      method: "POST",
      url: `${ADMIN}/products/import`,
      headers: { cookie: cookie ?? "", nonce, "content-type": "text/csv" },
      payload: `ID,Name,Regular price\r\n${mug},Import mug,9.50\r\n${cap},Imported cap,13.00\r\n`,
    });
    expect(again.json()).toMatchObject({ updated: 1, unchanged: 1, updated_ids: [cap] });
    await deliverDue();
    expect(received("product.updated").json).toMatchObject({ id: cap, regular_price: 1300 });
    expect(receiver.at("/events/product.created")).toHaveLength(0);
  });

  it("queues nothing for a paused webhook, and sends a test delivery and a redelivery on the owner's word", async () => {
    const hook = made.get("coupon.created") as { id: number; secret: string };
    expect((await call("PATCH", `/webhooks/${hook.id}`, { status: "paused" })).statusCode).toBe(200);
    expect((await call("POST", "/coupons", { code: "unheard", type: "percent", amount: 500 })).statusCode).toBe(201);
    await deliverDue();
    expect(receiver.at("/events/coupon.created")).toHaveLength(0);

    const pinged = await call("POST", `/webhooks/${hook.id}/ping`);
    expect(pinged.statusCode, pinged.body).toBe(202);
    await deliverDue();
    const [test] = receiver.at("/events/coupon.created") as [Received];
    expect(test.headers["x-cartwright-webhook-topic"]).toBe("ping");
    expect(JSON.parse(test.body)).toMatchObject({ webhook_id: hook.id });

    const log = (await call("GET", `/webhooks/${hook.id}/deliveries`)).json();
    const delivered = log.deliveries.find(
      (d: { topic: string; status: string }) => d.topic === "coupon.created" && d.status === "delivered",
    );
    expect(delivered).toMatchObject({ response: { status: 200, body: "thanks" } });
    expect(delivered.request.headers).toMatchObject({ "X-Cartwright-Webhook-Topic": "coupon.created" });
    expect(JSON.stringify(delivered.request.headers)).not.toContain(hook.secret);
    const again = await call("POST", `/webhooks/${hook.id}/deliveries/${delivered.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().id).not.toBe(delivered.id);
    // Asked for by the owner, it goes though the webhook is paused.
    await deliverDue();
    const resent = receiver.at("/events/coupon.created").filter((r) => r.headers["x-cartwright-webhook-topic"] === "coupon.created");
    expect(resent).toHaveLength(1);
    expect(resent[0]?.body).toBe(delivered.request.body);
    expect(resent[0]?.headers["x-cartwright-webhook-delivery-id"]).toBe(String(again.json().id));
    expect((await call("POST", `/webhooks/${hook.id}/deliveries/99999999/redeliver`)).statusCode).toBe(404);
    expect((await call("PATCH", `/webhooks/${hook.id}`, { status: "active" })).statusCode).toBe(200);
  });
});

describe("failures", () => {
  it("retries a failed delivery after 1 min, then 5 min, and stops counting failures once one is delivered", async () => {
    receiver.answers.set("/flaky", 500);
    const hook = await addWebhook("coupon.created", "/flaky");
    expect((await call("POST", "/coupons", { code: "retry-me", type: "percent", amount: 500 })).statusCode).toBe(201);
    await deliverDue();
    expect(receiver.at("/flaky")).toHaveLength(1);
    let [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: 500, response_body: "no: 500" });
    expect(Date.parse(String(delivery?.next_attempt_at)) - Date.parse(String(delivery?.attempted_at))).toBe(RETRY_DELAYS_MS[0]);

    ahead = RETRY_DELAYS_MS[0] - 2_000;
    await deliverDue();
    expect(receiver.at("/flaky")).toHaveLength(1);
    ahead = RETRY_DELAYS_MS[0] + 2_000;
    await deliverDue();
    expect(receiver.at("/flaky")).toHaveLength(2);
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 2 });
    expect(Date.parse(String(delivery?.next_attempt_at)) - Date.parse(String(delivery?.attempted_at))).toBe(RETRY_DELAYS_MS[1]);
    expect((await webhookRow(hook.id)).failure_count).toBe(2);

    receiver.answers.delete("/flaky");
    ahead += RETRY_DELAYS_MS[1];
    await deliverDue();
    expect(receiver.at("/flaky")).toHaveLength(3);
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, response_status: 200 });
    expect(await webhookRow(hook.id)).toMatchObject({ status: "active", failure_count: 0 });
    // The three attempts carried one body, as first built.
    expect(new Set(receiver.at("/flaky").map((r) => r.body)).size).toBe(1);
    await call("DELETE", `/webhooks/${hook.id}`);
  });

  it("disables a webhook after five failures in a row, says why, sends nothing more until the owner turns it back on", async () => {
    receiver.answers.set("/down", 503);
    const hook = await addWebhook("product.created", "/down");
    expect((await call("POST", "/products", { name: "Never heard of", regular_price: 100 })).statusCode).toBe(201);
    await deliverDue();
    for (const delay of RETRY_DELAYS_MS.slice(0, DISABLE_AFTER_FAILURES - 1)) {
      ahead += delay;
      await deliverDue();
    }
    expect(receiver.at("/down")).toHaveLength(DISABLE_AFTER_FAILURES);
    const read = (await call("GET", `/webhooks/${hook.id}`)).json();
    expect(read).toMatchObject({ status: "disabled", failure_count: DISABLE_AFTER_FAILURES, last_delivery: { response_status: 503 } });
    expect(read.disabled_reason).toContain("HTTP 503");
    ahead += 24 * 3_600_000;
    await deliverDue();
    expect(receiver.at("/down")).toHaveLength(DISABLE_AFTER_FAILURES);

    receiver.answers.delete("/down");
    const back = await call("PATCH", `/webhooks/${hook.id}`, { status: "active" });
    expect(back.json()).toMatchObject({ status: "active", failure_count: 0, disabled_reason: null });
    await deliverDue();
    expect(receiver.at("/down")).toHaveLength(DISABLE_AFTER_FAILURES + 1);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: "delivered", attempts: DISABLE_AFTER_FAILURES + 1 });
    await call("DELETE", `/webhooks/${hook.id}`);
  });

  it("gives a delivery up after its last retry", async () => {
    receiver.answers.set("/gone", 410);
    const hook = await addWebhook("coupon.deleted", "/gone");
    await queueWebhookEvent(shop.db, "coupon", "deleted", 424242, new Date().toISOString());
    await deliverDue();
    for (const delay of RETRY_DELAYS_MS) {
      ahead += delay;
      // Each retry succeeds in failing; the count of failures is reset so the webhook stays on for this test.
      await shop.db.updateTable("webhooks").set({ failure_count: 0 }).where("id", "=", hook.id).execute();
      await deliverDue();
    }
    expect(receiver.at("/gone")).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({
      status: "failed",
      attempts: RETRY_DELAYS_MS.length + 1,
      next_attempt_at: null,
    });
    await call("DELETE", `/webhooks/${hook.id}`);
  });
});

describe("the log's size", () => {
  it("keeps the newest 200 finished deliveries of a webhook and none finished over 30 days ago, never a waiting one", async () => {
    const hook = await addWebhook("coupon.deleted", "/kept", { status: "paused" });
    const now = Date.now();
    const row = (i: number, status: "delivered" | "failed" | "pending", daysAgo: number) =>
      loggedDelivery(hook.id, i, status, new Date(now - daysAgo * 86_400_000));
    // 10 old ones (5 delivered, 5 still waiting), then 210 recent finished ones.
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => row(i, "delivered", 40)),
      ...Array.from({ length: 5 }, (_, i) => row(100 + i, "pending", 40)),
      ...Array.from({ length: 210 }, (_, i) => row(1000 + i, i % 2 ? "delivered" : "failed", 1)),
    ];
    for (let i = 0; i < rows.length; i += 50)
      await shop.db
        .insertInto("webhook_deliveries")
        .values(rows.slice(i, i + 50))
        .execute();
    await deliverDue();
    const kept = await deliveriesOf(hook.id);
    expect(kept.filter((d) => d.status === "pending").map((d) => d.resource_id)).toEqual([100, 101, 102, 103, 104]);
    const finished = kept.filter((d) => d.status !== "pending");
    expect(finished).toHaveLength(200);
    expect(finished.map((d) => d.resource_id)).toEqual(Array.from({ length: 200 }, (_, i) => 1010 + i));
    await call("DELETE", `/webhooks/${hook.id}`);
  });
});

describe("the delivery log's pages", () => {
  it("pages a webhook's deliveries, newest first, as every owner list pages (decision 0171)", async () => {
    const hook = await addWebhook("coupon.deleted", "/paged", { status: "paused" });
    // 45 finished deliveries, told apart by their resource id: 0 the oldest, 44 the newest.
    const at = new Date();
    await shop.db
      .insertInto("webhook_deliveries")
      .values(Array.from({ length: 45 }, (_, i) => loggedDelivery(hook.id, i, "delivered", at)))
      .execute();
    const log = `/webhooks/${hook.id}/deliveries`;
    const newestFirst = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => 44 - from - i);
    const shown = (body: { deliveries: { resource_id: number }[] }) => body.deliveries.map((d) => d.resource_id);

    const second = await call("GET", `${log}?page=2`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ total: 45, page: 2, per_page: 20, pages: 3 });
    expect(shown(second.json())).toEqual(newestFirst(20, 40));
    expect(second.headers).toMatchObject({ "x-wp-total": "45", "x-wp-totalpages": "3", "x-total": "45", "x-total-pages": "3" });
    const path = `${ADMIN}${log}`;
    expect(second.headers.link).toBe(
      `<${path}?page=1>; rel="first", <${path}?page=1>; rel="prev", <${path}?page=3>; rel="next", <${path}?page=3>; rel="last"`,
    );
    expect(shown((await call("GET", log)).json())).toEqual(newestFirst(0, 20));
    expect(shown((await call("GET", `${log}?page=3`)).json())).toEqual(newestFirst(40, 45));
    expect(shown((await call("GET", `${log}?per_page=10&page=5`)).json())).toEqual(newestFirst(40, 45));

    // Past the last page: no rows, the same totals, and the last page as the way back.
    const past = await call("GET", `${log}?page=4`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ deliveries: [], total: 45, page: 4, per_page: 20, pages: 3 });
    expect(past.headers).toMatchObject({ "x-wp-total": "45", "x-wp-totalpages": "3" });
    expect(past.headers.link).toBe(`<${path}?page=1>; rel="first", <${path}?page=3>; rel="last"`);

    // A bad page is refused as the webhooks' own list and the orders refuse it: 400 rest_invalid_param naming it.
    for (const page of ["0", "-1", "two", "1.5", "100001"]) {
      const refused = await call("GET", `${log}?page=${page}`);
      expect(refused.statusCode, page).toBe(400);
      expect(refused.json(), page).toMatchObject({ code: "rest_invalid_param", data: { status: 400 } });
      expect(Object.keys(refused.json().data.params), page).toEqual(["page"]);
      for (const list of ["/webhooks", "/orders"])
        expect((await call("GET", `${list}?page=${page}`)).json(), `${list} ${page}`).toEqual(refused.json());
    }
    expect((await call("GET", "/webhooks/99999999/deliveries?page=2")).statusCode).toBe(404);
    await call("DELETE", `/webhooks/${hook.id}`);
  });
});

describe("two processes over one database", () => {
  it("send each delivery once when both take from the queue at the same time", async () => {
    const hook = await addWebhook("coupon.deleted", "/shared");
    const ids = Array.from({ length: 30 }, (_, i) => 900_000 + i);
    for (const id of ids) await queueWebhookEvent(shop.db, "coupon", "deleted", id, new Date().toISOString());
    await Promise.all([shop.app.webhooks.deliverDue(), second.app.webhooks.deliverDue(), shop.app.webhooks.deliverDue()]);
    await Promise.all([shop.app.webhooks.deliverDue(), second.app.webhooks.deliverDue()]);
    const got = receiver.at("/shared");
    const deliveryIds = got.map((r) => r.headers["x-cartwright-webhook-delivery-id"]);
    expect(new Set(deliveryIds).size).toBe(deliveryIds.length);
    expect(got.map((r) => JSON.parse(r.body).id).sort()).toEqual(ids);
    expect((await deliveriesOf(hook.id)).every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    await call("DELETE", `/webhooks/${hook.id}`);
  });

  it("an order placed through one process is queued for a webhook saved through the other, and not once it is paused there", async () => {
    // Each process keeps the topics active webhooks listen to (decision 0097): the second starts with none for order.created.
    await shop.db.updateTable("webhooks").set({ status: "paused" }).where("topic", "=", "order.created").execute();
    const tShirt = await productId(second.app, "classic-t-shirt");
    const placedThroughSecond = async () => {
      const shopper = new StoreClient(second.app);
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      const placed = await shopper.post("/checkout", {
        billing_address: { ...TEST_ADDRESS, email: "two@webhooks.test" },
        payment_method: "cod",
      });
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json().order_id as number;
    };
    const queuedFor = (orderId: number) =>
      shop.db
        .selectFrom("webhook_deliveries")
        .select(["webhook_id", "topic"])
        .where("resource", "=", "order")
        .where("resource_id", "=", orderId)
        .where("topic", "=", "order.created")
        .execute();

    const unheard = await placedThroughSecond();
    expect(await queuedFor(unheard)).toEqual([]);

    // Saved through the first process: the second's very next order is queued for it, and sent by the second.
    const hook = await addWebhook("order.created", "/elsewhere");
    const heard = await placedThroughSecond();
    expect(await queuedFor(heard)).toEqual([{ webhook_id: hook.id, topic: "order.created" }]);
    await second.app.webhooks.deliverDue();
    expect(receiver.at("/elsewhere").map((r) => JSON.parse(r.body).id)).toEqual([heard]);

    // Paused through the first process: the second queues nothing for its next order.
    expect((await call("PATCH", `/webhooks/${hook.id}`, { status: "paused" })).statusCode).toBe(200);
    const afterPause = await placedThroughSecond();
    expect(await queuedFor(afterPause)).toEqual([]);

    // Active again, changed by hand in SQL (no owner API in between): seen all the same.
    await shop.db.updateTable("webhooks").set({ status: "active" }).where("id", "=", hook.id).execute();
    const again = await placedThroughSecond();
    expect(await queuedFor(again)).toEqual([{ webhook_id: hook.id, topic: "order.created" }]);
    await call("DELETE", `/webhooks/${hook.id}`);
  });

  it("the webhooks counter moves when a webhook is added, deleted, or its status or topic written, not with the sender's failure count", async () => {
    const counter = async () =>
      String((await shop.db.selectFrom("revisions").select("value").where("name", "=", "webhooks").executeTakeFirstOrThrow()).value);
    let last = await counter();
    const moved = async () => {
      const now = await counter();
      const changed = now !== last;
      last = now;
      return changed;
    };
    const hook = await addWebhook("coupon.created", "/counter");
    expect(await moved()).toBe(true);
    await shop.db
      .updateTable("webhooks")
      .set({ failure_count: 3, updated_at: new Date().toISOString() })
      .where("id", "=", hook.id)
      .execute();
    // The sender's disabling statement when no webhook has failed enough: matches no row.
    await shop.db.updateTable("webhooks").set({ status: "disabled" }).where("id", "=", hook.id).where("failure_count", ">=", 99).execute();
    expect(await moved()).toBe(false);
    expect((await call("PATCH", `/webhooks/${hook.id}`, { status: "paused" })).statusCode).toBe(200);
    expect(await moved()).toBe(true);
    await shop.db.updateTable("webhooks").set({ topic: "coupon.updated" }).where("id", "=", hook.id).execute();
    expect(await moved()).toBe(true);
    await call("DELETE", `/webhooks/${hook.id}`);
    expect(await moved()).toBe(true);
  });
});

describe("scheduled sales", () => {
  it("queues product.updated when a sale starts or ends, once whichever process sweeps, and only when the price changed", async () => {
    const hook = await addWebhook("product.updated", "/sales");
    const print = await productId(shop.app, "limited-print");
    const redMedium = await variationId(shop.app, "hoodie", ["red", "m"]);
    const hoodie = await productId(shop.app, "hoodie");
    const poster = await productId(shop.app, "pre-order-poster");
    // Far ahead of any other test's clock; the first sweep only sets the mark.
    const t0 = Date.now() + 400 * 86_400_000;
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const schedule = (id: number, sale: number, starts: number | null, ends: number | null) =>
      shop.db
        .updateTable("products")
        .set({
          regular_price: 2000,
          sale_price: sale,
          sale_starts_at: starts === null ? null : at(starts).toISOString(),
          sale_ends_at: ends === null ? null : at(ends).toISOString(),
        })
        .where("id", "=", id)
        .execute();
    await schedule(print, 1500, 1, 3);
    await schedule(redMedium, 1500, 2, null);
    // A "sale" at the regular price changes nothing when it starts.
    await schedule(poster, 2000, 1, null);
    expect(await queueSaleChanges(shop.db, at(0))).toBe(0);
    expect(await queueSaleChanges(shop.db, at(1.5))).toBe(1);
    expect((await deliveriesOf(hook.id)).map((d) => d.resource_id)).toEqual([print]);
    // Queued at the sweep's clock: the sender's runs there too.
    ahead = at(2).getTime() - Date.now();
    await deliverDue();
    expect(receiver.at("/sales").map((r) => JSON.parse(r.body).id)).toEqual([print]);
    // The same stretch is never told twice; two processes sweeping at once tell it once: the variation's product.
    expect(await queueSaleChanges(shop.db, at(1.5))).toBe(0);
    // (On SQLite, one process's database, the second connection waits in this thread: so they take turns.)
    const both =
      process.env.CW_TEST_DB === "postgres"
        ? await Promise.all([queueSaleChanges(shop.db, at(2.5)), queueSaleChanges(second.db, at(2.5))])
        : [await queueSaleChanges(shop.db, at(2.5)), await queueSaleChanges(second.db, at(2.5))];
    expect(both.sort()).toEqual([0, 1]);
    expect((await deliveriesOf(hook.id)).map((d) => d.resource_id)).toEqual([print, hoodie]);
    // The end is told too; a stretch the shop was stopped over is caught up at the next sweep.
    expect(await queueSaleChanges(shop.db, at(60))).toBe(1);
    expect((await deliveriesOf(hook.id)).map((d) => d.resource_id)).toEqual([print, hoodie, print]);
    await call("DELETE", `/webhooks/${hook.id}`);
  });
});

describe("local addresses, where WEBHOOKS_ALLOW_PRIVATE is off", () => {
  it("refuses loopback, private, link-local and metadata delivery URLs when saved", async () => {
    const elsewhere = await secondProcess(shop);
    try {
      const client = await signedIn(elsewhere.app, OWNER.email, OWNER.password);
      for (const url of [
        receiver.url("/hook"),
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://[fd00:ec2::254]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://[::ffff:7f00:1]/hook",
        "http://[::127.0.0.1]/hook",
        "http://[64:ff9b::169.254.169.254]/latest/meta-data/",
        "http://[64:ff9b:1::a00:1]/hook",
        "http://[2002:c0a8:1::1]/hook",
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook",
        "http://metadata.google.internal/computeMetadata/v1/",
      ]) {
        const response = await call("POST", "/webhooks", { name: "local", topic: "order.created", delivery_url: url }, client);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().data.params.delivery_url, url).toMatch(/WEBHOOKS_ALLOW_PRIVATE/);
      }
    } finally {
      await elsewhere.close();
    }
  });

  it("refuses again when sending: a process that does not allow them records the delivery as failed, not sent", async () => {
    const hook = await addWebhook("coupon.deleted", "/private");
    await queueWebhookEvent(shop.db, "coupon", "deleted", 31337, new Date().toISOString());
    const strict = await secondProcess(shop, { webhooks: { ...webhooks, allowPrivate: false } });
    try {
      await strict.app.webhooks.deliverDue();
    } finally {
      await strict.close();
    }
    expect(receiver.at("/private")).toHaveLength(0);
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: null });
    expect(delivery?.error).toMatch(/^Not sent: .*WEBHOOKS_ALLOW_PRIVATE/);
    await call("DELETE", `/webhooks/${hook.id}`);
  });
});
