/** Orders, their lines and coupons, coupon usage per shopper, and stock held by draft orders. */
import { type Kysely, sql } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("orders"))
    // The cart it came from: a repeated place-order call finds its order through it.
    .addColumn("cart_id", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("order_key", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "integer")
    .addColumn("billing_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("billing_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("shipping_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("customer_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_method_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_details", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("transaction_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("currency", "text", notNull)
    // Money in minor units; the whole priced cart is kept too, to show the order as it was sold.
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_tax", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_shipping", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totals", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("shipping_lines", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("fee_lines", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("additional_fields", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("extensions", "text", (c) => c.notNull().defaultTo("{}"))
    // 1 while the order holds stock taken from the shelves (returned if it is cancelled or fails).
    .addColumn("stock_taken", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addColumn("paid_at", "text")
    .execute();
  await db.schema.createIndex("orders_cart").on("orders").columns(["cart_id", "status"]).execute();
  await db.schema.createIndex("orders_customer").on("orders").columns(["customer_id", "created_at"]).execute();

  await withId(db, db.schema.createTable("order_items"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", notNull)
    .addColumn("variation_id", "integer")
    .addColumn("name", "text", notNull)
    .addColumn("sku", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", notNull)
    .addColumn("variation", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("subtotal", "integer", notNull)
    .addColumn("subtotal_tax", "integer", notNull)
    .addColumn("total", "integer", notNull)
    .addColumn("total_tax", "integer", notNull)
    .addColumn("position", "integer", notNull)
    .addCheckConstraint("order_items_quantity_positive", sql`quantity > 0`)
    .execute();
  await db.schema.createIndex("order_items_order").on("order_items").column("order_id").execute();

  await db.schema
    .createTable("order_coupons")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("coupon_id", "integer", notNull)
    .addColumn("code", "text", notNull)
    .addColumn("discount", "integer", notNull)
    .addColumn("discount_tax", "integer", notNull)
    // 1 once the coupon's usage count has been raised for this order.
    .addColumn("usage_counted", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("order_coupons_pk", ["order_id", "code"])
    .execute();

  // Draft orders hold the stock of their lines for a while, so a shopper at checkout is not outbid.
  await db.schema
    .createTable("stock_holds")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", notNull)
    .addColumn("quantity", "integer", notNull)
    .addColumn("expires_at", "text", notNull)
    .addPrimaryKeyConstraint("stock_holds_pk", ["order_id", "product_id"])
    .execute();
  await db.schema.createIndex("stock_holds_product").on("stock_holds").columns(["product_id", "expires_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["stock_holds", "order_coupons", "order_items", "orders"]) await db.schema.dropTable(table).ifExists().execute();
}
