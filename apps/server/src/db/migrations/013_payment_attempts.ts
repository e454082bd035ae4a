/**
 * Payments that outlive a crash (issue 14, item 3; decision 0011): each order remembers the
 * idempotency key of the payment it asked for until the outcome is recorded, so a retried checkout
 * or the sweep can ask the gateway what became of it; the built-in online gateways (test card,
 * demo express) remember their charges by that key, as a real processor does on its side. A settled
 * order's e-mails are due until a process claims them, so a crash right after settling cannot lose them.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("payment_attempt", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("emails_due", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("gateway_charges")
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("gateway_charges_key", ["gateway", "idempotency_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_charges").ifExists().execute();
  await db.schema.alterTable("orders").dropColumn("emails_due").execute();
  await db.schema.alterTable("orders").dropColumn("payment_attempt").execute();
}
