/**
 * The owner's widgets (DESIGN.md §9): list, read, create, replace, patch, delete and the analytics.
 * Input is checked whole (validation.ts) before anything is written; each write and its
 * change_log row (who, what, before and after) share one transaction. The widget_token the nonce
 * is signed over is made here and never taken from a request.
 */
import { randomBytes } from "node:crypto";
import {
  type Channel,
  type ChannelKey,
  type ContactWidget,
  defaultAgent,
  defaultChannel,
  defaultContactField,
  defaultWidget,
} from "@cartwright/commerce/contact-widget";
import { addDays, dayIn, dayStart } from "@cartwright/commerce/time-zone";
import type { Static } from "typebox";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { checkVersion, editVersion, staleEdit } from "../../http/edit-version.ts";
import { StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import * as repo from "./contact-widget.repo.ts";
import type { AnalyticsReply, WidgetInput, WidgetSummary } from "./contact-widget.schemas.ts";
import { documentErrors, invalidWidget, schemaErrors } from "./validation.ts";

export type WidgetInputBody = Static<typeof WidgetInput>;
export type WidgetSummaryReply = Static<typeof WidgetSummary>;
export type WidgetAnalytics = Static<typeof AnalyticsReply>;

export const widgetNotFound = () => new StoreError("cw_rest_widget_not_found", "No widget has this id.", 404);
export const widgetChanged = (current: string) => staleEdit("cw_rest_widget_changed", "widget", current);

/** A widget as the owner API answers it: with the version a save sends back (decision 0158). */
export type OwnerWidget = ContactWidget & { version: string };

/**
 * The fingerprint of what the owner edits; its views and clicks live in contact_widget_stats and
 * its token never changes, so neither a visit nor a click makes an open editor stale.
 */
function widgetVersion(widget: ContactWidget): string {
  const { identifier, active, allowed_origins, settings, triggers, channels } = widget;
  return editVersion({ identifier, active, allowed_origins, settings, triggers, channels });
}

const withVersion = (widget: ContactWidget): OwnerWidget => ({ ...widget, version: widgetVersion(widget) });

const newWidgetToken = () => randomBytes(18).toString("base64url");
const nowOf = (ctx: Pick<RequestContext, "now">) => (ctx.now ?? new Date()).toISOString();

function actorOf(ctx: RequestContext): number {
  if (!ctx.owner) throw new Error("Owner services need ctx.owner (the owner API's requireOwner hook sets it).");
  return ctx.owner.id;
}

/**
 * A channel as sent, filled from its service's defaults (form settings key by key, each agent and
 * form field from its own defaults); a missing name becomes a free one.
 */
function fillChannel(given: Partial<Channel> & { channel_type: ChannelKey }, taken: string[]): Channel {
  const base = defaultChannel(given.channel_type, taken);
  return {
    ...base,
    ...given,
    channel: given.channel ?? base.channel,
    contact_form_settings: { ...base.contact_form_settings, ...given.contact_form_settings },
    agent_data: given.agent_data ? given.agent_data.map((agent) => ({ ...defaultAgent(), ...agent })) : base.agent_data,
    contact_fields: given.contact_fields
      ? given.contact_fields.map((field) => defaultContactField(field.field, field.type, field.title, field))
      : base.contact_fields,
  };
}

/**
 * The document a request makes of `base`: top-level fields replaced, settings and triggers
 * merged key by key, channels replaced as a list (each filled from its service's defaults).
 */
function mergeInput(base: repo.WidgetDocument, input: WidgetInputBody): repo.WidgetDocument {
  const { widget_token: _ignored, ...settings } = (input.settings ?? {}) as Record<string, unknown>;
  let channels = base.channels;
  if (input.channels) {
    const given = input.channels as (Partial<Channel> & { channel_type: ChannelKey })[];
    const taken = given.flatMap((channel) => (channel.channel === undefined ? [] : [channel.channel]));
    channels = [];
    for (const sent of given) {
      const channel = fillChannel(sent, taken);
      taken.push(channel.channel);
      channels.push(channel);
    }
  }
  return {
    identifier: input.identifier ?? base.identifier,
    active: input.active ?? base.active,
    allowed_origins: input.allowed_origins ?? base.allowed_origins,
    settings: { ...base.settings, ...settings, widget_token: base.settings.widget_token },
    triggers: { ...base.triggers, ...(input.triggers ?? {}) } as repo.WidgetDocument["triggers"],
    channels,
  };
}

/** Checks the request and builds the document, or throws rest_invalid_param with every error. */
async function checkedDocument(base: repo.WidgetDocument, input: unknown): Promise<repo.WidgetDocument> {
  const shapeErrors = await schemaErrors(input);
  if (Object.keys(shapeErrors).length) throw invalidWidget(shapeErrors);
  const document = mergeInput(base, input as WidgetInputBody);
  const errors = documentErrors(document);
  if (Object.keys(errors).length) throw invalidWidget(errors);
  return document;
}

/** A new widget's starting point: the shared defaults and a fresh token. */
function freshDocument(token = newWidgetToken()): repo.WidgetDocument {
  const base = defaultWidget();
  return { ...base, settings: { ...base.settings, widget_token: token } };
}

/** The stats slots (repo.statsSlot) of the shop's days from `from` to `to`, inclusive, in its zone. */
const slotsOf = (from: string, to: string, zone: string): repo.SlotRange => ({
  start: repo.statsSlot(dayStart(from, zone)),
  end: repo.statsSlot(dayStart(addDays(to, 1), zone)),
});

/** The shop's today, in its time zone (decision 0086). */
async function shopToday(ctx: RequestContext): Promise<{ today: string; zone: string }> {
  const zone = (await ctx.shopSettings()).timeZone;
  return { today: dayIn(ctx.now ?? new Date(), zone), zone };
}

export async function listWidgets(ctx: RequestContext): Promise<WidgetSummaryReply[]> {
  const widgets = await repo.listWidgetRows(ctx.db);
  const { today, zone } = await shopToday(ctx);
  const stats = await repo.statsTotals(
    ctx.db,
    widgets.map((widget) => widget.id),
    slotsOf(addDays(today, -29), today, zone),
    "",
  );
  return widgets.map((widget) => {
    const own = stats.filter((row) => row.widget_id === widget.id);
    return {
      id: widget.id,
      identifier: widget.identifier,
      active: widget.active,
      channels: widget.channels.map((channel) => channel.channel_type),
      views: own.reduce((sum, row) => sum + row.views, 0),
      clicks: own.reduce((sum, row) => sum + row.clicks, 0),
      updated_at: widget.updated_at,
    };
  });
}

export async function getWidget(ctx: RequestContext, id: number): Promise<OwnerWidget> {
  const widget = await repo.findWidget(ctx.db, id);
  if (!widget) throw widgetNotFound();
  return withVersion(widget);
}

async function insertChecked(db: Db, actorId: number, input: unknown, at: string, via: string | null = null): Promise<ContactWidget> {
  const document = await checkedDocument(freshDocument(), input);
  const write = async (trx: Db) => {
    const widget = await repo.insertWidget(trx, document, at);
    await repo.logChange(trx, { actorId, entityId: widget.id, action: "create", before: null, after: widget, at, via });
    return widget;
  };
  // The seed calls it inside its own transaction.
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export async function createWidget(ctx: RequestContext, input: unknown): Promise<OwnerWidget> {
  return withVersion(await insertChecked(ctx.db, actorOf(ctx), input, nowOf(ctx), changeVia(ctx)));
}

/** A widget the shop makes for itself (the demo seed), in the caller's transaction if any: logged as actor 0. */
export function installWidget(db: Db, input: unknown): Promise<ContactWidget> {
  return insertChecked(db, 0, input, new Date().toISOString());
}

/** A body's `version`, when it sent one (the schema check has already refused any other kind). */
const sentVersion = (input: unknown) => (input as { version?: string } | null)?.version;

async function changeWidget(ctx: RequestContext, id: number, input: unknown, mode: "replace" | "patch"): Promise<OwnerWidget> {
  const actorId = actorOf(ctx);
  const at = nowOf(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findWidgetForUpdate(trx, id);
    if (!before) throw widgetNotFound();
    const document = await checkedDocument(mode === "patch" ? before : freshDocument(before.settings.widget_token), input);
    // Under the row's lock: a save on a copy read before another's change is refused, nothing written.
    checkVersion(sentVersion(input), widgetVersion(before), widgetChanged);
    const after = await repo.saveWidget(trx, id, document, at);
    await repo.logChange(trx, { actorId, entityId: id, action: "update", before, after, at, via: changeVia(ctx) });
    return withVersion(after);
  });
}

/** PUT: the whole document; what the body leaves out comes from the defaults (the token stays). */
export function updateWidget(ctx: RequestContext, id: number, input: unknown): Promise<OwnerWidget> {
  return changeWidget(ctx, id, input, "replace");
}

/** PATCH: settings and triggers merged key by key, channels replaced as a list. */
export function patchWidget(ctx: RequestContext, id: number, input: unknown): Promise<OwnerWidget> {
  return changeWidget(ctx, id, input, "patch");
}

export async function deleteWidget(ctx: RequestContext, id: number): Promise<void> {
  const actorId = actorOf(ctx);
  const at = nowOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findWidgetForUpdate(trx, id);
    if (!before) throw widgetNotFound();
    await repo.removeWidget(trx, id);
    await repo.logChange(trx, { actorId, entityId: id, action: "delete", before, after: null, at, via: changeVia(ctx) });
  });
}

