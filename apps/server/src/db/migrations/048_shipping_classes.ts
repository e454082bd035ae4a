/**
 * Shipping classes (decision 0106): groups of products the owner prices shipping for apart (bulky,
 * fragile…), each with a name, a unique slug and a description. `products.shipping_class_id` gives a
 * product its class (null: none) and a variation its own (null: the same as its parent's). The flat
 * rates' cost per class lives in their settings (JSON), keyed by the class's id.
 * Deleting a class takes it off its products in the same transaction (the service does: no foreign key,
 * which SQLite could not drop with the column on the way down). The products' column moves the catalogue
 * revision through the products table's triggers, so cached carts price with it at once.
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("shipping_classes"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("products").addColumn("shipping_class_id", "integer").execute();
  await db.schema.createIndex("products_shipping_class").on("products").column("shipping_class_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("products_shipping_class").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("shipping_class_id").execute();
  await db.schema.dropTable("shipping_classes").ifExists().execute();
}
