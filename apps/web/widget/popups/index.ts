/**
 * PLACEHOLDER until helper H5's popups land (issue 16 contract, "Browser widget"): the interface the
 * core loads with import("./popups/index.ts"). It opens no popup, so every channel uses its link.
 */
import type { ChannelLink, PageChannel, WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";

export interface PopupContext {
  page: WidgetPage;
  widget: WidgetPayload;
  channel: PageChannel;
  isMobile: boolean;
  pageInfo: { title: string; url: string };
  root: ShadowRoot;
  openLink(link: ChannelLink): void;
  reportClick(): void;
  close(): void;
  track(event: string, detail: Record<string, unknown>): void;
}

export interface Popup {
  element: HTMLElement;
  focusFirst(): void;
  destroy(): void;
}

export type PopupKind = "messaging" | "qr" | "contact" | "agents" | "live-chat";

export function popupKind(_channel: PageChannel, _isMobile: boolean): PopupKind | null {
  return null;
}

export function openPopup(_context: PopupContext): Popup {
  throw new Error("No popups in this build");
}
