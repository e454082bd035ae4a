/**
 * API keys for integrations (decision 0098): each acts as one member of staff with a permission
 * (read, write, read_write); its public key id is looked up, its secret is kept only as a SHA-256
 * hash, with the secret's last characters for the console to show. A key goes with its staff
 * member's account. change_log gains `via`, naming the key an owner change was made with.
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("api_keys"))
    .addColumn("key_id", "text", (c) => c.notNull().unique())
    .addColumn("secret_hash", "text", notNull)
    .addColumn("truncated_key", "text", notNull)
    .addColumn("description", "text", notNull)
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("permission", "text", notNull)
    .addColumn("created_by", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("created_at", "text", notNull)
    .addColumn("last_access_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_customer").on("api_keys").column("customer_id").execute();
  await db.schema.alterTable("change_log").addColumn("via", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("change_log").dropColumn("via").execute();
  await db.schema.dropTable("api_keys").ifExists().execute();
}
