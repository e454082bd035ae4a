/**
 * Downloadable products (decision 0094): a product or variation may be downloadable, with files
 * kept in the database like media and form uploads (every server process serves the same bytes),
 * a download limit and an expiry in days (null: unlimited, never). A paid order grants one
 * permission per line and file, reached by a random key; each download is logged with the
 * client's address shortened (decision 0094: the last part of it is never stored).
 */
import type { Kysely } from "kysely";
import { binaryType, notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("downloadable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("products").addColumn("download_limit", "integer").execute();
  await db.schema.alterTable("products").addColumn("download_expiry_days", "integer").execute();

  await withId(db, db.schema.createTable("download_files"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("name", "text", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("file_name", "text", notNull)
    .addColumn("content_type", "text", notNull)
    .addColumn("size", "integer", notNull)
    .addColumn("data", binaryType(db), notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("download_files_product").on("download_files").columns(["product_id", "position"]).execute();

  await withId(db, db.schema.createTable("download_permissions"))
    .addColumn("download_key", "text", notNull)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    // Removing a file removes its permissions (cascade): the bytes are gone.
    .addColumn("file_id", "integer", (c) => c.notNull().references("download_files.id").onDelete("cascade"))
    .addColumn("product_id", "integer", notNull)
    .addColumn("customer_id", "integer")
    .addColumn("email", "text", notNull)
    .addColumn("downloads_remaining", "integer")
    .addColumn("access_expires", "text")
    .addColumn("download_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("granted_at", "text", notNull)
    .execute();
  await db.schema.createIndex("download_permissions_key").unique().on("download_permissions").column("download_key").execute();
  // One permission per line and file: granting twice changes nothing.
  await db.schema
    .createIndex("download_permissions_line_file")
    .unique()
    .on("download_permissions")
    .columns(["order_item_id", "file_id"])
    .execute();
  await db.schema.createIndex("download_permissions_order").on("download_permissions").column("order_id").execute();
  await db.schema.createIndex("download_permissions_customer").on("download_permissions").column("customer_id").execute();
  await db.schema.createIndex("download_permissions_file").on("download_permissions").column("file_id").execute();

  await withId(db, db.schema.createTable("download_log"))
    .addColumn("permission_id", "integer", (c) => c.notNull().references("download_permissions.id").onDelete("cascade"))
    .addColumn("at", "text", notNull)
    .addColumn("ip", "text", notNull)
    .execute();
  await db.schema.createIndex("download_log_permission").on("download_log").column("permission_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["download_log", "download_permissions", "download_files"]) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable("products").dropColumn("download_expiry_days").execute();
  await db.schema.alterTable("products").dropColumn("download_limit").execute();
  await db.schema.alterTable("products").dropColumn("downloadable").execute();
}
