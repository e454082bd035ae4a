/**
 * Refunds through the owner API (POST/GET /api/admin/v1/orders/{id}/refunds, issue 18 "B", decision
 * 0031), on SQLite and PostgreSQL: orders placed through the real checkout, refunded through the
 * built-in gateways or by hand; stock, status, events, change log, e-mail and the gateway's side checked.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, TEST_ADDRESS, variationId } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
import { ensureOwner } from "../customers/index.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { findGateway, registerPaymentGateway } from "../payments/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { settlePendingRefunds } from "./index.ts";

const ADMIN = "/api/admin/v1";
let shop: TestShop;
/** The shop as main.ts builds it: with a mailer writing into its own outbox. */
let app: FastifyInstance;
const outbox = join(mkdtempSync(join(tmpdir(), "cw-refunds-")), "outbox");
let owner: StoreClient;
let jane: StoreClient;
let ownerId: number;
let tShirt: number;
let redHoodie: number;

/** A gateway that pays and refuses every refund, as a processor whose refunds are switched off would. */
let refusalMessage = "Refunds are switched off for this account.";
/** A gateway that pays, then does not answer the first refund call for a key (it did refund it), then answers. */
const unanswered = new Set<string>();
const hangingRefunds: string[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: false },
    db: shop.db,
    logger: false,
    web: false,
    mailer: createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: "owner@example.com", outbox },
    }),
  });
  await app.ready();
  ownerId = (await ensureOwner(shop.db, "owner@example.com", "owner-password-2026")).id;
  owner = await signedIn("owner@example.com", "owner-password-2026");
  jane = await signedIn("jane@example.com", "demo-jane-2026");
  tShirt = await productId(app, "classic-t-shirt");
  redHoodie = await variationId(app, "hoodie", ["red", "m"]);
  await shop.db.updateTable("products").set({ manage_stock: 1, stock_quantity: 10 }).where("id", "=", redHoodie).execute();
  registerPaymentGateway({
    id: "refusing_card",
    title: "Refusing card",
    description: "Pays; refuses refunds.",
    supports: ["products"],
    process: async () => ({ status: "success", orderStatus: "processing", transactionId: "refusing_1" }),
    refund: async () => ({ status: "failure", message: refusalMessage }),
  });
  registerPaymentGateway({
    id: "silent_card",
    title: "Silent card",
    description: "Pays; the first answer to a refund is lost.",
    supports: ["products"],
    process: async () => ({ status: "success", orderStatus: "processing", transactionId: "silent_1" }),
    refund: async ({ idempotencyKey }) => {
      if (!unanswered.has(idempotencyKey)) {
        unanswered.add(idempotencyKey);
        hangingRefunds.push(idempotencyKey);
        throw new Error("connection reset");
      }
      return { status: "success", refundId: `silent_re_${idempotencyKey}` };
    },
  });
  const payments = (await getSettings(shop.db)).payments;
  await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "refusing_card", "silent_card"] } });
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

async function signedIn(email: string, password: string): Promise<StoreClient> {
  const client = new StoreClient(app, "browser");
  await client.get("/cart");
  expect((await client.post("/account/sign-in", { email, password })).statusCode).toBe(200);
  return client;
}

