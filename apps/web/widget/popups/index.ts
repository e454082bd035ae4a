/**
 * The contact widget's sub-popups (spec §2.1): each takes the place of the channel list while open.
 * This chunk holds the dialog frame (header, close control, Escape, outside click, focus) and
 * loads each popup's body as its own chunk, so a visitor who opens WhatsApp never loads the form.
 */
import type { ChannelLink, PageChannel, WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";
import { retryableImport } from "../lazy-chunks.ts";
import { colourOr, el, ensureStyles, firstFocusable, isOn, readableOn, svg, uid } from "./dom.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";
import { POPUP_CSS } from "./styles.ts";

export interface PopupContext {
  page: WidgetPage;
  widget: WidgetPayload;
  channel: PageChannel;
  isMobile: boolean;
  pageInfo: { title: string; url: string };
  /** The widget's shadow root: the popups' styles go here. */
  root: ShadowRoot;
  /** Opens a channel link as the widget does (new tab or same). */
  openLink(link: ChannelLink): void;
  /** The channel's click report (sent once by the core's memory). */
  reportClick(): void;
  /** Back to the channel list (the popup's close control calls it). */
  close(): void;
  /** Analytics event (gtag/dataLayer) when enabled. */
  track(event: string, detail: Record<string, unknown>): void;
}

export interface Popup {
  element: HTMLElement;
  focusFirst(): void;
  destroy(): void;
}

export type PopupKind = "messaging" | "qr" | "contact" | "agents" | "live-chat";

/** What a popup's body chunk gives back to the frame. */
export interface PopupBody {
  /** Where focus goes when the popup opens (its first input); null: the frame's first control. */
  focusTarget(): HTMLElement | null;
  /** Handles Escape itself (an inner picker open); true when it did. */
  escape?(): boolean;
  destroy(): void;
}

export interface PopupFrame {
  dialog: HTMLElement;
  body: HTMLElement;
  titleId: string;
  /** Closes through the popup's own controls: back to the channel list (context.close()). */
  close(): void;
}

export type RenderBody = (context: PopupContext, frame: PopupFrame) => PopupBody;

/** The agents meant for this device: the channel's agent flags and agents with a value (§5.1). */
export function deviceAgents(channel: PageChannel, isMobile: boolean) {
  if (!isOn(channel.is_agent)) return [];
  if (!isOn(isMobile ? channel.is_agent_mobile : channel.is_agent_desktop)) return [];
  return (channel.agent_data ?? []).filter((agent) => agent.value.trim() !== "");
}

export function popupKind(channel: PageChannel, isMobile: boolean): PopupKind | null {
  if (deviceAgents(channel, isMobile).length > 0) return "agents";
  switch (channel.channel_type) {
    case "WhatsApp":
      return isOn(channel.has_welcome_message) ? "messaging" : null;
    case "WeChat":
      return "qr";
    case "Contact_Us":
      return "contact";
    case "Tawk":
      return "live-chat";
    default:
      return null;
  }
}

// "Try again" after a failed load asks for the chunk afresh (lazy-chunks.ts).
const bodies: Record<PopupKind, () => Promise<{ render: RenderBody }>> = {
  messaging: retryableImport(() => import("./messaging.ts")),
  qr: retryableImport(() => import("./qr.ts")),
  contact: retryableImport(() => import("./contact-form.ts")),
  agents: retryableImport(() => import("./agents.ts")),
  "live-chat": retryableImport(() => import("./live-chat.ts")),
};

interface Header {
  title: string;
  subtitle?: string;
  background: string;
}

function headerOf(kind: PopupKind, channel: PageChannel): Header {
  switch (kind) {
    case "messaging":
      return {
        title: channel.wa_popup_headline.trim() || M.messagingTitle,
        background: colourOr(channel.wa_popup_head_bg_color, "#075e54"),
      };
    case "qr":
      return { title: channel.wechat_header.trim() || M.qrTitle, background: colourOr(channel.wechat_header_color, "#1aad19") };
    case "contact": {
      const settings = channel.contact_form_settings;
      return { title: settings?.contact_form_title.trim() || M.contactTitle, background: colourOr(settings?.title_bg_color, "#1d4ed8") };
    }
    case "agents":
      return {
        title: channel.header_text.trim() || M.agentsTitle,
        subtitle: channel.header_sub_text.trim(),
        background: colourOr(channel.header_bg_color, "#1d4ed8"),
      };
    case "live-chat":
      return { title: channel.hover_text.trim() || M.liveChatTitle, background: colourOr(channel.icon_color, "#1d4ed8") };
  }
}

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>';

/** Opens the channel's popup; call only when popupKind(...) is not null. */
export function openPopup(context: PopupContext): Popup {
  const kind = popupKind(context.channel, context.isMobile);
  if (!kind) throw new Error(`The ${context.channel.channel_type} channel has no popup`);
  ensureStyles(context.root, "popups", POPUP_CSS);

  const header = headerOf(kind, context.channel);
  const titleId = uid("popup-title");
  const headerColour =
    kind === "agents" ? colourOr(context.channel.header_text_color, readableOn(header.background)) : readableOn(header.background);
  const closeButton = el("button", { type: "button", class: "cw-popup__close", "aria-label": M.close, title: M.close }, svg(CLOSE_ICON));
  const headerElement = el(
    "div",
    { class: "cw-popup__header", style: `background:${header.background};color:${headerColour}` },
    el(
      "div",
      { class: "cw-popup__heading" },
      el("h2", { class: "cw-popup__title", id: titleId }, header.title),
      header.subtitle ? el("p", { class: "cw-popup__subtitle" }, header.subtitle) : null,
    ),
    closeButton,
  );
  const body = el("div", { class: "cw-popup__body", "aria-busy": "true" }, el("p", { class: "cw-popup__status" }, M.loading));
  const dialog = el("section", { class: `cw-popup cw-popup--${kind}`, role: "dialog", "aria-labelledby": titleId }, headerElement, body);

  let content: PopupBody | null = null;
  let destroyed = false;
  let wantsFocus = false;

  const close = () => {
    if (!destroyed) context.close();
  };
  const frame: PopupFrame = { dialog, body, titleId, close };

  const focusFirst = () => {
    const target = content?.focusTarget() ?? (content ? firstFocusable(body) : null) ?? closeButton;
    target.focus();
    // The body may still be loading: focus its first input once it arrives.
    wantsFocus = !content;
  };

  const load = () => {
    body.replaceChildren(el("p", { class: "cw-popup__status", role: "status" }, M.loading));
    body.setAttribute("aria-busy", "true");
    bodies[kind]().then(
      ({ render }) => {
        if (destroyed) return;
        body.replaceChildren();
        body.removeAttribute("aria-busy");
        content = render(context, frame);
        const focusIsOurs = !dialog.isConnected || context.root.activeElement === closeButton || context.root.activeElement === null;
        if (wantsFocus && focusIsOurs) focusFirst();
      },
      () => {
        if (destroyed) return;
        body.removeAttribute("aria-busy");
        const retry = el("button", { type: "button", class: "cw-button" }, M.tryAgain);
        retry.addEventListener("click", load);
        body.replaceChildren(el("div", { class: "cw-popup__status", role: "alert" }, el("p", {}, M.loadFailed), retry));
      },
    );
  };

  closeButton.addEventListener("click", close);
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    // Handled here: the core's own Escape (which closes the whole widget) must not see it too.
    event.preventDefault();
    event.stopPropagation();
    if (content?.escape?.()) return;
    close();
  });
  // Clicking outside the widget closes the popup; clicks on the widget itself are the core's.
  const outside = (event: PointerEvent) => {
    if (!event.composedPath().includes(context.root.host)) close();
  };
  document.addEventListener("pointerdown", outside, true);

  load();
  return {
    element: dialog,
    focusFirst,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      document.removeEventListener("pointerdown", outside, true);
      content?.destroy();
      dialog.remove();
    },
  };
}
