/**
 * The owner's order list (issue 18): pages in date or total order, within a status tab or across
 * all, and the tab counts grouped on the status index; payment attempts found by their order.
 */
import type { Kysely } from "kysely";

const ORDER_INDEXES: [string, string[]][] = [
  ["orders_status_created", ["status", "created_at", "id"]],
  ["orders_created", ["created_at", "id"]],
  ["orders_status_total", ["status", "total", "id"]],
  ["orders_total", ["total", "id"]],
  // The payment method filter's count, answered from the index alone.
  ["orders_payment_method", ["payment_method", "status", "created_at"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of ORDER_INDEXES) await db.schema.createIndex(name).on("orders").columns(columns).execute();
  await db.schema.createIndex("gateway_charges_order").on("gateway_charges").columns(["order_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gateway_charges_order").ifExists().execute();
  for (const [name] of ORDER_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