const card = [
  { key: "cw-test-card-number", value: "4242 4242 4242 4242" },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

/** Places an order through the real checkout; answers its id. */
async function place(method: string, items: { id: number; quantity: number }[], email = "buyer@refunds.test"): Promise<number> {
  const shopper = new StoreClient(app);
  for (const item of items) await shopper.cart("POST", "/cart/add-item", item);
  const response = await shopper.post("/checkout", {
    billing_address: { ...TEST_ADDRESS, email },
    payment_method: method,
    ...(method === "test_card" ? { payment_data: card } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order_id;
}

type Reply = {
  id: number;
  status: string;
  totals: { total: number; refunded: number };
  lines: { id: number; quantity: number; total: number; total_tax: number; refunded_quantity: number; refunded_total: number }[];
  refunds: { id: number; amount: number; method: string; restocked: boolean; gateway_refund_id: string; lines: unknown[] }[];
  refundable: number;
  refund_methods: string[];
  timeline: { type: string; status?: string; amount?: number; email?: string; to?: string; refund_id?: number; actor: unknown }[];
};
const readOrder = async (id: number): Promise<Reply> => (await owner.get(`${ADMIN}/orders/${id}`)).json();
const refund = (id: number, body: Record<string, unknown>) => owner.post(`${ADMIN}/orders/${id}/refunds`, body);
const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);
const count = async (table: "order_refunds" | "change_log" | "order_events", orderId?: number) => {
  let query = shop.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (orderId !== undefined && table !== "change_log") query = query.where("order_id", "=", orderId);
  return Number((await query.executeTakeFirstOrThrow()).n);
};
const chargeRefunded = async (orderId: number) =>
  (await shop.db.selectFrom("gateway_charges").select(["refunded", "amount"]).where("order_id", "=", orderId).execute()).filter(
    (row) => row.amount > 0,
  );
const mails = (orderId: number) =>
  existsSync(outbox) ? readdirSync(outbox).filter((name) => name.includes(`-${orderId}-customer_refunded`)) : [];

describe("who may refund", () => {
  it("lets the owner refund (201) and list (200); a shopper 403, a guest 401, a call without the nonce 401, nothing recorded", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 1 }]);
    const body = { amount: 100, restock: false, method: "manual" };
    const guest = await app.inject({ method: "POST", url: `${ADMIN}/orders/${id}/refunds`, payload: body });
    expect(guest.statusCode).toBe(401);
    const guestList = await app.inject(`${ADMIN}/orders/${id}/refunds`);
    expect(guestList.statusCode).toBe(401);
    expect(guestList.json().code).toBe("cw_rest_not_signed_in");
    const shopper = await jane.post(`${ADMIN}/orders/${id}/refunds`, body);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe("cw_rest_forbidden");
    expect((await jane.get(`${ADMIN}/orders/${id}/refunds`)).statusCode).toBe(403);
    const noNonce = await app.inject({
      method: "POST",
      url: `${ADMIN}/orders/${id}/refunds`,
      headers: { cookie: owner.credentials().cookie ?? "", "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json().code).toBe("cw_rest_missing_nonce");
    expect(await count("order_refunds", id)).toBe(0);
    const made = await refund(id, body);
    expect(made.statusCode, made.body).toBe(201);
    const listed = await owner.get(`${ADMIN}/orders/${id}/refunds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().refunds).toHaveLength(1);
  });

  it("answers 404 for an unknown order and is in the OpenAPI document under the owner tag", async () => {
    const missing = await refund(999_999, { amount: 1, restock: false, method: "manual" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_order_not_found");
    const paths = (await app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/orders/{id}/refunds"].post.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/orders/{id}/refunds"].get.tags).toEqual(["owner"]);
  });
});

describe("a whole refund by hand", () => {
  it("refunds a cash-on-delivery order whole: status refunded, events, change log, the shopper's e-mail", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 2 }], "whole@refunds.test");
    const before = await readOrder(id);
    expect(before).toMatchObject({ status: "processing", refundable: before.totals.total, refund_methods: ["manual"], refunds: [] });
    const logBefore = await count("change_log");
    const response = await refund(id, { amount: before.totals.total, restock: false, method: "manual", reason: "Changed my mind" });
    expect(response.statusCode, response.body).toBe(201);
    const { refund: made, order } = response.json() as { refund: Reply["refunds"][number] & Record<string, unknown>; order: Reply };
    expect(made).toMatchObject({
      amount: before.totals.total,
      reason: "Changed my mind",
      method: "manual",
      restocked: false,
      gateway_refund_id: "",
      actor: { type: "owner", id: ownerId, email: "owner@example.com" },
      lines: [],
    });
    expect(order).toMatchObject({ status: "refunded", refundable: 0, totals: { refunded: before.totals.total }, refunds: [made] });
    const events = order.timeline.filter((event) => ["refund", "status", "email"].includes(event.type) && event.actor !== null);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "refund",
          refund_id: made.id,
          amount: before.totals.total,
          method: "manual",
          message: "Changed my mind",
        }),
        expect.objectContaining({
          type: "status",
          from: "processing",
          status: "refunded",
          actor: expect.objectContaining({ type: "owner" }),
        }),
        expect.objectContaining({ type: "email", email: "customer_refunded", to: "whole@refunds.test" }),
      ]),
    );
    expect(await count("change_log")).toBe(logBefore + 1);
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "order_refund")
      .where("entity_id", "=", String(made.id))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: ownerId, action: "create" });
    expect(JSON.parse(log.after ?? "{}")).toMatchObject({ order_id: id, status: "refunded", total_refunded: before.totals.total });
    const [file] = mails(id);
    expect(file).toBeDefined();
    const mail = parseEml(readFileSync(join(outbox, file ?? ""), "utf8"));
    expect(mail.headers.to).toBe("whole@refunds.test");
    expect(mail.headers.subject).toContain(`Your order #${id} has been refunded`);
    expect(mail.text).toContain("Reason: Changed my mind");
    // Nothing is left to refund.
    const again = await refund(id, { amount: 1, restock: false, method: "manual" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "cw_rest_refund_exceeds", data: { refundable: 0 } });
  });
});

describe("a partial refund by amount through the gateway", () => {
  it("refunds part of a test card payment: the gateway records it against the charge; the order stays processing", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 1 }], "partial@refunds.test");
    const before = await readOrder(id);
    expect(before.refund_methods).toEqual(["gateway", "manual"]);
    const response = await refund(id, { amount: 500, restock: false, method: "gateway", reason: "Late delivery" });
    expect(response.statusCode, response.body).toBe(201);
    const { refund: made, order } = response.json() as { refund: Reply["refunds"][number]; order: Reply };
    expect(made).toMatchObject({ amount: 500, method: "gateway", gateway_refund_id: expect.stringMatching(/^re_/) });
    expect(order).toMatchObject({ status: "processing", refundable: before.totals.total - 500, totals: { refunded: 500 } });
    expect(order.timeline.some((event) => event.type === "status" && event.status === "refunded")).toBe(false);
    expect(await chargeRefunded(id)).toEqual([{ refunded: 500, amount: before.totals.total }]);
    const gatewaySide = await shop.db.selectFrom("gateway_refunds").selectAll().where("order_id", "=", id).execute();
    expect(gatewaySide).toHaveLength(1);
    expect(JSON.parse(gatewaySide[0]?.outcome ?? "{}")).toEqual({ status: "success", refundId: made.gateway_refund_id });
    const mail = parseEml(readFileSync(join(outbox, mails(id)[0] ?? ""), "utf8"));
    expect(mail.headers.subject).toContain("partially refunded");
    // The rest, by hand: the order is then refunded whole.
    const rest = await refund(id, { amount: before.totals.total - 500, restock: false, method: "manual" });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().order).toMatchObject({ status: "refunded", refundable: 0 });
  });
});

