/** Where each order came from (issue 7; decision 0014): one row per order that sent attribution data. */
import type { Kysely } from "kysely";

const TEXT_COLUMNS = [
  "source_type",
  "referrer",
  "utm_campaign",
  "utm_source",
  "utm_medium",
  "utm_content",
  "utm_id",
  "utm_term",
  "utm_source_platform",
  "utm_creative_format",
  "utm_marketing_tactic",
  "session_entry",
  "session_start_time",
  "user_agent",
  "device_type",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable("order_attribution")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("session_pages", "integer")
    .addColumn("session_count", "integer");
  for (const column of TEXT_COLUMNS) table = table.addColumn(column, "text");
  await table.execute();
  await db.schema.createIndex("order_attribution_source").on("order_attribution").columns(["source_type", "utm_source"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_attribution").ifExists().execute();
}
