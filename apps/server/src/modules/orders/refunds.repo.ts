/**
 * Refund rows (decision 0031). What was refunded moves only by conditional updates: the order's
 * `total_refunded` and each line's units and money never pass what was paid, however many refunds
 * race; a reservation that the gateway refuses is given back by the same updates in reverse.
 */
import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { OrderActorType } from "../../db/schema.ts";

export interface RefundLineInput {
  line_id: number;
  quantity: number;
  amount: number;
}

/** Adds `amount` to what the order was refunded if that stays within its total. False: nothing changed. */
export async function reserveOrderAmount(db: Db, orderId: number, amount: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ total_refunded: sql`total_refunded + ${amount}`, updated_at: now })
    .where("id", "=", orderId)
    .where(sql<boolean>`total_refunded + ${amount} <= total`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds units and money to a line's refunded counts if they stay within its quantity and what it was paid (tax included). */
export async function reserveLine(db: Db, orderId: number, line: RefundLineInput): Promise<boolean> {
  const result = await db
    .updateTable("order_items")
    .set({
      refunded_quantity: sql`refunded_quantity + ${line.quantity}`,
      refunded_total: sql`refunded_total + ${line.amount}`,
    })
    .where("id", "=", line.line_id)
    .where("order_id", "=", orderId)
    .where(sql<boolean>`refunded_quantity + ${line.quantity} <= quantity`)
    .where(sql<boolean>`refunded_total + ${line.amount} <= total + total_tax`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRefund(
  db: Db,
  refund: {
    order_id: number;
    amount: number;
    reason: string;
    method: "gateway" | "manual";
    restocked: boolean;
    actor: { type: OrderActorType; id: number };
    created_at: string;
    /** The API key it was asked with (decision 0098), kept for the sweep that may complete it. */
    via: string | null;
  },
  lines: RefundLineInput[],
): Promise<number> {
  const row = await db
    .insertInto("order_refunds")
    .values({
      order_id: refund.order_id,
      amount: refund.amount,
      reason: refund.reason,
      method: refund.method,
      restocked: refund.restocked ? 1 : 0,
      gateway_refund_id: "",
      actor_id: refund.actor.id,
      actor_type: refund.actor.type,
      status: "pending",
      created_at: refund.created_at,
      via: refund.via,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (lines.length)
    await db
      .insertInto("order_refund_items")
      .values(lines.map((line) => ({ refund_id: id, order_item_id: line.line_id, quantity: line.quantity, amount: line.amount })))
      .execute();
  return id;
}

export type StoredRefund = Awaited<ReturnType<typeof findRefund>> & {};

export async function findRefund(db: Db, id: number) {
  return db.selectFrom("order_refunds").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function refundLines(db: Db, refundIds: number[]) {
  if (!refundIds.length) return [];
  return db
    .selectFrom("order_refund_items")
    .select(["refund_id", "order_item_id", "quantity", "amount"])
    .where("refund_id", "in", refundIds)
    .orderBy("refund_id")
    .orderBy("order_item_id")
    .execute();
}

/** An order's recorded refunds (reservations still waiting for their gateway left out), oldest first, with the staff's e-mail. */
export async function doneRefunds(db: Db, orderId: number) {
  return db
    .selectFrom("order_refunds as r")
    .leftJoin("customers as c", "c.id", "r.actor_id")
    .select([
      "r.id",
      "r.amount",
      "r.reason",
      "r.method",
      "r.restocked",
      "r.gateway_refund_id",
      "r.actor_id",
      "r.actor_type",
      "r.created_at",
      "c.email",
    ])
    .where("r.order_id", "=", orderId)
    .where("r.status", "=", "done")
    .orderBy("r.id")
    .execute();
}

/** Marks a reservation refunded; false when it is no longer pending (another call settled it). */
export async function markRefundDone(db: Db, id: number, gatewayRefundId: string, restocked: boolean): Promise<boolean> {
  const result = await db
    .updateTable("order_refunds")
    .set({ status: "done", gateway_refund_id: gatewayRefundId, restocked: restocked ? 1 : 0 })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a pending reservation back: its row goes, and the order's and lines' counts drop by what it reserved. False if not pending. */
export async function dropReservation(db: Db, id: number): Promise<boolean> {
  const refund = await findRefund(db, id);
  if (!refund) return false;
  // The order's row first, as reserving and completing take it: racing transactions wait instead of deadlocking.
  await db.updateTable("orders").set({ total_refunded: sql`total_refunded` }).where("id", "=", refund.order_id).execute();
  const deleted = await db.deleteFrom("order_refunds").where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  for (const line of await refundLines(db, [id]))
    await db
      .updateTable("order_items")
      .set({
        refunded_quantity: sql`refunded_quantity - ${line.quantity}`,
        refunded_total: sql`refunded_total - ${line.amount}`,
      })
      .where("id", "=", line.order_item_id)
      .execute();
  await db.deleteFrom("order_refund_items").where("refund_id", "=", id).execute();
  await db
    .updateTable("orders")
    .set({ total_refunded: sql`total_refunded - ${refund.amount}` })
    .where("id", "=", refund.order_id)
    .execute();
  return true;
}

/** Minor units of an order's refunds that are done (not merely reserved). */
export async function refundedDone(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom("order_refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("amount"), sql<number>`0`).as("sum"))
    .where("order_id", "=", orderId)
    .where("status", "=", "done")
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** Counts units of a line put back on the shelf by a refund. */
export async function addRestocked(db: Db, lineId: number, quantity: number): Promise<void> {
  await db
    .updateTable("order_items")
    .set({ restocked_quantity: sql`restocked_quantity + ${quantity}` })
    .where("id", "=", lineId)
    .execute();
}

/** Gateway refunds reserved before the given time and never settled (the process died between its transactions). */
export async function pendingRefunds(db: Db, before: string) {
  return db
    .selectFrom("order_refunds")
    .select(["id", "order_id"])
    .where("status", "=", "pending")
    .where("created_at", "<", before)
    .orderBy("id")
    .execute();
}
