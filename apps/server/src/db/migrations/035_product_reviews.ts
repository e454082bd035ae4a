/**
 * Product reviews (decision 0090): a shopper's review of a product, with its rating, its moderation
 * status and the shop's reply. The product's rating_x100 and review_count follow its approved rated
 * reviews, written by the reviews module in the same transaction as any change; those product writes
 * move the catalogue's revision, so the table itself needs no trigger (a pending review changes no page).
 */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("product_reviews"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("reviewer_name", "text", notNull)
    // Trimmed and lower-cased, as customers.email.
    .addColumn("reviewer_email", "text", notNull)
    // 1-5, null when the review has no rating (ratings off, or not required and not given).
    .addColumn("rating", "integer")
    .addColumn("content", "text", notNull)
    // pending | approved | spam | trash
    .addColumn("status", "text", notNull)
    // The status a trashed or spam review goes back to on restore.
    .addColumn("previous_status", "text")
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reply", "text")
    .addColumn("reply_at", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  // The product page's and the Store API's approved reviews, newest first; the aggregate's read.
  await db.schema.createIndex("product_reviews_product").on("product_reviews").columns(["product_id", "status", "created_at"]).execute();
  // The console's tabs, newest first.
  await db.schema.createIndex("product_reviews_status").on("product_reviews").columns(["status", "created_at"]).execute();
  // Duplicate checks: one person's reviews of one product.
  await db.schema.createIndex("product_reviews_reviewer").on("product_reviews").columns(["reviewer_email", "product_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_reviews").ifExists().execute();
}
