/**
 * The owner's order list and figures over many orders (issue 18, measured at 100,000): the sort
 * indexes carry the status, so a page deep in "all" (every status but the checkout's draft) is
 * found on the index alone instead of reading each skipped order; the figures' index carries what
 * was refunded, which sales now take off, so they too are read from the index alone.
 */
import type { Kysely } from "kysely";

const REPLACED: [string, string[], string[]][] = [
  ["orders_total", ["total", "id"], ["total", "id", "status"]],
  ["orders_created", ["created_at", "id"], ["created_at", "id", "status"]],
  ["owner_orders_status_created", ["status", "created_at", "total"], ["status", "created_at", "total", "total_refunded"]],
];

async function rebuild(db: Kysely<unknown>, name: string, columns: string[]): Promise<void> {
  await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex(name).on("orders").columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, , columns] of REPLACED) await rebuild(db, name, columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of REPLACED) await rebuild(db, name, columns);
}
