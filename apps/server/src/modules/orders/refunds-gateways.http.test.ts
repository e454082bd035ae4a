/**
 * Refunds through gateways that refuse or do not answer, racing refunds and a crash between the
 * refund's two transactions (issue 18 "B", decision 0031), on SQLite and PostgreSQL: nothing recorded
 * on a refusal, never more than was paid, the sweep completing or giving back what was left reserved,
 * and the built-in gateways' own side (one refund per key, never beyond the charge).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGateway } from "../payments/index.ts";
import { settlePendingRefunds } from "./index.ts";
import { ADMIN, REFUSAL, type RefundShop, startRefundShop } from "./refunds.test-support.ts";

let t: RefundShop;
beforeAll(async () => {
  t = await startRefundShop();
});
afterAll(() => t?.close());

describe("a gateway that does not refund", () => {
  it("answers 502 and records nothing when the gateway refuses (a registered gateway)", async () => {
    const id = await t.place("refusing_card", [{ id: t.tShirt, quantity: 2 }]);
    const before = await t.readOrder(id);
    const [line] = before.lines;
    const shirts = await t.stockOf(t.tShirt);
    const response = await t.refund(id, {
      amount: 1500,
      restock: true,
      method: "gateway",
      lines: [{ line_id: line?.id, quantity: 1, amount: 1500 }],
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_gateway_failed", data: { pending: false } });
    expect(response.json().message).toBe(`The payment gateway did not refund: ${REFUSAL}`);
    const after = await t.readOrder(id);
    expect(after).toMatchObject({ status: "processing", refundable: before.totals.total, refunds: [], totals: { refunded: 0 } });
    expect(after.lines[0]).toMatchObject({ refunded_quantity: 0, refunded_total: 0 });
    expect(after.timeline.filter((event) => event.type === "refund")).toEqual([]);
    expect(await t.count("order_refunds", id)).toBe(0);
    expect(await t.stockOf(t.tShirt)).toBe(shirts);
    expect(t.mails(id)).toEqual([]);
  });

  it("answers 502 when the test card's charge has less left than asked (refunded at the processor meanwhile), nothing recorded", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }]);
    const order = await t.readOrder(id);
    const row = await t.shop.db.selectFrom("orders").select(["transaction_id", "currency"]).where("id", "=", id).executeTakeFirstOrThrow();
    // Refunded at the processor's side directly (its dashboard): the charge has 100 left.
    const outside = await findGateway("test_card")?.refund?.(
      {
        orderId: id,
        amount: order.totals.total - 100,
        currency: row.currency,
        transactionId: row.transaction_id,
        idempotencyKey: `dashboard-${id}`,
      },
      { db: t.shop.db },
    );
    expect(outside?.status).toBe("success");
    const response = await t.refund(id, { amount: 200, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain("more than what is left of the payment");
    expect((await t.readOrder(id)).totals.refunded).toBe(0);
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: order.totals.total - 100, amount: order.totals.total }]);
    // What is left at the processor still refunds.
    expect((await t.refund(id, { amount: 100, restock: false, method: "gateway" })).statusCode).toBe(201);
  });

  it("answers a repeated key with the first outcome and never refunds a charge twice (the gateway's side)", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }]);
    const row = await t.shop.db
      .selectFrom("orders")
      .select(["transaction_id", "currency", "total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const gateway = findGateway("test_card");
    const ask = () =>
      gateway?.refund?.(
        { orderId: id, amount: 300, currency: row.currency, transactionId: row.transaction_id, idempotencyKey: `same-${id}` },
        { db: t.shop.db },
      );
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.status).toBe("success");
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: 300, amount: row.total }]);
    const unknown = await gateway?.refund?.(
      { orderId: id, amount: 1, currency: row.currency, transactionId: "test_nope", idempotencyKey: `nope-${id}` },
      { db: t.shop.db },
    );
    expect(unknown).toEqual({ status: "failure", message: "No payment with this transaction id was found." });
  });
});

describe("the demo express gateway", () => {
  it("refunds its payment whole through the gateway: the order is refunded and the charge fully refunded", async () => {
    const id = await t.place("demo_express", [{ id: t.tShirt, quantity: 1 }]);
    const { totals, refund_methods } = await t.readOrder(id);
    expect(refund_methods).toEqual(["gateway", "manual"]);
    const response = await t.refund(id, { amount: totals.total, restock: false, method: "gateway" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund.gateway_refund_id).toMatch(/^re_/);
    expect(response.json().order).toMatchObject({ status: "refunded", refundable: 0 });
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: totals.total, amount: totals.total }]);
  });
});

describe("racing refunds", () => {
  it("never refunds more than was paid: exactly the winners recorded and restocked", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 5 }]);
    const { totals, lines } = await t.readOrder(id);
    const shirts = await t.stockOf(t.tShirt);
    // Each asks 40% of the total and one unit back on the shelf: two may win, whatever the order.
    const amount = Math.floor((totals.total * 2) / 5);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.refund(id, { amount, restock: true, method: "gateway", lines: [{ line_id: lines[0]?.id, quantity: 1, amount: 0 }] }),
      ),
    );
    const won = responses.filter((response) => response.statusCode === 201);
    const lost = responses.filter((response) => response.statusCode !== 201);
    expect(won).toHaveLength(2);
    for (const response of lost) expect(response.json()).toMatchObject({ code: "cw_rest_refund_exceeds" });
    const order = await t.readOrder(id);
    expect(order.totals.refunded).toBe(2 * amount);
    expect(order.totals.refunded).toBeLessThanOrEqual(order.totals.total);
    expect(order.refunds.map((made) => made.id).sort()).toEqual(won.map((response) => response.json().refund.id).sort());
    expect(order.lines[0]).toMatchObject({ refunded_quantity: 2 });
    expect(await t.stockOf(t.tShirt)).toBe(shirts + 2);
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: 2 * amount, amount: totals.total }]);
    expect(order.timeline.filter((event) => event.type === "refund")).toHaveLength(2);
  });

  it("completes the order as refunded once when racing refunds together reach the total", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 2 }]);
    const { totals } = await t.readOrder(id);
    const half = totals.total / 2;
    const responses = await Promise.all([
      t.refund(id, { amount: half, restock: false, method: "gateway" }),
      t.refund(id, { amount: totals.total - half, restock: false, method: "manual" }),
      t.refund(id, { amount: totals.total - half, restock: false, method: "gateway" }),
    ]);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(2);
    const order = await t.readOrder(id);
    expect(order).toMatchObject({ status: "refunded", refundable: 0, totals: { refunded: totals.total } });
    expect(order.timeline.filter((event) => event.type === "status" && event.status === "refunded")).toHaveLength(1);
  });
});

describe("a refund left between its transactions", () => {
  it("keeps the reservation when the gateway does not answer, and the sweep completes it without refunding twice", async () => {
    const id = await t.place("silent_card", [{ id: t.tShirt, quantity: 1 }]);
    const { totals } = await t.readOrder(id);
    const response = await t.refund(id, { amount: 700, restock: false, method: "gateway" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "cw_rest_refund_gateway_failed", data: { pending: true } });
    const waiting = await t.readOrder(id);
    // Reserved, not yet a refund: nobody may refund that money again meanwhile.
    expect(waiting).toMatchObject({ refunds: [], refundable: totals.total - 700, totals: { refunded: 700 } });
    expect(await settlePendingRefunds(t.shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 1 });
    const settled = await t.readOrder(id);
    expect(settled.refunds).toEqual([expect.objectContaining({ amount: 700, gateway_refund_id: `silent_re_${t.lostAnswers[0]}` })]);
    expect(settled.timeline.filter((event) => event.type === "refund")).toHaveLength(1);
    expect(t.mails(id)).toHaveLength(1);
    expect(await settlePendingRefunds(t.shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 0 });
  });

  it("names the API key a refund was asked with when the sweep completes it later (decision 0098)", async () => {
    const made = await t.owner.post(`${ADMIN}/api-keys`, { description: "Returns desk", permission: "read_write" });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json() as { key_id: string; secret: string };
    const id = await t.place("silent_card", [{ id: t.tShirt, quantity: 1 }]);
    const response = await t.app.inject({
      method: "POST",
      url: `${ADMIN}/orders/${id}/refunds`,
      headers: {
        authorization: `Basic ${Buffer.from(`${key.key_id}:${key.secret}`).toString("base64")}`,
        "content-type": "application/json",
      },
      payload: JSON.stringify({ amount: 300, restock: false, method: "gateway" }),
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({ data: { pending: true } });
    expect(await settlePendingRefunds(t.shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 1 });
    const order = await t.readOrder(id);
    const via = "API key Returns desk";
    const refundEvent = order.timeline.find((event) => event.type === "refund");
    expect(refundEvent?.actor).toMatchObject({ id: t.ownerId, via });
    const mailEvent = order.timeline.find((event) => event.type === "email" && event.email === "customer_refunded");
    expect(mailEvent?.actor).toMatchObject({ via });
    const change = await t.shop.db
      .selectFrom("change_log")
      .select(["via", "actor_id"])
      .where("entity", "=", "order_refund")
      .where("entity_id", "=", String(order.refunds[0]?.id))
      .executeTakeFirstOrThrow();
    expect(change).toEqual({ via, actor_id: t.ownerId });
  });

  it("survives a crash after the gateway refunded: the sweep asks again with the same key and the charge is refunded once", async () => {
    const id = await t.place("test_card", [{ id: t.tShirt, quantity: 1 }]);
    const { totals } = await t.readOrder(id);
    await armCrash();
    try {
      const response = await t.refund(id, { amount: 400, restock: false, method: "gateway" });
      expect(response.statusCode).toBe(500);
    } finally {
      await disarmCrash();
    }
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: 400, amount: totals.total }]);
    expect((await t.readOrder(id)).refunds).toEqual([]);
    expect(await settlePendingRefunds(t.shop.db, new Date(Date.now() + 60_000))).toMatchObject({ completed: 1 });
    const order = await t.readOrder(id);
    expect(order.refunds).toEqual([expect.objectContaining({ amount: 400, method: "gateway" })]);
    expect(order.totals.refunded).toBe(400);
    expect(await t.chargeRefunded(id)).toEqual([{ refunded: 400, amount: totals.total }]);
  });

  it("gives the reservation back when the gateway, asked again, refuses", async () => {
    const id = await t.place("refusing_card", [{ id: t.tShirt, quantity: 1 }]);
    const { totals, lines } = await t.readOrder(id);
    // A reservation as a crash before the gateway call leaves it.
    await t.shop.db.updateTable("orders").set({ total_refunded: 300 }).where("id", "=", id).execute();
    await t.shop.db
      .updateTable("order_items")
      .set({ refunded_quantity: 1, refunded_total: 300 })
      .where("id", "=", lines[0]?.id ?? 0)
      .execute();
    const { id: reserved } = await t.shop.db
      .insertInto("order_refunds")
      .values({
        order_id: id,
        amount: 300,
        reason: "",
        method: "gateway",
        restocked: 0,
        gateway_refund_id: "",
        actor_id: t.ownerId,
        actor_type: "owner",
        status: "pending",
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.shop.db
      .insertInto("order_refund_items")
      .values({ refund_id: reserved, order_item_id: lines[0]?.id ?? 0, quantity: 1, amount: 300 })
      .execute();
    expect(await settlePendingRefunds(t.shop.db, new Date())).toMatchObject({ dropped: 1 });
    const order = await t.readOrder(id);
    expect(order).toMatchObject({ refundable: totals.total, totals: { refunded: 0 }, refunds: [] });
    expect(order.lines[0]).toMatchObject({ refunded_quantity: 0, refunded_total: 0 });
  });
});

/** The process "dies" completing a refund: a trigger refuses marking a reservation done, so that transaction rolls back. */
async function armCrash() {
  if (t.shop.dialect === "postgres") {
    await sql`create or replace function cw_test_refund_crash() returns trigger language plpgsql as $$
      begin raise exception 'simulated crash while completing the refund'; end $$`.execute(t.shop.db);
    await sql`create trigger cw_test_refund_crash before update of status on order_refunds for each row
      when (new.status = 'done') execute function cw_test_refund_crash()`.execute(t.shop.db);
  } else {
    await sql`create trigger cw_test_refund_crash before update of status on order_refunds
      when new.status = 'done'
      begin select raise(abort, 'simulated crash while completing the refund'); end`.execute(t.shop.db);
  }
}
const disarmCrash = () =>
  t.shop.dialect === "postgres"
    ? sql`drop trigger if exists cw_test_refund_crash on order_refunds`.execute(t.shop.db)
    : sql`drop trigger if exists cw_test_refund_crash`.execute(t.shop.db);
