/**
 * Indexes for the owner's customers and figures (issue 18): paid orders per account and per day,
 * and a guest's orders by e-mail in any case. Named owner_* so no other migration's index clashes.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Accounts' order count, spend and last order: read from the index alone, grouped by account.
  await db.schema
    .createIndex("owner_orders_customer_status")
    .on("orders")
    .columns(["customer_id", "status", "created_at", "total"])
    .execute();
  // The figures: paid (or any) orders of a status over a range of days.
  await db.schema.createIndex("owner_orders_status_created").on("orders").columns(["status", "created_at", "total"]).execute();
  // A guest is their billing e-mail, written as the shopper typed it.
  await db.schema.createIndex("owner_orders_guest_email").on("orders").expression(sql`lower(billing_email)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["owner_orders_guest_email", "owner_orders_status_created", "owner_orders_customer_status"])
    await db.schema.dropIndex(index).ifExists().execute();
}
