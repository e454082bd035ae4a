/**
 * Refunds through a gateway (issue 18, decision 0031): a refund is reserved (status 'pending') in one
 * transaction before the gateway is called and completed in another, so a crash between them leaves a
 * reservation a sweep settles by asking the gateway again with the same idempotency key. The built-in
 * gateways keep their side in `gateway_refunds`, and each charge its refunded sum, so that a refund
 * never exceeds the charge there either. Lines count the units put back on the shelf.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("order_refunds")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("done"))
    .execute();
  await db.schema
    .alterTable("order_refunds")
    .addColumn("actor_type", "text", (c) => c.notNull().defaultTo("owner"))
    .execute();
  await db.schema.createIndex("order_refunds_status").on("order_refunds").columns(["status", "created_at"]).execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("restocked_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("gateway_charges")
    .addColumn("refunded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("gateway_refunds")
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("charge_key", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("gateway_refunds_key", ["gateway", "idempotency_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_refunds").ifExists().execute();
  await db.schema.alterTable("gateway_charges").dropColumn("refunded").execute();
  await db.schema.alterTable("order_items").dropColumn("restocked_quantity").execute();
  await db.schema.dropIndex("order_refunds_status").ifExists().execute();
  await db.schema.alterTable("order_refunds").dropColumn("actor_type").execute();
  await db.schema.alterTable("order_refunds").dropColumn("status").execute();
}
