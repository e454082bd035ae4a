/**
 * Refunds through the owner API (POST/GET /api/admin/v1/orders/{id}/refunds, issue 18 "B", decision
 * 0031), on SQLite and PostgreSQL: who may refund, whole, partial, by lines with and without restock,
 * and what is refused. Orders placed through the real checkout; stock, status, events, change log
 * and the shopper's e-mail checked. Gateways refusing, races and crashes: refunds-gateways.http.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productId } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { parseEml } from "../emails/eml.test-support.ts";
import { type OrderRow, releaseOrder } from "./index.ts";
import { ADMIN, type RefundShop, type OrderReplyBody as Reply, startRefundShop } from "./refunds.test-support.ts";

let t: RefundShop;
beforeAll(async () => {
  t = await startRefundShop();
});
afterAll(() => t?.close());

describe("who may refund", () => {
  it("lets the owner refund (201) and list (200); a shopper 403, a guest 401, a call without the nonce 401, nothing recorded", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const body = { amount: 100, restock: false, method: "manual" };
    const guest = await t.app.inject({ method: "POST", url: `${ADMIN}/orders/${id}/refunds`, payload: body });
    expect(guest.statusCode).toBe(401);
    const guestList = await t.app.inject(`${ADMIN}/orders/${id}/refunds`);
    expect(guestList.statusCode).toBe(401);
    expect(guestList.json().code).toBe("cw_rest_not_signed_in");
    const shopper = await t.jane.post(`${ADMIN}/orders/${id}/refunds`, body);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe("cw_rest_forbidden");
    expect((await t.jane.get(`${ADMIN}/orders/${id}/refunds`)).statusCode).toBe(403);
    const noNonce = await t.app.inject({
      method: "POST",
      url: `${ADMIN}/orders/${id}/refunds`,
      headers: { cookie: t.owner.credentials().cookie ?? "", "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json().code).toBe("cw_rest_missing_nonce");
    expect(await t.count("order_refunds", id)).toBe(0);
    const made = await t.refund(id, body);
    expect(made.statusCode, made.body).toBe(201);
    const listed = await t.owner.get(`${ADMIN}/orders/${id}/refunds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().refunds).toHaveLength(1);
  });

  it("answers 404 for an unknown order and is in the OpenAPI document under the owner tag", async () => {
    const missing = await t.refund(999_999, { amount: 1, restock: false, method: "manual" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("cw_rest_order_not_found");
    const paths = (await t.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/orders/{id}/refunds"].post.tags).toEqual(["owner"]);
    expect(paths["/api/admin/v1/orders/{id}/refunds"].get.tags).toEqual(["owner"]);
  });
});

describe("a whole refund by hand", () => {
  it("refunds a cash-on-delivery order whole: status refunded, events, change log, the shopper's email", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }], "whole@refunds.test");
    const before = await t.readOrder(id);
    expect(before).toMatchObject({ status: "processing", refundable: before.totals.total, refund_methods: ["manual"], refunds: [] });
    const logBefore = await t.count("change_log");
    const response = await t.refund(id, { amount: before.totals.total, restock: false, method: "manual", reason: "Changed my mind" });
    expect(response.statusCode, response.body).toBe(201);
    const { refund: made, order } = response.json() as { refund: Reply["refunds"][number] & Record<string, unknown>; order: Reply };
    expect(made).toMatchObject({
      amount: before.totals.total,
      reason: "Changed my mind",
      method: "manual",
      restocked: false,
      gateway_refund_id: "",
      actor: { type: "owner", id: t.ownerId, email: "owner@example.com" },
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
    expect(await t.count("change_log")).toBe(logBefore + 1);
    const log = await t.shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "order_refund")
      .where("entity_id", "=", String(made.id))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: t.ownerId, action: "create" });
    expect(JSON.parse(log.after ?? "{}")).toMatchObject({ order_id: id, status: "refunded", total_refunded: before.totals.total });
    const [file] = t.mails(id);
    expect(file).toBeDefined();
    const mail = parseEml(readFileSync(join(t.outbox, file ?? ""), "utf8"));
    expect(mail.headers.to).toBe("whole@refunds.test");
    expect(mail.headers.subject).toContain(`Your order #${id} has been refunded`);
    expect(mail.text).toContain("Reason: Changed my mind");
    // Nothing is left to refund.
    const again = await t.refund(id, { amount: 1, restock: false, method: "manual" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "cw_rest_refund_exceeds", data: { refundable: 0 } });
  });
});

describe("a partial refund by amount through the gateway", () => {
  it("refunds part of a test card payment: the gateway records it against the charge; the order stays processing", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }], "partial@refunds.test");
    const before = await t.readOrder(id);
    expect(before.refund_methods).toEqual(["gateway", "manual"]);
    const response = await t.refund(id, { amount: 500, restock: false, method: "gateway", reason: "Late delivery" });
    expect(response.statusCode, response.body).toBe(201);
    const { refund: made, order } = response.json() as { refund: Reply["refunds"][number]; order: Reply };
    expect(made).toMatchObject({ amount: 500, method: "gateway", gateway_refund_id: expect.stringMatching(/^re_/) });
    expect(order).toMatchObject({ status: "processing", refundable: before.totals.total - 500, totals: { refunded: 500 } });
    expect(order.timeline.some((event) => event.type === "status" && event.status === "refunded")).toBe(false);
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: 500, amount: before.totals.total }]);
    const gatewaySide = await t.shop.db.selectFrom("gateway_refunds").selectAll().where("order_id", "=", id).execute();
    expect(gatewaySide).toHaveLength(1);
    expect(JSON.parse(gatewaySide[0]?.outcome ?? "{}")).toEqual({ status: "success", refundId: made.gateway_refund_id });
    const mail = parseEml(readFileSync(join(t.outbox, t.mails(id)[0] ?? ""), "utf8"));
    expect(mail.headers.subject).toContain("partially refunded");
    // The rest, by hand: the order is then refunded whole.
    const rest = await t.refund(id, { amount: before.totals.total - 500, restock: false, method: "manual" });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().order).toMatchObject({ status: "refunded", refundable: 0 });
  });
});

describe("what the shopper sees of a refund", () => {
  it("lists each refund that is done, with its reason, on the Store API's order; a reservation still at the gateway is not shown", async () => {
    const email = "shown@refunds.test";
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }], email);
    const { order_key: key } = await t.shop.db.selectFrom("orders").select("order_key").where("id", "=", id).executeTakeFirstOrThrow();
    const read = async () => {
      const response = await t.app.inject(`/api/store/v1/order/${id}?key=${key}&billing_email=${encodeURIComponent(email)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { refunds: { id: number; total: string; reason: string; date_created: string; currency_code?: string }[] };
    };
    expect((await read()).refunds).toEqual([]);
    expect((await t.refund(id, { amount: 500, restock: false, method: "gateway", reason: "Late delivery" })).statusCode).toBe(201);
    expect((await t.refund(id, { amount: 120, restock: false, method: "manual" })).statusCode).toBe(201);
    // A reservation whose gateway has not answered yet is money not yet given back.
    await t.shop.db
      .insertInto("order_refunds")
      .values({
        order_id: id,
        amount: 1,
        reason: "",
        method: "gateway",
        restocked: 0,
        gateway_refund_id: "",
        actor_id: null,
        actor_type: "owner",
        status: "pending",
        created_at: new Date().toISOString(),
      })
      .execute();
    const { refunds } = await read();
    expect(refunds.map(({ total, reason }) => ({ total, reason }))).toEqual([
      { total: "500", reason: "Late delivery" },
      { total: "120", reason: "" },
    ]);
    expect(refunds[0]?.currency_code).toBe("USD");
    expect(Date.parse(refunds[0]?.date_created ?? "")).not.toBeNaN();
  });
});

describe("refunds by lines", () => {
  it("puts the refunded units back on the shelf when asked, the variation's stock for a variation", async () => {
    const id = await t.place("test_card", [
      { id: t.tShirt, quantity: 3 },
      { id: t.redHoodie, quantity: 2 },
    ]);
    const order = await t.readOrder(id);
    const [shirtLine, hoodieLine] = order.lines;
    if (!shirtLine || !hoodieLine) throw new Error("two lines expected");
    const [shirts, hoodies] = [await t.stockOf(t.tShirt), await t.stockOf(t.redHoodie)];
    // Two of three shirts: their even share of what the line was paid, rounded down.
    const shirtShare = Math.floor(((shirtLine.total + shirtLine.total_tax) * 2) / 3);
    const response = await t.refund(id, {
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
    expect(await t.stockOf(t.tShirt)).toBe(shirts + 2);
    expect(await t.stockOf(t.redHoodie)).toBe(hoodies + 1);
    const restocked = await t.shop.db
      .selectFrom("order_items")
      .select(["id", "restocked_quantity"])
      .where("order_id", "=", id)
      .orderBy("position")
      .execute();
    expect(restocked.map((row) => row.restocked_quantity)).toEqual([2, 1]);
  });

  it("has a later release of the order's stock return only the units no refund put back", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 3 }]);
    const [line] = (await t.readOrder(id)).lines;
    const shirts = await t.stockOf(t.tShirt);
    const response = await t.refund(id, {
      amount: 100,
      restock: true,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 100 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await t.stockOf(t.tShirt)).toBe(shirts + 1);
    const order = (await t.shop.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as OrderRow;
    await t.shop.db.transaction().execute((trx) => releaseOrder(trx as unknown as typeof t.shop.db, order, new Date().toISOString()));
    expect(await t.stockOf(t.tShirt)).toBe(shirts + 3);
  });

  it("restocks nothing, and says so, for a product that keeps no stock count", async () => {
    const beanie = await productId(t.app, "beanie");
    const id = await t.place("cod", [{ id: beanie, quantity: 2 }]);
    const [line] = (await t.readOrder(id)).lines;
    const response = await t.refund(id, {
      amount: 100,
      restock: true,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 100 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({ restocked: false });
    const kept = await t.shop.db.selectFrom("order_items").select("restocked_quantity").where("order_id", "=", id).execute();
    expect(kept).toEqual([{ restocked_quantity: 0 }]);
  });

  it("leaves the shelf alone without restock", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    const [line] = (await t.readOrder(id)).lines;
    const shirts = await t.stockOf(t.tShirt);
    const response = await t.refund(id, {
      amount: 2000,
      restock: false,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 2000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({ restocked: false, lines: [{ line_id: line?.id, quantity: 1, amount: 2000 }] });
    expect(await t.stockOf(t.tShirt)).toBe(shirts);
    expect(response.json().order.lines[0]).toMatchObject({ refunded_quantity: 1, refunded_total: 2000 });
  });

  it("refuses more units than a line has left (409), lines beyond the amount or of another order (400), changing nothing", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    const other = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const [line] = (await t.readOrder(id)).lines;
    const [otherLine] = (await t.readOrder(other)).lines;
    expect(
      (await t.refund(id, { amount: 100, restock: false, method: "manual", lines: [{ line_id: line?.id, quantity: 1, amount: 100 }] }))
        .statusCode,
    ).toBe(201);
    const shirts = await t.stockOf(t.tShirt);
    const tooMany = await t.refund(id, {
      amount: 100,
      restock: true,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 2, amount: 0 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: "cw_rest_refund_line_exceeds", data: { line_id: line?.id, refundable_quantity: 1 } });
    const beyond = await t.refund(id, {
      amount: 100,
      restock: false,
      method: "manual",
      lines: [{ line_id: line?.id, quantity: 1, amount: 101 }],
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: "rest_invalid_param", data: { details: { lines: expect.any(Object) } } });
    const foreign = await t.refund(id, {
      amount: 100,
      restock: false,
      method: "manual",
      lines: [{ line_id: otherLine?.id, quantity: 1, amount: 0 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.details).toHaveProperty("lines.0.line_id");
    const negative = await t.refund(id, { amount: 0, restock: false, method: "manual" });
    expect(negative.statusCode).toBe(400);
    const after = await t.readOrder(id);
    expect(after.refunds).toHaveLength(1);
    expect(after.totals.refunded).toBe(100);
    expect(after.lines[0]).toMatchObject({ refunded_quantity: 1, refunded_total: 100 });
    expect(await t.stockOf(t.tShirt)).toBe(shirts);
  });
});

describe("what cannot be refunded", () => {
  it("refuses more than what is left (409 with refundable)", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const { totals } = await t.readOrder(id);
    const response = await t.refund(id, { amount: totals.total + 1, restock: false, method: "manual" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_exceeds", data: { refundable: totals.total } });
    expect(await t.count("order_refunds", id)).toBe(0);
  });

  it("refuses an order nothing was paid for (bank transfer awaited): 409 cw_rest_order_not_paid", async () => {
    const id = await t.place("bacs", [{ id: t.tShirt, quantity: 1 }]);
    const order = await t.readOrder(id);
    expect(order).toMatchObject({ status: "on-hold", refundable: 0 });
    const response = await t.refund(id, { amount: 100, restock: false, method: "manual" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("cw_rest_order_not_paid");
    expect(await t.count("order_refunds", id)).toBe(0);
  });

  it("refuses the gateway method when the payment's gateway cannot refund (cash on delivery): 409", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const response = await t.refund(id, { amount: 100, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("cw_rest_refund_gateway_unsupported");
    expect((await t.readOrder(id)).totals.refunded).toBe(0);
  });
});

describe("a refund made with an API key (decision 0098)", () => {
  /** A key of the owner's, made from the console; its requests carry only the Authorization header. */
  async function ownerKey(description: string) {
    const made = await t.owner.post(`${ADMIN}/api-keys`, { description, permission: "read_write" });
    expect(made.statusCode, made.body).toBe(201);
    const { key_id, secret } = made.json() as { key_id: string; secret: string };
    const authorization = `Basic ${Buffer.from(`${key_id}:${secret}`).toString("base64")}`;
    return (method: "GET" | "POST", path: string, body?: unknown) =>
      t.app.inject({
        method,
        url: `${ADMIN}${path}`,
        headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
  }
  const refundChanges = (orderId: number) =>
    t.shop.db
      .selectFrom("change_log")
      .select(["actor_id", "via", "after"])
      .where("entity", "=", "order_refund")
      .where("after", "like", `{"order_id":${orderId},%`)
      .orderBy("id")
      .execute();

  it("names the key in the change log and on the timeline, through the gateway and by hand; the console's refund names none", async () => {
    const asKey = await ownerKey("Returns desk");
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }], "keyed@refunds.test");
    const total = (await t.readOrder(id)).totals.total;
    const byGateway = await asKey("POST", `/orders/${id}/refunds`, { amount: 300, restock: false, method: "gateway", reason: "Scuffed" });
    expect(byGateway.statusCode, byGateway.body).toBe(201);
    const byHand = await asKey("POST", `/orders/${id}/refunds`, { amount: 200, restock: false, method: "manual" });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const fromConsole = await t.refund(id, { amount: total - 500, restock: false, method: "manual" });
    expect(fromConsole.statusCode, fromConsole.body).toBe(201);

    expect((await refundChanges(id)).map(({ actor_id, via }) => ({ actor_id, via }))).toEqual([
      { actor_id: t.ownerId, via: "API key Returns desk" },
      { actor_id: t.ownerId, via: "API key Returns desk" },
      { actor_id: t.ownerId, via: null },
    ]);
    const order = await t.readOrder(id);
    const refunds = order.timeline.filter((event) => event.type === "refund");
    expect(refunds.map((event) => [event.amount, event.actor])).toEqual([
      [300, expect.objectContaining({ type: "owner", id: t.ownerId, via: "API key Returns desk" })],
      [200, expect.objectContaining({ type: "owner", id: t.ownerId, via: "API key Returns desk" })],
      [total - 500, expect.not.objectContaining({ via: expect.anything() })],
    ]);
    // The last refund, from the console, made the order refunded: that move is the console's.
    const refunded = order.timeline.find((event) => event.type === "status" && event.status === "refunded");
    expect(refunded?.actor).not.toHaveProperty("via");
    // The shopper's refund e-mails are recorded as sent by whoever refunded.
    const mails = order.timeline.filter((event) => event.type === "email" && event.email === "customer_refunded");
    expect(mails.map((event) => event.actor?.via ?? null)).toEqual(["API key Returns desk", "API key Returns desk", null]);
    // The key reads the same timeline.
    const read = await asKey("GET", `/orders/${id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as Reply).timeline.filter((event) => event.actor?.via === "API key Returns desk")).toHaveLength(4);
  });

  it("a note and a status change by key name it on the timeline and in the change log", async () => {
    const asKey = await ownerKey("Helpdesk bot");
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }], "noted@refunds.test");
    const noted = await asKey("POST", `/orders/${id}/notes`, { note: "Called the customer", to_customer: false });
    expect(noted.statusCode, noted.body).toBe(200);
    const moved = await asKey("POST", `/orders/${id}/status`, { status: "on-hold" });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    const timeline = (await t.readOrder(id)).timeline;
    expect(timeline.find((event) => event.type === "note")?.actor).toMatchObject({ type: "owner", via: "API key Helpdesk bot" });
    expect(timeline.find((event) => event.type === "status" && event.status === "on-hold")?.actor).toMatchObject({
      via: "API key Helpdesk bot",
    });
    const logged = await t.shop.db
      .selectFrom("change_log")
      .select("via")
      .where("entity", "in", ["order", "order_note"])
      .where("actor_id", "=", t.ownerId)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(logged.map((row) => row.via)).toEqual(["API key Helpdesk bot", "API key Helpdesk bot"]);
  });
});
