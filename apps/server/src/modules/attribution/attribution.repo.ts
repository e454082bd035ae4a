/** Attribution rows (one per order) and the report over orders by source. */
import type { Db } from "../../db/index.ts";
import { compiled } from "../../db/prepared.ts";
import type { OrderAttributionTable, OrderStatus } from "../../db/schema.ts";
import { rows, type Work } from "../../db/unit-of-work.ts";
import type { OrderAttributionValues } from "./values.ts";

export type OrderAttributionRow = OrderAttributionTable;

/** Writes an order's attribution, replacing what a retried attempt stored before; none clears it. */
export async function saveAttribution(db: Db, orderId: number, values: OrderAttributionValues | null): Promise<void> {
  await db.deleteFrom("order_attribution").where("order_id", "=", orderId).execute();
  if (values)
    await db
      .insertInto("order_attribution")
      .values({ ...values, order_id: orderId })
      .execute();
}

const attributionQuery = compiled((db, orderId: number) => db.selectFrom("order_attribution").selectAll().where("order_id", "=", orderId));

export async function findAttribution(db: Db, orderId: number): Promise<OrderAttributionRow | undefined> {
  return (await db.executeQuery(attributionQuery(db, orderId))).rows[0];
}

/** `findAttribution` as a step of a unit of work (db/unit-of-work.ts); the same query. */
export function* attributionOf(db: Db, orderId: number): Work<OrderAttributionRow | undefined> {
  return (yield* rows(attributionQuery(db, orderId)))[0];
}

export interface ReportRow {
  source_type: string | null;
  source: string | null;
  currency: string;
  orders: number;
  total: number;
}

/** Orders in the given statuses created in [from, to), counted and summed per source type, source and currency. */
export async function ordersBySource(db: Db, range: { from: string; to: string }, statuses: OrderStatus[]): Promise<ReportRow[]> {
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("order_attribution as a", "a.order_id", "o.id")
    .select(["a.source_type as source_type", "a.utm_source as source", "o.currency as currency"])
    .select((eb) => [eb.fn.countAll<number>().as("orders"), eb.fn.sum<number>("o.total").as("total")])
    .where("o.status", "in", statuses)
    .where("o.created_at", ">=", range.from)
    .where("o.created_at", "<", range.to)
    .groupBy(["a.source_type", "a.utm_source", "o.currency"])
    .execute();
  // PostgreSQL answers count and sum as bigint text.
  return rows.map((row) => ({ ...row, orders: Number(row.orders), total: Number(row.total) }));
}
