/**
 * Drafts (issue 19, decision 0043): a product the owner is still writing is kept out of the
 * shop until published. Every product already stored is published, as it is shown today.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("publish"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("status").execute();
}
