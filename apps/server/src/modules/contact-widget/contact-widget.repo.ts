/**
 * Widget rows ↔ ContactWidget (settings, triggers and channels as JSON, active as 0/1), the owner
 * change log, and the view and click counts (contact_widget_stats, one row per widget, channel,
 * UTC quarter hour and device; channel '' is the widget itself).
 */
import type { Channel, ContactWidget, WidgetSettings, WidgetTriggers } from "@cartwright/commerce/contact-widget";
import { type Selectable, sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import type { ContactWidgetsTable } from "../../db/schema.ts";

export type WidgetRow = Selectable<ContactWidgetsTable>;
export type WidgetDocument = Omit<ContactWidget, "id" | "created_at" | "updated_at">;

export function widgetFromRow(row: WidgetRow): ContactWidget {
  return {
    id: row.id,
    identifier: row.identifier,
    active: row.active === 1,
    allowed_origins: JSON.parse(row.allowed_origins) as string[],
    settings: JSON.parse(row.settings) as WidgetSettings,
    triggers: JSON.parse(row.triggers) as WidgetTriggers,
    channels: JSON.parse(row.channels) as Channel[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function rowValues(widget: WidgetDocument) {
  return {
    identifier: widget.identifier,
    active: widget.active ? 1 : 0,
    allowed_origins: JSON.stringify(widget.allowed_origins),
    settings: JSON.stringify(widget.settings),
    triggers: JSON.stringify(widget.triggers),
    channels: JSON.stringify(widget.channels),
  };
}

export async function findWidget(db: Db, id: number): Promise<ContactWidget | null> {
  const row = await db.selectFrom("contact_widgets").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? widgetFromRow(row) : null;
}

/** The widget locked for an update (PostgreSQL; SQLite serialises write transactions). */
export async function findWidgetForUpdate(db: Db, id: number): Promise<ContactWidget | null> {
  let query = db.selectFrom("contact_widgets").selectAll().where("id", "=", id);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? widgetFromRow(row) : null;
}

export async function listWidgetRows(db: Db, options: { activeOnly?: boolean } = {}): Promise<ContactWidget[]> {
  let query = db.selectFrom("contact_widgets").selectAll().orderBy("id");
  if (options.activeOnly) query = query.where("active", "=", 1);
  return (await query.execute()).map(widgetFromRow);
}

export async function insertWidget(db: Db, widget: WidgetDocument, now: string): Promise<ContactWidget> {
  const row = await db
    .insertInto("contact_widgets")
    .values({ ...rowValues(widget), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return widgetFromRow(row);
}

export async function saveWidget(db: Db, id: number, widget: WidgetDocument, now: string): Promise<ContactWidget> {
  const row = await db
    .updateTable("contact_widgets")
    .set({ ...rowValues(widget), updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return widgetFromRow(row);
}

export async function removeWidget(db: Db, id: number): Promise<void> {
  // Its stats rows go with it (foreign key, on delete cascade).
  await db.deleteFrom("contact_widgets").where("id", "=", id).execute();
}

export interface ChangeEntry {
  actorId: number;
  entityId: number;
  action: "create" | "update" | "delete";
  before: ContactWidget | null;
  after: ContactWidget | null;
  at: string;
  /** How the change came: "API key <description>" when made with a key (decision 0098). */
  via?: string | null;
}

export async function logChange(db: Db, entry: ChangeEntry): Promise<void> {
  await db
    .insertInto("change_log")
    .values({
      actor_id: entry.actorId,
      entity: "contact_widget",
      entity_id: String(entry.entityId),
      action: entry.action,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      created_at: entry.at,
      via: entry.via ?? null,
    })
    .execute();
}

export interface StatsHit {
  /** '' for the widget itself. */
  channel: string;
  views: number;
  clicks: number;
}

/** The UTC quarter hour an instant falls in, as contact_widget_stats keys it ("YYYY-MM-DDTHH:MM"): every zone's day starts on one. */
export function statsSlot(at: Date): string {
  return `${at.toISOString().slice(0, 14)}${String(at.getUTCMinutes() - (at.getUTCMinutes() % 15)).padStart(2, "0")}`;
}

/** Adds the hits of one report in one statement (one row per channel, each name once). */
export async function addStats(db: Db, widgetId: number, slot: string, device: "desktop" | "mobile", hits: StatsHit[]): Promise<void> {
  if (!hits.length) return;
  await db
    .insertInto("contact_widget_stats")
    .values(hits.map((hit) => ({ widget_id: widgetId, slot, device, channel: hit.channel, views: hit.views, clicks: hit.clicks })))
    .onConflict((conflict) =>
      conflict.columns(["widget_id", "slot", "channel", "device"]).doUpdateSet({
        views: sql<number>`contact_widget_stats.views + excluded.views`,
        clicks: sql<number>`contact_widget_stats.clicks + excluded.clicks`,
      }),
    )
    .execute();
}

/** Counts between two instants as stats slots (`statsSlot`): from `start` included to `end` excluded. */
export interface SlotRange {
  start: string;
  end: string;
}

export interface StatsTotal {
  widget_id: number;
  channel: string;
  device: "desktop" | "mobile";
  views: number;
  clicks: number;
}

/** The given widgets' counts in the range, summed per widget, channel and device; `channel` '' for the widgets' own counts only. */
export async function statsTotals(db: Db, widgetIds: number[], range: SlotRange, channel?: string): Promise<StatsTotal[]> {
  if (!widgetIds.length) return [];
  let query = db
    .selectFrom("contact_widget_stats")
    .select(["widget_id", "channel", "device"])
    .select((eb) => [eb.fn.sum<number>("views").as("views"), eb.fn.sum<number>("clicks").as("clicks")])
    .where("widget_id", "in", widgetIds)
    .where("slot", ">=", range.start)
    .where("slot", "<", range.end)
    .groupBy(["widget_id", "channel", "device"]);
  if (channel !== undefined) query = query.where("channel", "=", channel);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, views: Number(row.views), clicks: Number(row.clicks) }));
}

/** A widget's own counts (channel '') in the range, one row per slot that has any, in order: at most 96 a day. */
export async function widgetSlots(db: Db, widgetId: number, range: SlotRange): Promise<{ slot: string; views: number; clicks: number }[]> {
  const rows = await db
    .selectFrom("contact_widget_stats")
    .select("slot")
    .select((eb) => [eb.fn.sum<number>("views").as("views"), eb.fn.sum<number>("clicks").as("clicks")])
    .where("widget_id", "=", widgetId)
    .where("channel", "=", "")
    .where("slot", ">=", range.start)
    .where("slot", "<", range.end)
    .groupBy("slot")
    .orderBy("slot")
    .execute();
  return rows.map((row) => ({ slot: row.slot, views: Number(row.views), clicks: Number(row.clicks) }));
}
