/** Small facts remembered per visitor (a guest session or, later, a customer), such as a dismissed banner. */
import type { Kysely } from "kysely";
import { notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visitor_meta")
    // 'session:{id}' for a guest, 'customer:{id}' for a signed-in shopper.
    .addColumn("owner", "text", notNull)
    .addColumn("key", "text", notNull)
    .addColumn("value", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addPrimaryKeyConstraint("visitor_meta_pk", ["owner", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visitor_meta").ifExists().execute();
}