describe("refunds by lines", () => {
  it("puts the refunded units back on the shelf when asked, the variation's stock for a variation", async () => {
    const id = await place("test_card", [
      { id: tShirt, quantity: 3 },
      { id: redHoodie, quantity: 2 },
    ]);
    const order = await readOrder(id);
    const [shirtLine, hoodieLine] = order.lines;
    if (!shirtLine || !hoodieLine) throw new Error("two lines expected");
    const [shirts, hoodies] = [await stockOf(tShirt), await stockOf(redHoodie)];
    // Two of three shirts: their even share of what the line was paid, rounded down.
    const shirtShare = Math.floor(((shirtLine.total + shirtLine.total_tax) * 2) / 3);
    const response = await refund(id, {
      amount: shirtShare + 1000,
      restock: true,
      method: "gateway",
      lines: [
        { line_id: shirtLine.id, quantity: 2 },
        { line_id: hoodieLine.id, quantity: 1, amount: 1000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { refund: made, order: after } = response.json() as { refund: Reply["refunds"][number]; order: Reply };
    expect(made).toMatchObject({
      restocked: true,
      lines: [
        { line_id: shirtLine.id, quantity: 2, amount: shirtShare },
        { line_id: hoodieLine.id, quantity: 1, amount: 1000 },
      ],
    });
    expect(after.lines.map((line) => [line.refunded_quantity, line.refunded_total])).toEqual([
      [2, shirtShare],
      [1, 1000],
    ]);
    expect(await stockOf(tShirt)).toBe(shirts + 2);
    expect(await stockOf(redHoodie)).toBe(hoodies + 1);
    const restocked = await shop.db
      .selectFrom("order_items")
      .select(["id", "restocked_quantity"])
      .where("order_id", "=", id)
      .orderBy("position")
      .execute();
    expect(restocked.map((row) => row.restocked_quantity)).toEqual([2, 1]);
  });

  it("leaves the shelf alone without restock", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 2 }]);
    const [line] = (await readOrder(id)).lines;
    const shirts = await stockOf(tShirt);
    const response = await refund(id, {
      amount: 2000,
      restock: false,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 2000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({ restocked: false, lines: [{ line_id: line?.id, quantity: 1, amount: 2000 }] });
    expect(await stockOf(tShirt)).toBe(shirts);
    expect(response.json().order.lines[0]).toMatchObject({ refunded_quantity: 1, refunded_total: 2000 });
  });

  it("refuses more units than a line has left (409), lines beyond the amount or of another order (400), changing nothing", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 2 }]);
    const other = await place("cod", [{ id: tShirt, quantity: 1 }]);
    const [line] = (await readOrder(id)).lines;
    const [otherLine] = (await readOrder(other)).lines;
    expect(
      (await refund(id, { amount: 100, restock: false, method: "manual", lines: [{ line_id: line?.id, quantity: 1, amount: 100 }] }))
        .statusCode,
    ).toBe(201);
    const shirts = await stockOf(tShirt);
    const tooMany = await refund(id, {
      amount: 100,
      restock: true,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 2, amount: 0 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: "cw_rest_refund_line_exceeds", data: { line_id: line?.id, refundable_quantity: 1 } });
    const beyond = await refund(id, {
      amount: 100,
      restock: false,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 101 }],
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: "rest_invalid_param", data: { details: { lines: expect.any(Object) } } });
    const foreign = await refund(id, {
      amount: 100,
      restock: false,
      method: "manual",
      lines: [{ line_id: otherLine?.id, quantity: 1, amount: 0 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.details).toHaveProperty("lines.0.line_id");
    const negative = await refund(id, { amount: 0, restock: false, method: "manual" });
    expect(negative.statusCode).toBe(400);
    const after = await readOrder(id);
    expect(after.refunds).toHaveLength(1);
    expect(after.totals.refunded).toBe(100);
    expect(after.lines[0]).toMatchObject({ refunded_quantity: 1, refunded_total: 100 });
    expect(await stockOf(tShirt)).toBe(shirts);
  });
});

