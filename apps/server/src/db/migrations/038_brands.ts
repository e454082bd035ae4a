/**
 * Brands (decision 0095): a second hierarchical product taxonomy shaped like categories (name, unique
 * slug, description, parent, the owner's order), and product_brands linking a product to any number of
 * them, as WooCommerce allows. Deleting a brand drops its links and moves its children to the top; the
 * catalogue's revision follows both tables, so cached listings and counts change with them.
 */
import type { Kysely } from "kysely";
import { addRevisionTrigger, dropRevisionTrigger, notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("brands"))
    .addColumn("parent_id", "integer", (c) => c.references("brands.id").onDelete("set null"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("product_brands")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references("brands.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_brands_pk", ["product_id", "brand_id"])
    .execute();
  await db.schema.createIndex("product_brands_brand").on("product_brands").column("brand_id").execute();
  await addRevisionTrigger(db, "catalogue", "brands");
  await addRevisionTrigger(db, "catalogue", "product_brands");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevisionTrigger(db, "product_brands");
  await dropRevisionTrigger(db, "brands");
  await db.schema.dropTable("product_brands").ifExists().execute();
  await db.schema.dropTable("brands").ifExists().execute();
}
