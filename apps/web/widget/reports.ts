/**
 * The widget's reports (spec §4.2, §7; both readings, DESIGN §4): the view report when the widget
 * shows, the click report on the first click of the main button with every channel whose view is
 * not yet recorded, channel views and channel clicks; each key sent once and counted again only
 * after 2 days (H1's memory rules over visitorStore). Nothing is sent for crawlers, in the
 * console's preview or with analytics off. Analytics events go to gtag or dataLayer when enabled.
 */
import { markReported, memoryStorageKey, shouldReport } from "@cartwright/commerce/contact-widget";
import { visitorStore } from "./memory-store.ts";
import type { WidgetView } from "./view.ts";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

export const REPORT_ACTIONS = {
  views: "update_contact_widget_views",
  click: "update_contact_widget_click",
  channelViews: "update_contact_channel_views",
  channelClick: "update_contact_channel_click",
} as const;

type Fields = Record<string, string | number | string[]>;

export interface Reporter {
  /** The widget showed: its channels, whether it shows open and whether single. */
  widgetShown(isOpen: boolean): void;
  /** The first click on the main button (single mode: with its one channel, isSingle 1). */
  widgetClicked(): void;
  /** The channel list became visible: channel views not yet recorded. */
  channelsSeen(): void;
  /** A click on a channel (link channels, and popups when their action happens: a message sent, an agent chosen, a QR code shown). */
  channelClicked(channel: string): void;
  /** Marks a channel's click as recorded without sending (closing the messaging-app popup, spec §4.2). */
  markChannelClicked(channel: string): void;
  /** An analytics event, when the owner switched them on. */
  track(event: string, detail: Record<string, unknown>): void;
}

function send(win: Window, url: string, fields: Fields): void {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    if (Array.isArray(value)) for (const item of value) body.append(`${name}[]`, item);
    else body.append(name, String(value));
  // A beacon survives the page going away (a channel link opening in this window).
  if (win.navigator.sendBeacon?.(url, body)) return;
  void win.fetch(url, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
}

export function reporter(win: Window, view: WidgetView): Reporter {
  const { page, widget } = view;
  const enabled = widget.settings.analytics && !page.crawler && !widget.preview;
  const memory = visitorStore(win, page, memoryStorageKey(widget.id));
  const due = (key: string) => enabled && shouldReport(memory, key, Date.now());
  const mark = (key: string) => markReported(memory, key, Date.now());
  const common = (): Fields => ({ widgetId: widget.id, userId: 0, isMobile: view.isMobile ? 1 : 0 });
  const keys = view.channels.map((channel) => channel.channel);
  const unseen = () => keys.filter((key) => due(`v-${key}`));

  return {
    widgetShown(isOpen) {
      if (!due("v-widget")) return;
      mark("v-widget");
      send(win, page.ajaxUrl, {
        action: REPORT_ACTIONS.views,
        ...common(),
        channels: keys,
        isOpen: isOpen ? 1 : 0,
        isSingle: view.single ? 1 : 0,
        widgetNonce: widget.nonce,
      });
    },
    widgetClicked() {
      // Remembered without analytics too: first_click's tooltip stays aside on the visitor's next pages (mount.ts).
      if (!enabled && !widget.preview) mark("c-widget");
      if (!due("c-widget")) return;
      mark("c-widget");
      // Single mode names its one channel (spec §4.2) but the server counts no view for it: that view went out when it showed.
      const channels = view.single ? keys : unseen();
      if (!view.single) for (const key of channels) mark(`v-${key}`);
      send(win, page.ajaxUrl, { action: REPORT_ACTIONS.click, ...common(), channels, isSingle: view.single ? 1 : 0, nonce: widget.nonce });
    },
    channelsSeen() {
      const channels = unseen();
      if (!channels.length) return;
      for (const key of channels) mark(`v-${key}`);
      send(win, page.ajaxUrl, { action: REPORT_ACTIONS.channelViews, ...common(), channels, widgetNonce: widget.nonce });
    },
    channelClicked(channel) {
      if (!due(`c-${channel}`)) return;
      mark(`c-${channel}`);
      send(win, page.ajaxUrl, { action: REPORT_ACTIONS.channelClick, ...common(), channel, nonce: widget.nonce });
    },
    markChannelClicked(channel) {
      if (enabled) mark(`c-${channel}`);
    },
    track(event, detail) {
      if (!widget.settings.is_google_analytics_enabled || widget.preview) return;
      if (typeof win.gtag === "function") win.gtag("event", event, detail);
      else if (Array.isArray(win.dataLayer)) win.dataLayer.push({ event, ...detail });
    },
  };
}
