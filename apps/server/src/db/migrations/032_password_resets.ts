/**
 * Password resets a shopper asked for by e-mail (`POST /account/lost-password`): the link's token is
 * stored only as its hash, works for an hour and once; an account keeps one waiting reset at most.
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("password_resets"))
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_customer").on("password_resets").column("customer_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_resets").ifExists().execute();
}
