/**
 * The carts' customer index covers signed-in customers' carts only. Every new visitor's first
 * cart write inserts a guest cart (no customer), and each index entry is one more page written to
 * the WAL at COMMIT and again at the checkpoint; the index only ever answers `customer_id = ?`
 * (a customer's saved cart on sign-in), which a guest cart never matches (decision 0070).
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("carts_customer").ifExists().execute();
  await db.schema.createIndex("carts_customer").on("carts").column("customer_id").where(sql.ref("customer_id"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("carts_customer").ifExists().execute();
  await db.schema.createIndex("carts_customer").on("carts").column("customer_id").execute();
}
