/**
 * Staff invitations (issue 18, decision 0032): the owner invites a manager by e-mail; the link's
 * token is stored only as its hash, expires after 7 days and works once. Managers themselves are
 * customers.role = 'manager' (the column is free text since migration 008: no change needed).
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("staff_invites"))
    .addColumn("email", "text", notNull)
    .addColumn("role", "text", notNull)
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("accepted_at", "text")
    .execute();
  await db.schema.createIndex("staff_invites_email").on("staff_invites").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_invites").ifExists().execute();
}
