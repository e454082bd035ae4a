/**
 * Tax classes and product tax status (issue 19, decision 0044). The standard class is '' and
 * always there, so it has no row; "Reduced rate" and "Zero rate" are present by default.
 * Products are taxable in the standard class, as they were priced before; variations take
 * their parent's class ('parent'). Pricing reads the classes' order (the shipping tax class
 * based on the items), so the `pricing` revision follows the table.
 */
import type { Kysely } from "kysely";
import { addRevisionTrigger, dropRevisionTrigger } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tax_classes")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("tax_classes" as never)
    .values([
      { slug: "reduced-rate", name: "Reduced rate", sort_order: 1 },
      { slug: "zero-rate", name: "Zero rate", sort_order: 2 },
    ] as never)
    .execute();
  await addRevisionTrigger(db, "pricing", "tax_classes");
  await db.schema
    .alterTable("products")
    .addColumn("tax_status", "text", (c) => c.notNull().defaultTo("taxable"))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("tax_class", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db
    .updateTable("products" as never)
    .set({ tax_class: "parent" } as never)
    .where("type" as never, "=", "variation" as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("tax_class").execute();
  await db.schema.alterTable("products").dropColumn("tax_status").execute();
  await dropRevisionTrigger(db, "tax_classes");
  await db.schema.dropTable("tax_classes").execute();
}
