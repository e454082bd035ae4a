/**
 * Sale schedules (issue 19, decision 0047): a product's or variation's sale price may hold only
 * from one instant and until another (ISO-8601 UTC text, as every time here). Null means open on
 * that side; a sale price without either holds always, as before.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").addColumn("sale_starts_at", "text").execute();
  await db.schema.alterTable("products").addColumn("sale_ends_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("sale_ends_at").execute();
  await db.schema.alterTable("products").dropColumn("sale_starts_at").execute();
}
