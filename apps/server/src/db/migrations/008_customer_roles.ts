/** A role per account: 'customer' for shoppers, 'owner' for the shop's owner (created from the environment or `npm run owner`). */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("customers")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("customer"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("customers").dropColumn("role").execute();
}
