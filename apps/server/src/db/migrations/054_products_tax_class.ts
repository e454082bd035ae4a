/**
 * Products by tax class (decision 0173's second amendment): a tax class's rename answers how many products and
 * variations are in it, as its read does, counted on this index rather than by reading every product.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("products_tax_class").on("products").column("tax_class").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("products_tax_class").ifExists().execute();
}
