/**
 * Forms saved to finish later (a form's `saveProgress.email`, decision 0030): the values typed so
 * far under the SHA-256 of a random resume key (the key itself is only in the visitor's e-mail),
 * deleted when the entry is sent or when it expires.
 */
import type { Kysely } from "kysely";
import { notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("form_drafts")
    .addColumn("key_hash", "text", (c) => c.primaryKey())
    .addColumn("form_id", "integer", (c) => c.notNull().references("forms.id").onDelete("cascade"))
    // JSON FormValues, without files, passwords, card numbers or signatures.
    .addColumn("values", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .execute();
  await db.schema.createIndex("form_drafts_expires").on("form_drafts").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("form_drafts").ifExists().execute();
}
