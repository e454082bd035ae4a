/**
 * The widget's view and click reports (spec §4.2, §7) on POST /ajax, and the cross-origin rule of
 * every widget call: a page on another site may post only when its origin is one of the widget's
 * allowed_origins (the one-tag embed); the shop's own pages always may.
 *
 * A report is counted once per call, one statement per call into contact_widget_stats, in the
 * UTC quarter hour of the call (the owner's report sums them into the shop's days):
 * - update_contact_widget_views: the widget's view;
 * - update_contact_widget_click: the widget's click, and a view of each channel listed (the
 *   channels whose views the visitor's memory had not yet recorded);
 * - update_contact_channel_views: a view of each channel listed;
 * - update_contact_channel_click: a click of `channel`.
 * Crawlers, inactive widgets and widgets with analytics off are answered {status: 1} and not counted.
 */
import { isTruthy } from "@cartwright/commerce/contact-widget";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import { type AjaxAction, type AjaxActions, type AjaxForm, formField, formList } from "../../http/ajax.ts";
import { StoreError } from "../../http/errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { verifyWidgetNonce } from "../../http/tokens.ts";
import { addStats, findWidget, type StatsHit, statsSlot } from "./contact-widget.repo.ts";
import { activeWidgets, keptWidget } from "./page.ts";
import { widgetRuntime } from "./runtime.ts";
import { isCrawler } from "./visitor.ts";

export const widgetErrors = {
  notFound: () => new StoreError("cw_widget_not_found", "There is no such widget.", 404),
  invalidNonce: () =>
    new StoreError("cw_widget_invalid_nonce", "The widget's security token is missing or has expired. Reload the page.", 403),
  originNotAllowed: (origin: string) =>
    new StoreError("cw_widget_origin_not_allowed", "This widget may not be used from this site.", 403, { origin }),
  /** The contact form's call names a channel that is not a contact form. */
  channelNotFound: () => new StoreError("cw_widget_channel_not_found", "This widget has no contact form at that place.", 404),
  unknownChannel: (channel: string) =>
    new StoreError("cw_widget_unknown_channel", channel ? `The widget has no channel named ${channel}.` : "Name the channel.", 400, {
      channel,
    }),
};

/** The widget a call names (`widgetId`, or `widget` as the contact form sends it), active or not; 404 when there is none. */
export async function widgetOfCall(db: Db, form: AjaxForm) {
  const given = formField(form, "widgetId") ?? formField(form, "widget") ?? "";
  const id = /^\d{1,10}$/.test(given) ? Number(given) : 0;
  if (!isStoredId(id)) throw widgetErrors.notFound();
  const widget = (await keptWidget(db, id))?.widget ?? (await findWidget(db, id));
  if (!widget) throw widgetErrors.notFound();
  return widget;
}

/**
 * The request comes from the shop itself: no Origin (not a browser's cross-site call), the
 * PUBLIC_URL's origin, or the host the request was sent to. The scheme is left out of the last:
 * behind a TLS proxy the app may see http.
 */
export function isShopOrigin(request: FastifyRequest, origin: string | undefined, db: Db): boolean {
  if (origin === undefined) return true;
  if (origin === widgetRuntime(db).shopOrigin) return true;
  try {
    const { hostname, port } = new URL(origin);
    const own = new URL(`http://${request.host.replace(/:(80|443)$/, "")}`);
    return hostname === own.hostname && port === own.port;
  } catch {
    return false;
  }
}

/** Where the one-tag embed may show: the sites isShopOrigin and allowWidgetOrigin let post, for the page to compare its own origin with. */
export interface EmbedSites {
  origins: string[];
  /** The shop's host as the page's location.host writes it (isShopOrigin leaves the scheme out). */
  shopHost: string;
}

export function embedSites(request: FastifyRequest, db: Db, widget: { allowed_origins: readonly string[] }): EmbedSites {
  const shopOrigin = widgetRuntime(db).shopOrigin;
  return {
    origins: shopOrigin ? [shopOrigin, ...widget.allowed_origins] : [...widget.allowed_origins],
    shopHost: request.host.replace(/:(80|443)$/, ""),
  };
}

/**
 * Lets a call from another site through only when the widget allows its origin, and tells the
 * browser so (Access-Control-Allow-Origin); 403 cw_widget_origin_not_allowed otherwise. An allowed
 * site's reply also says `Cross-Origin-Resource-Policy: cross-origin`: the reports go by sendBeacon,
 * a no-cors request whose reply the API's `same-origin` would have the browser block.
 */
export function allowWidgetOrigin(request: FastifyRequest, reply: FastifyReply, widget: { allowed_origins: readonly string[] }): void {
  const origin = request.headers.origin;
  reply.header("Vary", "Origin");
  if (origin === undefined) return;
  if (!isShopOrigin(request, origin, request.ctx.db)) {
    if (!widget.allowed_origins.includes(origin)) throw widgetErrors.originNotAllowed(origin);
    reply.header("cross-origin-resource-policy", "cross-origin");
  }
  // Also for the shop's own origin: its PUBLIC_URL may name another host than the one the page was served from.
  reply.header("Access-Control-Allow-Origin", origin);
}

