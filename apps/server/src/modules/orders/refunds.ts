/**
 * Refunds (issue 18 "B", decision 0031): the owner gives back all or part of what an order was
 * paid, by its lines or by an amount, through the payment's gateway or by hand (offline methods).
 * A refund is first reserved by conditional updates in one transaction (so racing refunds never
 * pass what was paid), the gateway is called outside any transaction, and a second transaction
 * completes it (stock, status, events, change log) or gives the reservation back. A manual refund
 * is reserved and completed in one transaction. The shopper is mailed once it is done.
 */
import { type CurrencyFields, defaultLineRefund, type RefundableLine, refundableOrderAmount } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { OrderActorType } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import { revokeOrderDownloads, revokeRefundedLines } from "../downloads/index.ts";
import { sendRefundNotice } from "../emails/index.ts";
import { findGateway, type PaymentGateway } from "../payments/index.ts";
import { getSettings } from "../settings/index.ts";
import { type OrderActor, recordOrderEvent } from "./events.ts";
import * as repo from "./orders.repo.ts";
import * as refunds from "./refunds.repo.ts";
import { staffActor } from "./staff-writes.ts";

export type RefundMethod = "gateway" | "manual";

export interface RefundInput {
  /** Minor units: the whole refund (lines, then shipping, fees or goodwill). */
  amount: number;
  /** amount: the units' share of what is left of the line when omitted (defaultLineRefund). */
  lines?: { line_id: number; quantity: number; amount?: number }[];
  restock: boolean;
  reason?: string;
  method: RefundMethod;
}

export const refundErrors = {
  notFound: () => new StoreError("cw_rest_order_not_found", "No order has this id.", 404),
  notPaid: () => new StoreError("cw_rest_order_not_paid", "Nothing was paid for this order: there is nothing to refund.", 409),
  exceeds: (refundable: number) =>
    new StoreError("cw_rest_refund_exceeds", "The refund is more than what may still be refunded of this order.", 409, { refundable }),
  lineExceeds: (lineId: number, quantity: number, amount: number) =>
    new StoreError("cw_rest_refund_line_exceeds", `The refund is more than what is left of line ${lineId}.`, 409, {
      line_id: lineId,
      refundable_quantity: quantity,
      refundable_amount: amount,
    }),
  unsupported: () =>
    new StoreError(
      "cw_rest_refund_gateway_unsupported",
      "This order's payment method cannot refund: refund it by hand (manual) and pay the customer back yourself.",
      409,
    ),
  gatewayFailed: (message: string, pending = false) =>
    new StoreError("cw_rest_refund_gateway_failed", `The payment gateway did not refund: ${message}`, 502, { pending }),
  invalid: (field: string, message: string) =>
    new StoreError("rest_invalid_param", `Invalid parameter(s): ${field}`, 400, {
      params: { [field]: `${field} ${message}` },
      details: { [field]: paramDetail("rest_invalid_param", `${field} ${message}`) },
    }),
};

/** Money was taken: the gateway said so (paid_at), or the order stands in a paid status. */
export const isPaid = (order: repo.OrderRow) =>
  order.paid_at !== null || order.status === "processing" || order.status === "completed" || order.status === "refunded";

const refundingGateway = (order: repo.OrderRow): PaymentGateway | undefined => {
  const gateway = findGateway(order.payment_method);
  return gateway?.refund ? gateway : undefined;
};

/** The ways an order may be refunded: by hand always, through its gateway when that gateway refunds. */
export const refundMethods = (order: repo.OrderRow): RefundMethod[] => (refundingGateway(order) ? ["gateway", "manual"] : ["manual"]);

export const refundableOf = (order: repo.OrderRow) =>
  refundableOrderAmount({ total: order.total, total_refunded: order.total_refunded, paid: isPaid(order) });

