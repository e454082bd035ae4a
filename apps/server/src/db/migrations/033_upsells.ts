/**
 * Upsells: products offered on a product's page in its place ("You may also like…"), in the owner's
 * order, as cross-sells are offered in the cart. The catalogue's revision follows the table, so a
 * product page's cached upsells change with it.
 */
import type { Kysely } from "kysely";
import { addRevisionTrigger, dropRevisionTrigger } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upsells")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("upsell_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("upsells_pk", ["product_id", "upsell_id"])
    .execute();
  await addRevisionTrigger(db, "catalogue", "upsells");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevisionTrigger(db, "upsells");
  await db.schema.dropTable("upsells").ifExists().execute();
}
