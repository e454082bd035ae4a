/**
 * Login sessions (decision 0017): one row per sign-in, named by a random id inside the signed-in
 * token, so that signing out, a password change or "sign out everywhere" can end it on every process.
 */
import type { Kysely } from "kysely";
import { notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("customer_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("created_at", "text", notNull)
    // Moved at most hourly while the session is used; the sweep deletes rows no token can still name.
    .addColumn("last_used_at", "text", notNull)
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("customer_sessions_customer").on("customer_sessions").column("customer_id").execute();
  await db.schema.createIndex("customer_sessions_last_used").on("customer_sessions").column("last_used_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customer_sessions").ifExists().execute();
}