describe("what cannot be refunded", () => {
  it("refuses more than what is left (409 with refundable)", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 1 }]);
    const { totals } = await readOrder(id);
    const response = await refund(id, { amount: totals.total + 1, restock: false, method: "manual" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_exceeds", data: { refundable: totals.total } });
    expect(await count("order_refunds", id)).toBe(0);
  });

  it("refuses an order nothing was paid for (bank transfer awaited): 409 cw_rest_order_not_paid", async () => {
    const id = await place("bacs", [{ id: tShirt, quantity: 1 }]);
    const order = await readOrder(id);
    expect(order).toMatchObject({ status: "on-hold", refundable: 0 });
    const response = await refund(id, { amount: 100, restock: false, method: "manual" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("cw_rest_order_not_paid");
    expect(await count("order_refunds", id)).toBe(0);
  });

  it("refuses the gateway method when the payment's gateway cannot refund (cash on delivery): 409", async () => {
    const id = await place("cod", [{ id: tShirt, quantity: 1 }]);
    const response = await refund(id, { amount: 100, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("cw_rest_refund_gateway_unsupported");
    expect((await readOrder(id)).totals.refunded).toBe(0);
  });
});

describe("a gateway that does not refund", () => {
  it("answers 502 and records nothing when the gateway refuses (a registered gateway)", async () => {
    const id = await place("refusing_card", [{ id: tShirt, quantity: 2 }]);
    const before = await readOrder(id);
    const [line] = before.lines;
    const shirts = await stockOf(tShirt);
    refusalMessage = "Refunds are switched off for this account.";
    const response = await refund(id, {
      amount: 1500,
      restock: true,
      method: "gateway",
      lines: [{ line_id: line?.id, quantity: 1, amount: 1500 }],
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_gateway_failed", data: { pending: false } });
    expect(response.json().message).toContain("switched off");
    const after = await readOrder(id);
    expect(after).toMatchObject({ status: "processing", refundable: before.totals.total, refunds: [], totals: { refunded: 0 } });
    expect(after.lines[0]).toMatchObject({ refunded_quantity: 0, refunded_total: 0 });
    expect(after.timeline.filter((event) => event.type === "refund")).toEqual([]);
    expect(await count("order_refunds", id)).toBe(0);
    expect(await stockOf(tShirt)).toBe(shirts);
    expect(mails(id)).toEqual([]);
  });

  it("answers 502 when the test card's charge has less left than asked (refunded at the processor meanwhile), nothing recorded", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 1 }]);
    const order = await readOrder(id);
    const row = await shop.db.selectFrom("orders").select(["transaction_id", "currency"]).where("id", "=", id).executeTakeFirstOrThrow();
    // Refunded at the processor's side directly (its dashboard): the charge has 100 left.
    const outside = await findGateway("test_card")?.refund?.(
      {
        orderId: id,
        amount: order.totals.total - 100,
        currency: row.currency,
        transactionId: row.transaction_id,
        idempotencyKey: `dashboard-${id}`,
      },
      { db: shop.db },
    );
    expect(outside?.status).toBe("success");
    const response = await refund(id, { amount: 200, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain("more than what is left of the payment");
    expect((await readOrder(id)).totals.refunded).toBe(0);
    expect(await chargeRefunded(id)).toEqual([{ refunded: order.totals.total - 100, amount: order.totals.total }]);
    // What is left at the processor still refunds.
    expect((await refund(id, { amount: 100, restock: false, method: "gateway" })).statusCode).toBe(201);
  });

  it("answers a repeated key with the first outcome and never refunds a charge twice (the gateway's side)", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 1 }]);
    const row = await shop.db
      .selectFrom("orders")
      .select(["transaction_id", "currency", "total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const gateway = findGateway("test_card");
    const ask = () =>
      gateway?.refund?.(
        { orderId: id, amount: 300, currency: row.currency, transactionId: row.transaction_id, idempotencyKey: `same-${id}` },
        { db: shop.db },
      );
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.status).toBe("success");
    expect(await chargeRefunded(id)).toEqual([{ refunded: 300, amount: row.total }]);
    const unknown = await gateway?.refund?.(
      { orderId: id, amount: 1, currency: row.currency, transactionId: "test_nope", idempotencyKey: `nope-${id}` },
      { db: shop.db },
    );
    expect(unknown).toEqual({ status: "failure", message: "No payment with this transaction id was found." });
  });
});

