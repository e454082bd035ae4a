/** Shoppers' accounts: e-mail (unique, lower-cased), scrypt password hash, names and saved addresses. */
import type { Kysely } from "kysely";
import { notNull, withId } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("customers"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    // 'scrypt$N$r$p$salt$hash' (modules/customers/password.ts).
    .addColumn("password_hash", "text", notNull)
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("billing_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("shipping_address", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customers").ifExists().execute();
}