/** The widget's nonce as a call sends it (`widgetNonce` or `nonce`); 403 cw_widget_invalid_nonce unless it is good. */
export function checkWidgetNonce(
  db: Db,
  widget: { id: number; settings: { widget_token: string } },
  form: AjaxForm,
  now = Date.now(),
): void {
  const nonce = formField(form, "widgetNonce") || formField(form, "nonce") || "";
  if (!verifyWidgetNonce(widgetRuntime(db).secret, widget.id, widget.settings.widget_token, nonce, now)) throw widgetErrors.invalidNonce();
}

type ReportKind = "widget_views" | "widget_click" | "channel_views" | "channel_click";

function reportHits(kind: ReportKind, channels: string[], single: boolean): StatsHit[] {
  switch (kind) {
    case "widget_views":
      return [{ channel: "", views: 1, clicks: 0 }];
    case "widget_click":
      // A single widget names its one channel (isSingle 1), whose view it reported when shown: not a second view.
      if (single) return [{ channel: "", views: 0, clicks: 1 }];
      return [{ channel: "", views: 0, clicks: 1 }, ...channels.map((channel) => ({ channel, views: 1, clicks: 0 }))];
    case "channel_views":
      return channels.map((channel) => ({ channel, views: 1, clicks: 0 }));
    case "channel_click":
      return channels.map((channel) => ({ channel, views: 0, clicks: 1 }));
  }
}

async function report(kind: ReportKind, request: FastifyRequest, reply: FastifyReply, form: AjaxForm) {
  const ctx = request.ctx;
  const widget = await widgetOfCall(ctx.db, form);
  allowWidgetOrigin(request, reply, widget);
  const now = ctx.now ?? new Date();
  checkWidgetNonce(ctx.db, widget, form, now.getTime());
  const names = kind === "channel_click" ? [formField(form, "channel") ?? ""] : formList(form, "channels").filter((name) => name !== "");
  const known = new Set(widget.channels.map((channel) => channel.channel));
  for (const name of names) if (!known.has(name)) throw widgetErrors.unknownChannel(name);
  if (!widget.active || !widget.settings.analytics || isCrawler(request)) return { status: 1 };
  await ctx.limits().take(RATE_LIMITS.widgetReportsPerAddress);
  const device = isTruthy(formField(form, "isMobile")) ? "mobile" : "desktop";
  await addStats(ctx.db, widget.id, statsSlot(now), device, reportHits(kind, [...new Set(names)], isTruthy(formField(form, "isSingle"))));
  return { status: 1 };
}

const reportAction = (kind: ReportKind): AjaxAction => ({
  session: false,
  handle: (request, reply, form) => report(kind, request, reply, form),
});

/** The widget's /ajax actions (http/ajax.ts); the contact form's join them (messages.ts). */
export const reportAjaxActions: AjaxActions = {
  update_contact_widget_views: reportAction("widget_views"),
  update_contact_widget_click: reportAction("widget_click"),
  update_contact_channel_views: reportAction("channel_views"),
  update_contact_channel_click: reportAction("channel_click"),
};

/**
 * OPTIONS /ajax: a browser's preflight from another site, answered for origins the named widget
 * (`widgetId` or `widget` in the query) allows, or any active widget when none is named, or
 * another feature's rule (`alsoAllows`: the forms' embed origins).
 * Widget calls are simple form posts that need none; this is for clients that send other headers.
 */
export const widgetPreflightRoutes: FastifyPluginAsync<{
  db: Db;
  /** Other features' calls (the forms' embed origins): whether they let this origin in, given the preflight's query. */
  alsoAllows?: (origin: string, query: Record<string, string | undefined>) => Promise<boolean>;
}> = async (app, { db, alsoAllows }) => {
  app.options("/ajax", { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    reply.header("Vary", "Origin");
    if (isShopOrigin(request, origin, db)) return reply.code(204).send();
    const query = request.query as Record<string, string | undefined>;
    const named = query.widgetId ?? query.widget;
    const kept = await activeWidgets(db);
    const allows = kept.some(
      ({ widget }) => (named === undefined || String(widget.id) === named) && widget.allowed_origins.includes(origin ?? ""),
    );
    if (!allows && !(origin !== undefined && (await alsoAllows?.(origin, query)))) throw widgetErrors.originNotAllowed(origin ?? "");
    reply.header("Access-Control-Allow-Origin", origin);
    reply.header("Access-Control-Allow-Methods", "POST");
    reply.header("Access-Control-Allow-Headers", "Content-Type");
    reply.header("Access-Control-Max-Age", "600");
    return reply.code(204).send();
  });
};
