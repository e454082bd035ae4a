/**
 * What a page carries to run its widgets (WidgetPage): the active widgets as the browser needs
 * them (no widget_token, no captcha secrets), each with its nonce for the current tick, the
 * visitor's country and whether it is a crawler. The widgets are kept per process and rebuilt
 * when the `widgets` revision moves (decision 0009), so an owner's change shows on the next page.
 */
import type { ContactWidget, PageChannel, WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";
import type { Db } from "../../db/index.ts";
import { deepFreeze, revisionCache } from "../../db/revisions.ts";
import type { RequestContext } from "../../http/context.ts";
import { createWidgetNonce } from "../../http/tokens.ts";
import { getSettings } from "../settings/index.ts";
import { listWidgetRows } from "./contact-widget.repo.ts";
import { widgetRuntime } from "./runtime.ts";
import { isCrawler, UNKNOWN_COUNTRY, type Visitor, visitorCountry } from "./visitor.ts";

/** An active widget as kept: the whole document (reports check against it) and its page form. */
export interface KeptWidget {
  widget: ContactWidget;
  payload: Omit<WidgetPayload, "nonce">;
}

/** The site key the widget loads its captcha with; the secret keys never leave the server. */
function captchaSiteKey(channel: ContactWidget["channels"][number]): string {
  switch (channel.captcha_provider) {
    case "recaptcha-v3":
      return channel.v3_site_key;
    case "recaptcha-v2":
    case "turnstile":
    case "hcaptcha":
      return channel.v2_site_key;
    default:
      return "";
  }
}

function pagePayload(widget: ContactWidget): Omit<WidgetPayload, "nonce"> {
  const { widget_token: _token, ...settings } = widget.settings;
  const channels: PageChannel[] = widget.channels.map(({ v2_site_key: _v2, v3_site_key: _v3, ...channel }, index) => ({
    ...channel,
    index,
    captcha_site_key: captchaSiteKey(widget.channels[index] as ContactWidget["channels"][number]),
  }));
  return { id: widget.id, settings, triggers: widget.triggers, channels };
}

/** The active widgets of a database, in id order, kept until the `widgets` revision moves. */
export const activeWidgets = revisionCache("widgets", async (db): Promise<readonly KeptWidget[]> => {
  const widgets = await listWidgetRows(db, { activeOnly: true });
  return deepFreeze(widgets.map((widget) => ({ widget, payload: pagePayload(widget) })));
});

/** One active widget from the kept list, or undefined. */
export async function keptWidget(db: Db, id: number): Promise<KeptWidget | undefined> {
  return (await activeWidgets(db)).find((kept) => kept.widget.id === id);
}

function withNonce(secret: string, kept: KeptWidget, now: number): WidgetPayload {
  return { ...kept.payload, nonce: createWidgetNonce(secret, kept.widget.id, kept.widget.settings.widget_token, now) };
}

/** The country only matters to a country rule: without one the geo-IP data is never loaded. */
function countryFor(kept: readonly KeptWidget[], visitor: Visitor, header: string | null): string {
  return kept.some((k) => k.widget.triggers.has_countries) ? visitorCountry(visitor, header) : UNKNOWN_COUNTRY;
}

/** The shop's own pages: every active widget, the shop's own /ajax and /widget/. */
export async function widgetPage(ctx: RequestContext, visitor: Visitor): Promise<WidgetPage> {
  const runtime = widgetRuntime(ctx.db);
  const kept = await activeWidgets(ctx.db);
  const now = ctx.now?.getTime() ?? Date.now();
  const settings = await ctx.shopSettings();
  return {
    widgets: kept.map((k) => withNonce(runtime.secret, k, now)),
    country: countryFor(kept, visitor, runtime.countryHeader),
    crawler: isCrawler(visitor),
    ajaxUrl: "/ajax",
    assetsUrl: "/widget/",
    consent: settings.orderAttribution.consent,
  };
}

/**
 * The one-tag embed (`/widget/{id}.js` on another site): one active widget with absolute
 * addresses of the shop; null when the widget is missing or inactive.
 */
export async function embedPage(
  db: Db,
  secret: string,
  widgetId: number,
  visitor: Visitor,
  shopOrigin: string,
): Promise<WidgetPage | null> {
  const kept = await keptWidget(db, widgetId);
  if (!kept) return null;
  const origin = shopOrigin.replace(/\/+$/, "");
  const header = widgetRuntime(db).countryHeader;
  const settings = await getSettings(db);
  return {
    widgets: [withNonce(secret, kept, Date.now())],
    country: countryFor([kept], visitor, header),
    crawler: isCrawler(visitor),
    ajaxUrl: `${origin}/ajax`,
    assetsUrl: `${origin}/widget/`,
    consent: settings.orderAttribution.consent,
  };
}
