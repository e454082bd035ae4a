/** Cart lines and coupons are always read in their cart's order: indexes serve it without a sort. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("cart_items_in_order").on("cart_items").columns(["cart_id", "position", "added_at"]).execute();
  await db.schema.createIndex("cart_coupons_in_order").on("cart_coupons").columns(["cart_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("cart_coupons_in_order").ifExists().execute();
  await db.schema.dropIndex("cart_items_in_order").ifExists().execute();
}
