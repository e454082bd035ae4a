/** Saved payment methods: a gateway's token with what a shopper needs to recognise the card, never the card. */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("payment_tokens"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("gateway", "text", notNull)
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("cc"))
    .addColumn("brand", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last4", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("expiry_month", "integer")
    .addColumn("expiry_year", "integer")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("payment_tokens_customer").on("payment_tokens").columns(["customer_id", "gateway"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_tokens").ifExists().execute();
}