/** The widget when it exists and is active (reports, contact messages); null otherwise. */
export async function activeWidget(db: Db, id: number): Promise<ContactWidget | null> {
  const widget = await repo.findWidget(db, id);
  return widget?.active ? widget : null;
}

const MAX_ANALYTICS_DAYS = 366;
const ratio = (clicks: number, views: number) => (views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : 0);
const isDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * Views and clicks from `from` to `to` (the shop's days in its time zone, inclusive; default the
 * last 30 days). Totals, channels and devices are summed by the database; the daily series from
 * the widget's own quarter hours, at most 96 rows a day for at most MAX_ANALYTICS_DAYS days.
 */
export async function widgetAnalytics(ctx: RequestContext, id: number, range: { from?: string; to?: string }): Promise<WidgetAnalytics> {
  const widget = await getWidget(ctx, id);
  const { today, zone } = await shopToday(ctx);
  const to = range.to ?? today;
  // The default start counts back from a real end only: from an end that is no day it could not be counted.
  const from = range.from ?? (isDay(to) ? addDays(to, -29) : to);
  const errors: Record<string, string> = {};
  if (range.from !== undefined && !isDay(from)) errors.from = "must be a real day such as 2026-11-01";
  if (!isDay(to)) errors.to = "must be a real day such as 2026-11-30";
  if (!Object.keys(errors).length) {
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (span < 1) errors.to = "must not be before from";
    else if (span > MAX_ANALYTICS_DAYS) errors.to = `must be at most ${MAX_ANALYTICS_DAYS} days after from`;
  }
  if (Object.keys(errors).length) throw invalidWidget(errors);

  const slots = slotsOf(from, to, zone);
  const [rows, own] = await Promise.all([repo.statsTotals(ctx.db, [id], slots), repo.widgetSlots(ctx.db, id, slots)]);
  const sum = (list: { views: number; clicks: number }[]) => ({
    views: list.reduce((total, row) => total + row.views, 0),
    clicks: list.reduce((total, row) => total + row.clicks, 0),
  });
  const widgetRows = rows.filter((row) => row.channel === "");
  const totals = sum(widgetRows);
  // The slots come in order: each day takes those before the next day's start.
  const days: WidgetAnalytics["days"] = [];
  let next = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const end = repo.statsSlot(dayStart(addDays(day, 1), zone));
    const first = next;
    while (next < own.length && (own[next]?.slot ?? "") < end) next++;
    days.push({ day, ...sum(own.slice(first, next)) });
  }
  const named = new Map(widget.channels.map((channel) => [channel.channel, channel.channel_type as string]));
  for (const row of rows) if (row.channel !== "" && !named.has(row.channel)) named.set(row.channel, "");
  const channels = [...named].map(([channel, channel_type]) => {
    const counts = sum(rows.filter((row) => row.channel === channel));
    return { channel, channel_type, ...counts, ctr: ratio(counts.clicks, counts.views) };
  });
  return {
    from,
    to,
    totals: { ...totals, ctr: ratio(totals.clicks, totals.views) },
    days,
    channels,
    devices: {
      desktop: sum(widgetRows.filter((row) => row.device === "desktop")),
      mobile: sum(widgetRows.filter((row) => row.device === "mobile")),
    },
  };
}