describe("racing refunds", () => {
  it("never refunds more than was paid: exactly the winners recorded and restocked", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 5 }]);
    const { totals, lines } = await readOrder(id);
    const shirts = await stockOf(tShirt);
    // Each asks 40% of the total and one unit back on the shelf: two may win, whatever the order.
    const amount = Math.floor((totals.total * 2) / 5);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(id, { amount, restock: true, method: "gateway", lines: [{ line_id: lines[0]?.id, quantity: 1, amount: 0 }] }),
      ),
    );
    const won = responses.filter((response) => response.statusCode === 201);
    const lost = responses.filter((response) => response.statusCode !== 201);
    expect(won).toHaveLength(2);
    for (const response of lost) expect(response.json()).toMatchObject({ code: "cw_rest_refund_exceeds" });
    const order = await readOrder(id);
    expect(order.totals.refunded).toBe(2 * amount);
    expect(order.totals.refunded).toBeLessThanOrEqual(order.totals.total);
    expect(order.refunds.map((made) => made.id).sort()).toEqual(won.map((response) => response.json().refund.id).sort());
    expect(order.lines[0]).toMatchObject({ refunded_quantity: 2 });
    expect(await stockOf(tShirt)).toBe(shirts + 2);
    expect(await chargeRefunded(id)).toEqual([{ refunded: 2 * amount, amount: totals.total }]);
    expect(order.timeline.filter((event) => event.type === "refund")).toHaveLength(2);
  });

  it("completes the order as refunded once when racing refunds together reach the total", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 2 }]);
    const { totals } = await readOrder(id);
    const half = totals.total / 2;
    const responses = await Promise.all([
      refund(id, { amount: half, restock: false, method: "gateway" }),
      refund(id, { amount: totals.total - half, restock: false, method: "manual" }),
      refund(id, { amount: totals.total - half, restock: false, method: "gateway" }),
    ]);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(2);
    const order = await readOrder(id);
    expect(order).toMatchObject({ status: "refunded", refundable: 0, totals: { refunded: totals.total } });
    expect(order.timeline.filter((event) => event.type === "status" && event.status === "refunded")).toHaveLength(1);
  });
});