/** The lines asked, checked against the order's lines, amounts filled by default; zero lines dropped. */
function checkedLines(input: RefundInput, items: repo.OrderItemRow[]): refunds.RefundLineInput[] {
  const seen = new Set<number>();
  const lines: refunds.RefundLineInput[] = [];
  (input.lines ?? []).forEach((line, index) => {
    const item = items.find((candidate) => candidate.id === line.line_id);
    if (!item) throw refundErrors.invalid(`lines.${index}.line_id`, "is not a line of this order");
    if (seen.has(line.line_id)) throw refundErrors.invalid(`lines.${index}.line_id`, "is given twice");
    seen.add(line.line_id);
    const left = item.quantity - item.refunded_quantity;
    if (line.quantity > left) throw refundErrors.lineExceeds(item.id, Math.max(0, left), lineMoneyLeft(item));
    const amount = line.amount ?? defaultLineRefund(item as RefundableLine, line.quantity);
    if (line.quantity > 0 || amount > 0) lines.push({ line_id: line.line_id, quantity: line.quantity, amount });
  });
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (sum > input.amount) throw refundErrors.invalid("lines", "add up to more than the refund's amount");
  return lines;
}

const lineMoneyLeft = (item: repo.OrderItemRow) => Math.max(0, item.total + item.total_tax - item.refunded_total);

/**
 * Reserves the refund: the order's and lines' refunded counts move by conditional updates (a refund
 * beyond what is left changes nothing and answers 409) and the refund row is written as pending.
 */
async function reserve(
  db: Db,
  order: repo.OrderRow,
  input: RefundInput,
  lines: refunds.RefundLineInput[],
  actor: { type: OrderActorType; id: number },
  now: string,
  via: string | null,
): Promise<number> {
  if (!(await refunds.reserveOrderAmount(db, order.id, input.amount, now))) {
    const fresh = await repo.findOrder(db, order.id);
    throw refundErrors.exceeds(fresh ? refundableOf(fresh) : 0);
  }
  for (const line of lines)
    if (!(await refunds.reserveLine(db, order.id, line))) {
      const item = (await repo.orderItems(db, order.id)).find((candidate) => candidate.id === line.line_id);
      throw refundErrors.lineExceeds(
        line.line_id,
        item ? Math.max(0, item.quantity - item.refunded_quantity) : 0,
        item ? lineMoneyLeft(item) : 0,
      );
    }
  return refunds.insertRefund(
    db,
    {
      order_id: order.id,
      amount: input.amount,
      reason: (input.reason ?? "").trim(),
      method: input.method,
      restocked: input.restock,
      actor,
      created_at: now,
      via,
    },
    lines,
  );
}

/**
 * Completes a reserved refund in the caller's transaction: marks it done, puts its units back on the
 * shelf when asked (only if the order still holds its stock), moves the order to refunded once its
 * done refunds reach the total, and records the refund event and the change log row. False when
 * the reservation was already settled by another call. The events and the change log name the API key
 * the refund was asked with (decision 0098), which its row keeps: the sweep completing it later has
 * no request to ask.
 */
async function complete(db: Db, refundId: number, gatewayRefundId: string, now: string): Promise<boolean> {
  const refund = await refunds.findRefund(db, refundId);
  if (refund?.status !== "pending") return false;
  const via = refund.via;
  // Locks the order's row first: completions of one order follow each other, so the last sees every other.
  await repo.updateOrder(db, refund.order_id, { updated_at: now });
  const order = await repo.findOrder(db, refund.order_id);
  if (!order) return false;
  const lines = await refunds.refundLines(db, [refundId]);
  const items = await repo.orderItems(db, order.id);
  // Only a product that keeps a stock count takes units back: a refund of others restocks nothing, and says so.
  const stockIdOf = (line: (typeof lines)[number]) => {
    const item = items.find((candidate) => candidate.id === line.order_item_id);
    return item ? (item.variation_id ?? item.product_id) : null;
  };
  const counted = await repo.stockOf(
    db,
    lines.map(stockIdOf).filter((id): id is number => id !== null),
  );
  const restocking = lines.filter((line) => line.quantity > 0 && counted.get(stockIdOf(line) ?? 0)?.managed === true);
  const restock = refund.restocked === 1 && order.stock_taken === 1 && restocking.length > 0;
  if (!(await refunds.markRefundDone(db, refundId, gatewayRefundId, restock))) return false;
  if (restock) {
    for (const line of restocking) {
      const item = items.find((candidate) => candidate.id === line.order_item_id);
      if (!item) continue;
      // As releaseOrder does: the variation's stock when the line has one.
      await repo.returnStock(db, item.variation_id ?? item.product_id, line.quantity, now);
      await refunds.addRestocked(db, item.id, line.quantity);
    }
  }
  const actor: OrderActor = { type: refund.actor_type, id: refund.actor_id, via };
  const done = await refunds.refundedDone(db, order.id);
  await recordOrderEvent(
    db,
    order.id,
    actor,
    { type: "refund", refund_id: refundId, amount: refund.amount, method: refund.method, restocked: restock, reason: refund.reason },
    now,
  );
  let status = order.status;
  if (done >= order.total && order.status !== "refunded") {
    await repo.updateOrder(db, order.id, { status: "refunded", updated_at: now });
    await recordOrderEvent(db, order.id, actor, { type: "status", from: order.status, to: "refunded" }, now);
    status = "refunded";
  }
  // A line refunded in full, or the whole order, takes its downloads back (decision 0094).
  if (status === "refunded") await revokeOrderDownloads(db, order.id);
  else await revokeRefundedLines(db, order.id);
  await db
    .insertInto("change_log")
    .values({
      actor_id: refund.actor_id ?? 0,
      entity: "order_refund",
      entity_id: String(refundId),
      action: "create",
      before: JSON.stringify({ order_id: order.id, status: order.status, total_refunded: done - refund.amount }),
      after: JSON.stringify({
        order_id: order.id,
        status,
        total_refunded: done,
        refund: {
          amount: refund.amount,
          method: refund.method,
          reason: refund.reason,
          restocked: restock,
          gateway_refund_id: gatewayRefundId,
          lines: lines.map((line) => ({ line_id: line.order_item_id, quantity: line.quantity, amount: line.amount })),
        },
      }),
      created_at: now,
      via,
    })
    .execute();
  return true;
}

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute((trx) => work(trx as unknown as Db));

