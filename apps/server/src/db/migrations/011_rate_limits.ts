/**
 * Rate-limit counters (decision 0016), kept in the database so every process sees the same ones.
 * One row per limit and subject holds the GCRA's theoretical arrival time as epoch milliseconds:
 * an integer lets one upsert do the arithmetic the same way in both dialects. A row whose time has
 * passed means the same as no row, so expired rows are deleted through the index on it.
 */
import type { Kysely } from "kysely";
import { isPostgres, notNull } from "./helpers.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("name", "text", notNull)
    .addColumn("subject", "text", notNull)
    .addColumn("until_ms", isPostgres(db) ? "bigint" : "integer", notNull)
    // 1 when the last hit was refused; set by the same upsert, which is how the caller learns it.
    .addColumn("refused", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rate_limits_pk", ["name", "subject"])
    .execute();
  await db.schema.createIndex("rate_limits_until").on("rate_limits").column("until_ms").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