describe("a refund left between its transactions", () => {
  it("keeps the reservation when the gateway does not answer, and the sweep completes it without refunding twice", async () => {
    const id = await place("silent_card", [{ id: tShirt, quantity: 1 }]);
    const { totals } = await readOrder(id);
    const response = await refund(id, { amount: 700, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_gateway_failed", data: { pending: true } });
    const waiting = await readOrder(id);
    // Reserved, not yet a refund: nobody may refund that money again meanwhile.
    expect(waiting).toMatchObject({ refunds: [], refundable: totals.total - 700, totals: { refunded: 700 } });
    expect(await settlePendingRefunds(shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 1 });
    const settled = await readOrder(id);
    expect(settled.refunds).toEqual([expect.objectContaining({ amount: 700, gateway_refund_id: `silent_re_${hangingRefunds[0]}` })]);
    expect(settled.timeline.filter((event) => event.type === "refund")).toHaveLength(1);
    expect(mails(id)).toHaveLength(1);
    expect(await settlePendingRefunds(shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 0 });
  });

  it("survives a crash after the gateway refunded: the sweep asks again with the same key and the charge is refunded once", async () => {
    const id = await place("test_card", [{ id: tShirt, quantity: 1 }]);
    const { totals } = await readOrder(id);
    await armCrash();
    try {
      const response = await refund(id, { amount: 400, restock: false, method: "gateway" });
      expect(response.statusCode).toBe(500);
    } finally {
      await disarmCrash();
    }
    expect(await chargeRefunded(id)).toEqual([{ refunded: 400, amount: totals.total }]);
    expect((await readOrder(id)).refunds).toEqual([]);
    expect(await settlePendingRefunds(shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 1 });
    const order = await readOrder(id);
    expect(order.refunds).toEqual([expect.objectContaining({ amount: 400, method: "gateway" })]);
    expect(order.totals.refunded).toBe(400);
    expect(await chargeRefunded(id)).toEqual([{ refunded: 400, amount: totals.total }]);
  });

  it("gives the reservation back when the gateway, asked again, refuses", async () => {
    const id = await place("refusing_card", [{ id: tShirt, quantity: 1 }]);
    const { totals, lines } = await readOrder(id);
    // A reservation as a crash before the gateway call leaves it.
    await shop.db.updateTable("orders").set({ total_refunded: 300 }).where("id", "=", id).execute();
    await shop.db
      .updateTable("order_items")
      .set({ refunded_quantity: 1, refunded_total: 300 })
      .where("id", "=", lines[0]?.id ?? 0)
      .execute();
    const { id: reserved } = await shop.db
      .insertInto("order_refunds")
      .values({
        order_id: id,
        amount: 300,
        reason: "",
        method: "gateway",
        restocked: 0,
        gateway_refund_id: "",
        actor_id: ownerId,
        actor_type: "owner",
        status: "pending",
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await shop.db
      .insertInto("order_refund_items")
      .values({ refund_id: reserved, order_item_id: lines[0]?.id ?? 0, quantity: 1, amount: 300 })
      .execute();
    expect(await settlePendingRefunds(shop.db, new Date())).toMatchObject({ dropped: 1 });
    const order = await readOrder(id);
    expect(order).toMatchObject({ refundable: totals.total, totals: { refunded: 0 }, refunds: [] });
    expect(order.lines[0]).toMatchObject({ refunded_quantity: 0, refunded_total: 0 });
  });
});

/** The process "dies" completing a refund: a trigger refuses marking a reservation done, so that transaction rolls back. */
async function armCrash() {
  if (shop.dialect === "postgres") {
    await sql`create or replace function cw_test_refund_crash() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash while completing the refund'; end $$`.execute(shop.db);
    await sql`create trigger cw_test_refund_crash before update of status on order_refunds for each row
      when (new.status = 'done') execute function cw_test_refund_crash()`.execute(shop.db);
  } else {
    await sql`create trigger cw_test_refund_crash before update of status on order_refunds
      when new.status = 'done'
      begin select raise(abort, 'simulated crash while completing the refund'); end`.execute(shop.db);
  }
}
const disarmCrash = () =>
  shop.dialect === "postgres"
    ? sql`drop trigger if exists cw_test_refund_crash on order_refunds`.execute(shop.db)
    : sql`drop trigger if exists cw_test_refund_crash`.execute(shop.db);
