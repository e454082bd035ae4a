/** Carts and what prices them: coupons, tax rates, shipping zones and methods. */
import { type Kysely, sql } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("carts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer")
    .addColumn("billing_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("shipping_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("selected_rates", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("extensions", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("has_calculated_shipping", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .execute();
  await db.schema.createIndex("carts_expires").on("carts").column("expires_at").execute();
  await db.schema.createIndex("carts_customer").on("carts").column("customer_id").execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("key", "text", notNull)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variation_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addColumn("variation", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("item_data", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("price_when_added", "integer")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("added_at", "text", notNull)
    .addPrimaryKeyConstraint("cart_items_pk", ["cart_id", "key"])
    .addCheckConstraint("cart_items_quantity_positive", sql`quantity > 0`)
    .execute();

  await db.schema
    .createTable("cart_coupons")
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("code", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addPrimaryKeyConstraint("cart_coupons_pk", ["cart_id", "code"])
    .execute();

  await withId(db, db.schema.createTable("coupons"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", notNull)
    .addColumn("amount", "integer", notNull)
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("free_shipping", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("individual_use", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("exclude_sale_items", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("product_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("excluded_product_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("category_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("excluded_category_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("minimum_spend", "integer")
    .addColumn("maximum_spend", "integer")
    .addColumn("expires_at", "text")
    .addColumn("usage_limit", "integer")
    .addColumn("usage_limit_per_user", "integer")
    .addColumn("limit_usage_to_x_items", "integer")
    .addColumn("allowed_emails", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("usage_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addCheckConstraint("coupons_usage_not_negative", sql`usage_count >= 0`)
    .execute();

  await withId(db, db.schema.createTable("tax_rates"))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("postcodes", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("rate", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("compound", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shipping", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("tax_class", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("shipping_zones"))
    .addColumn("name", "text", notNull)
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("shipping_zone_locations")
    .addColumn("zone_id", "integer", (c) => c.notNull().references("shipping_zones.id").onDelete("cascade"))
    .addColumn("type", "text", notNull)
    .addColumn("code", "text", notNull)
    .addPrimaryKeyConstraint("shipping_zone_locations_pk", ["zone_id", "type", "code"])
    .execute();

  await withId(db, db.schema.createTable("shipping_methods"))
    .addColumn("zone_id", "integer", (c) => c.references("shipping_zones.id").onDelete("cascade"))
    .addColumn("method_id", "text", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("settings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "shipping_methods",
    "shipping_zone_locations",
    "shipping_zones",
    "tax_rates",
    "coupons",
    "cart_coupons",
    "cart_items",
    "carts",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
