/**
 * Stock alerts (decision 0099): a row per notice an order's stock move owes the owner (low in
 * stock, out of stock, on backorder), written in the transaction that moved the stock and sent
 * after its commit, so a rolled-back order leaves none and a crash between commit and send loses
 * none. `state` goes due → sent, skipped (the owner switched that notice off), lapsed (the stock was
 * back above the amount by then) or failed. The stock
 * report's listing and counts read products by tracked stock, status and quantity: one index each.
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("stock_alerts"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("kind", "text", notNull)
    .addColumn("order_id", "integer")
    .addColumn("stock", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("state", "text", (c) => c.notNull().defaultTo("due"))
    .addColumn("sent_to", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("stock_alerts_state").on("stock_alerts").columns(["state", "id"]).execute();
  await db.schema.createIndex("stock_alerts_product").on("stock_alerts").column("product_id").execute();
  await db.schema.createIndex("products_stock_report").on("products").columns(["manage_stock", "stock_status", "stock_quantity"]).execute();
  await db.schema.createIndex("products_stock_sorted").on("products").columns(["manage_stock", "stock_quantity"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("products_stock_sorted").ifExists().execute();
  await db.schema.dropIndex("products_stock_report").ifExists().execute();
  await db.schema.dropTable("stock_alerts").ifExists().execute();
}