const gatewayKey = (refundId: number) => `cw-refund-${refundId}`;

function askGateway(gateway: PaymentGateway, db: Db, order: repo.OrderRow, refundId: number, amount: number) {
  if (!gateway.refund) throw refundErrors.unsupported();
  return gateway.refund(
    { orderId: order.id, amount, currency: order.currency, transactionId: order.transaction_id, idempotencyKey: gatewayKey(refundId) },
    { db },
  );
}

/** Makes a refund; answers its id once it is recorded (the route answers it with the fresh order). */
export async function createRefund(ctx: RequestContext, orderId: number, input: RefundInput): Promise<number> {
  const actor = staffActor(ctx);
  const via = changeVia(ctx);
  const now = (ctx.now ?? new Date()).toISOString();
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw refundErrors.notFound();
  if (!isPaid(order)) throw refundErrors.notPaid();
  const lines = checkedLines(input, await repo.orderItems(ctx.db, orderId));
  const gateway = input.method === "gateway" ? refundingGateway(order) : undefined;
  if (input.method === "gateway" && !gateway) throw refundErrors.unsupported();

  const refundId = await inTransaction(ctx.db, async (db) => {
    const id = await reserve(db, order, input, lines, actor, now, via);
    if (!gateway) await complete(db, id, "", now);
    return id;
  });
  if (gateway) {
    let outcome: Awaited<ReturnType<typeof askGateway>>;
    try {
      outcome = await askGateway(gateway, ctx.db, order, refundId, input.amount);
    } catch {
      // No answer: the gateway may have refunded. The reservation stays for settlePendingRefunds to ask again with its key.
      throw refundErrors.gatewayFailed("it did not answer. The refund stays reserved and will be checked again.", true);
    }
    if (outcome.status === "failure") {
      await inTransaction(ctx.db, (db) => refunds.dropReservation(db, refundId));
      throw refundErrors.gatewayFailed(outcome.message);
    }
    await inTransaction(ctx.db, (db) => complete(db, refundId, outcome.refundId, now));
  }
  await mailShopper(ctx.db, refundId);
  return refundId;
}

/**
 * Settles gateway refunds reserved before `before` and never completed (a crash between the two
 * transactions, or a gateway that did not answer): asks the gateway again with the same key, which
 * never refunds twice, then completes the refund or gives its reservation back. For the sweep.
 */
