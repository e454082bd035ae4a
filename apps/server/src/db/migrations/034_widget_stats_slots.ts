/**
 * The widget's view and click counts per UTC quarter hour (`slot`, "YYYY-MM-DDTHH:MM") instead of
 * per UTC day, so that the owner's report can sum them into the shop's days in any zone, the
 * half- and quarter-hour ones included (decision 0086, amended). A day counted before is kept as
 * its UTC noon: that instant falls on the same calendar day in every zone from -11:59 to +11:59.
 */
import { type Kysely, sql } from "kysely";
import { notNull } from "./helpers.ts";

/** Rebuilds contact_widget_stats with `column` as its time key, its rows copied by `copy` (an INSERT … SELECT from the old table). */
async function rebuild(db: Kysely<unknown>, column: "slot" | "day", copy: string) {
  await db.schema
    .createTable("contact_widget_stats_next")
    .addColumn("widget_id", "integer", (c) => c.notNull().references("contact_widgets.id").onDelete("cascade"))
    .addColumn("channel", "text", notNull)
    .addColumn(column, "text", notNull)
    .addColumn("device", "text", notNull)
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`contact_widget_stats_${column}_pk`, ["widget_id", column, "channel", "device"])
    .execute();
  await sql.raw(copy).execute(db);
  await db.schema.dropTable("contact_widget_stats").execute();
  await db.schema.alterTable("contact_widget_stats_next").renameTo("contact_widget_stats").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(
    db,
    "slot",
    `insert into contact_widget_stats_next (widget_id, channel, slot, device, views, clicks)
     select widget_id, channel, day || 'T12:00', device, views, clicks from contact_widget_stats`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(
    db,
    "day",
    `insert into contact_widget_stats_next (widget_id, channel, day, device, views, clicks)
     select widget_id, channel, substr(slot, 1, 10), device, sum(views), sum(clicks) from contact_widget_stats
     group by widget_id, channel, substr(slot, 1, 10), device`,
  );
}
