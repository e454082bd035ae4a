/** The catalogue: products and variations, media, taxonomies, attributes, cross-sells; site settings. */
import { type Kysely, sql } from "kysely";
import { binaryType, notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("products"))
    .addColumn("parent_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("type", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("sku", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("regular_price", "integer")
    .addColumn("sale_price", "integer")
    .addColumn("manage_stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stock_quantity", "integer")
    .addColumn("stock_status", "text", (c) => c.notNull().defaultTo("instock"))
    .addColumn("backorders", "text", (c) => c.notNull().defaultTo("no"))
    .addColumn("low_stock_amount", "integer")
    .addColumn("quantity_min", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("quantity_max", "integer")
    .addColumn("quantity_step", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sold_individually", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("catalog_visibility", "text", (c) => c.notNull().defaultTo("visible"))
    .addColumn("virtual", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("weight_grams", "integer")
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_sales", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_x100", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addCheckConstraint("products_price_not_negative", sql`regular_price is null or regular_price >= 0`)
    .addCheckConstraint("products_sale_not_negative", sql`sale_price is null or sale_price >= 0`)
    .execute();
  await db.schema.createIndex("products_parent").on("products").column("parent_id").execute();
  await db.schema.createIndex("products_listing").on("products").columns(["parent_id", "catalog_visibility"]).execute();

  await withId(db, db.schema.createTable("media"))
    .addColumn("filename", "text", notNull)
    .addColumn("content_type", "text", notNull)
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bytes", binaryType(db), notNull)
    .addColumn("created_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("media_id", "integer", (c) => c.notNull().references("media.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_images_pk", ["product_id", "media_id"])
    .execute();

  await withId(db, db.schema.createTable("categories"))
    .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("product_categories")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_categories_pk", ["product_id", "category_id"])
    .execute();
  await db.schema.createIndex("product_categories_category").on("product_categories").column("category_id").execute();

  await withId(db, db.schema.createTable("tags"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("product_tags")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_tags_pk", ["product_id", "tag_id"])
    .execute();
  await db.schema.createIndex("product_tags_tag").on("product_tags").column("tag_id").execute();

  await withId(db, db.schema.createTable("attributes"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable("attribute_terms"))
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("menu_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("attribute_terms_slug", ["attribute_id", "slug"])
    .execute();

  await db.schema
    .createTable("product_attributes")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("used_for_variations", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_attributes_pk", ["product_id", "attribute_id"])
    .execute();

  await db.schema
    .createTable("product_attribute_terms")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("term_id", "integer", (c) => c.notNull().references("attribute_terms.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_attribute_terms_pk", ["product_id", "term_id"])
    .execute();

  await db.schema
    .createTable("variation_attributes")
    .addColumn("variation_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("attribute_id", "integer", (c) => c.notNull().references("attributes.id").onDelete("cascade"))
    .addColumn("term_id", "integer", (c) => c.notNull().references("attribute_terms.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("variation_attributes_pk", ["variation_id", "attribute_id"])
    .execute();

  await db.schema
    .createTable("cross_sells")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("cross_sell_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("cross_sells_pk", ["product_id", "cross_sell_id"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "settings",
    "cross_sells",
    "variation_attributes",
    "product_attribute_terms",
    "product_attributes",
    "attribute_terms",
    "attributes",
    "product_tags",
    "tags",
    "product_categories",
    "categories",
    "product_images",
    "media",
    "products",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