export async function settlePendingRefunds(db: Db, before: Date): Promise<{ completed: number; dropped: number; waiting: number }> {
  const counts = { completed: 0, dropped: 0, waiting: 0 };
  for (const pending of await refunds.pendingRefunds(db, before.toISOString())) {
    const [refund, order] = await Promise.all([refunds.findRefund(db, pending.id), repo.findOrder(db, pending.order_id)]);
    if (!refund || !order) continue;
    const gateway = refund.method === "gateway" ? refundingGateway(order) : undefined;
    if (!gateway) {
      counts.waiting++;
      continue;
    }
    try {
      const outcome = await askGateway(gateway, db, order, refund.id, refund.amount);
      if (outcome.status === "failure") {
        if (await inTransaction(db, (tx) => refunds.dropReservation(tx, refund.id))) counts.dropped++;
      } else if (await inTransaction(db, (tx) => complete(tx, refund.id, outcome.refundId, new Date().toISOString()))) {
        counts.completed++;
        await mailShopper(db, refund.id);
      }
    } catch {
      counts.waiting++;
    }
  }
  return counts;
}

/** Sends the shopper `customer_refunded` and records its `email` event (skipped when switched off); nothing when no mailer is set or it failed. */
async function mailShopper(db: Db, refundId: number): Promise<void> {
  const refund = await refunds.findRefund(db, refundId);
  const order = refund ? await repo.findOrder(db, refund.order_id) : undefined;
  if (!refund || !order) return;
  const [items, lines, settings, refundedTotal] = await Promise.all([
    repo.orderItems(db, order.id),
    refunds.refundLines(db, [refundId]),
    getSettings(db),
    // Done refunds only: another refund's reservation is not money given back yet.
    refunds.refundedDone(db, order.id),
  ]);
  const sent = await sendRefundNotice(db, order.billing_email, settings, (siteUrl) => ({
    orderId: order.id,
    siteTitle: settings.siteTitle,
    currency: JSON.parse(order.totals) as CurrencyFields,
    amount: refund.amount,
    refundedTotal,
    orderTotal: order.total,
    reason: refund.reason,
    lines: lines.map((line) => ({
      name: items.find((item) => item.id === line.order_item_id)?.name ?? "",
      quantity: line.quantity,
      amount: line.amount,
    })),
    orderUrl: `${siteUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.order_key)}`,
  }));
  if (sent)
    await recordOrderEvent(
      db,
      order.id,
      { type: refund.actor_type, id: refund.actor_id, via: refund.via },
      { type: "email", email: "customer_refunded", to: sent.to, ...(sent.delivery ? {} : { skipped: "switched_off" as const }) },
      new Date().toISOString(),
    );
}

/** A refund as the owner API shows it. */
export interface RefundView {
  id: number;
  amount: number;
  reason: string;
  method: RefundMethod;
  restocked: boolean;
  gateway_refund_id: string;
  actor: { type: OrderActorType; id: number | null; email: string } | null;
  created_at: string;
  lines: { line_id: number; quantity: number; amount: number }[];
}

/** An order's recorded refunds, oldest first (reservations waiting for their gateway are not refunds yet). */
export async function orderRefunds(db: Db, orderId: number): Promise<RefundView[]> {
  const rows = await refunds.doneRefunds(db, orderId);
  const lines = await refunds.refundLines(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    method: row.method,
    restocked: row.restocked === 1,
    gateway_refund_id: row.gateway_refund_id,
    actor: row.actor_id === null ? null : { type: row.actor_type, id: row.actor_id, email: row.email ?? "" },
    created_at: row.created_at,
    lines: lines
      .filter((line) => line.refund_id === row.id)
      .map((line) => ({ line_id: line.order_item_id, quantity: line.quantity, amount: line.amount })),
  }));
}

export async function listRefunds(ctx: RequestContext, orderId: number): Promise<{ refunds: RefundView[] }> {
  if (!(await repo.findOrder(ctx.db, orderId))) throw refundErrors.notFound();
  return { refunds: await orderRefunds(ctx.db, orderId) };
}

/** What OrderReply adds for refunds: the refunds made, what may still be refunded, and how. */
export async function refundFacts(db: Db, order: repo.OrderRow) {
  return { refunds: await orderRefunds(db, order.id), refundable: refundableOf(order), refund_methods: refundMethods(order) };
}

/** A refund by id, as shown (the route's 201 reply). */
export async function refundView(db: Db, orderId: number, refundId: number): Promise<RefundView> {
  const view = (await orderRefunds(db, orderId)).find((refund) => refund.id === refundId);
  if (!view) throw new Error("a refund vanished as it was made");
  return view;
}
