/**
 * The widget past its button (spec §2.1, §4.1), loaded when the browser is idle or on the first
 * interaction: the channel list (vertical or horizontal, hover texts, 8 px apart) or the chat view,
 * single-channel mode, opening channel links, the sub-popups (H5's popups/, loaded beside this),
 * the form-open state, the blur, Escape, the page's focus kept clear of the button (focus-room.ts), and the reports
 * (reports.ts).
 */
import { CHANNEL_LABELS, type ChannelLink, channelLink, fillMarkers, type PageChannel } from "@cartwright/commerce/contact-widget";
import { CHANNEL_ICONS } from "./channel-icons.ts";
import { CORE_CSS } from "./core-css.ts";
import { h, sheet, svgHolder } from "./dom.ts";
import { keepFocusClear } from "./focus-room.ts";
import { BLUR_HIDDEN_DAYS, BLUR_HIDDEN_KEY, visitorStore } from "./memory-store.ts";
import { widgetMessages } from "./messages.ts";
import { pageInfo } from "./page.ts";
import type { Popup, PopupKind } from "./popups/index.ts";
import { type Reporter, reporter } from "./reports.ts";
import type { WidgetState, WidgetView } from "./view.ts";

type Popups = typeof import("./popups/index.ts");

/** Spec §4.1, §9: focus moves and the blur goes 100 ms after a form opens or closes. */
export const FOCUS_DELAY_MS = 100;
/** Spec §9: a form sits widget size + 15 px above the bottom spacing. */
export const FORM_OFFSET_PX = 15;

interface Core {
  win: Window;
  reports: Reporter;
  popups: Promise<Popups | null>;
  list: HTMLElement | null;
  controls: Map<string, HTMLElement>;
  popup: { channel: PageChannel; kind: PopupKind; handle: Popup; slot: HTMLElement } | null;
  blur: HTMLElement | null;
}

const cores = new WeakMap<WidgetView, Core>();

function coreOf(view: WidgetView): Core {
  let core = cores.get(view);
  if (core) return core;
  const win = view.host.ownerDocument.defaultView ?? window;
  view.root.adoptedStyleSheets = [...view.root.adoptedStyleSheets.slice(0, 1), sheet(CORE_CSS), ...view.root.adoptedStyleSheets.slice(1)];
  core = {
    win,
    reports: reporter(win, view),
    popups: import("./popups/index.ts").catch((error: unknown) => {
      console.warn(widgetMessages.loadFailed, error);
      return null;
    }),
    list: null,
    controls: new Map(),
    popup: null,
    blur: null,
  };
  cores.set(view, core);
  keepFocusClear(win, view, () => closeWidget(view, false));
  return core;
}

function setState(view: WidgetView, state: WidgetState): void {
  view.state = state;
  view.frame.dataset.state = state;
  if (state === "closed" || state === "open" || state === "form") view.setTriggerState(state);
}

export function channelName(channel: PageChannel): string {
  return channel.hover_text.trim() || CHANNEL_LABELS[channel.channel_type] || channel.channel_type;
}

function channelColour(channel: PageChannel): string {
  return channel.icon_color || CHANNEL_ICONS[channel.channel_type]?.color || "#1e88e5";
}

function channelIcon(channel: PageChannel): HTMLElement {
  if (channel.custom_image_url) {
    const holder = h("span", { class: "cw-channel-icon cw-image", "aria-hidden": "true" });
    holder.append(h("img", { src: channel.custom_image_url, alt: "" }));
    return holder;
  }
  return svgHolder("cw-channel-icon", CHANNEL_ICONS[channel.channel_type]?.markup ?? CHANNEL_ICONS.Link.markup);
}

function linkFor(core: Core, view: WidgetView, channel: PageChannel): ChannelLink | null {
  return channelLink(channel, { page: pageInfo(core.win), isMobile: view.isMobile });
}

/** New tab for web pages; tel:, sms:, mailto: and app schemes in this window (contract: channelLink's newTab). */
function openLink(win: Window, link: ChannelLink): void {
  if (link.newTab) win.open(link.href, "_blank", "noopener");
  else win.location.href = link.href;
}

async function kindOf(core: Core, view: WidgetView, channel: PageChannel): Promise<PopupKind | null> {
  const popups = await core.popups;
  return popups?.popupKind(channel, view.isMobile) ?? null;
}

/** A channel's control: a real link for link channels (so the browser's own link handling works), a button for popups. */
async function channelControl(core: Core, view: WidgetView, channel: PageChannel, rowStyle: boolean): Promise<HTMLElement | null> {
  const kind = await kindOf(core, view, channel);
  const link = kind ? null : linkFor(core, view, channel);
  if (!kind && !link) return null;
  const name = channelName(channel);
  const circle = h("span", { class: "cw-channel" }, channelIcon(channel));
  circle.style.background = channelColour(channel);
  const attributes = rowStyle ? { class: "cw-row-channel" } : { class: "cw-channel", "aria-label": name };
  const control = link
    ? h("a", {
        ...attributes,
        href: link.href,
        target: link.newTab ? "_blank" : undefined,
        rel: link.newTab ? "noopener noreferrer" : undefined,
      })
    : h("button", { ...attributes, type: "button", "aria-haspopup": "dialog" });
  control.dataset.channel = channel.channel;
  if (rowStyle) control.append(circle, h("span", null, name));
  else {
    control.style.background = channelColour(channel);
    control.append(channelIcon(channel));
  }
  control.addEventListener("click", (event) => {
    if (link) {
      core.reports.channelClicked(channel.channel);
      trackClick(core, view, channel);
      return;
    }
    event.preventDefault();
    void openForm(view, channel, kind as PopupKind, true);
  });
  return control;
}

function trackClick(core: Core, view: WidgetView, channel: PageChannel): void {
  const detail = { widget_id: view.widget.id, channel: channel.channel, channel_type: channel.channel_type };
  core.reports.track("contact_widget_channel_click", detail);
  if (channel.click_event.trim()) core.reports.track(channel.click_event.trim(), detail);
}

/** The channel list or the chat view, made on first open. */
async function buildList(core: Core, view: WidgetView): Promise<HTMLElement> {
  if (core.list) return core.list;
  const { settings } = view.widget;
  const chatView = settings.cta_type === "chat-view";
  const id = `cw-list-${view.widget.id}`;
  const items = h("ul", {
    class: `cw-channels cw-${settings.icon_view === "horizontal" && !chatView ? "horizontal" : "vertical"}`,
    "aria-label": widgetMessages.channels,
  });
  for (const channel of view.channels) {
    const control = await channelControl(core, view, channel, chatView);
    if (!control) continue;
    core.controls.set(channel.channel, control);
    const hover =
      !chatView && channel.hover_text.trim() ? h("span", { class: "cw-hover", "aria-hidden": "true" }, channel.hover_text.trim()) : null;
    items.append(h("li", null, control, hover));
  }
  let list: HTMLElement = items;
  if (chatView) {
    const info = pageInfo(core.win);
    const headId = `${id}-head`;
    list = h(
      "section",
      { class: "cw-chat-view", "aria-labelledby": headId },
      h("div", { class: "cw-chat-head", id: headId }, fillMarkers(settings.cta_head, info) || widgetMessages.channels),
      settings.cta_body.trim() ? h("div", { class: "cw-chat-body" }, fillMarkers(settings.cta_body, info)) : null,
      items,
    );
    list.style.setProperty("--cw-head-bg", settings.cta_head_bg_color);
    list.style.setProperty("--cw-head-fg", settings.cta_head_text_color);
  } else if (settings.icon_view === "horizontal") view.frame.classList.add("cw-horizontal-frame");
  list.id = id;
  list.hidden = true;
  list.style.order = "-1";
  // After the button in the page's order, so Tab goes from the button into the list; drawn above it.
  view.frame.append(list);
  view.trigger.setAttribute("aria-controls", id);
  core.list = list;
  return list;
}

function blurHidden(core: Core, view: WidgetView): boolean {
  const until = Number(visitorStore(core.win, view.page, BLUR_HIDDEN_KEY).get() ?? 0);
  return until > Date.now();
}

function showBlur(core: Core, view: WidgetView): void {
  if (!view.widget.settings.bg_blur_effect || core.blur || blurHidden(core, view)) return;
  const blur = h("button", { type: "button", class: "cw-blur", tabindex: "-1", "aria-label": widgetMessages.closeBackdrop });
  blur.addEventListener("click", () => {
    // The visitor closed the blurred page: no blur for a year (spec §3.4).
    visitorStore(core.win, view.page, BLUR_HIDDEN_KEY).set(String(Date.now() + BLUR_HIDDEN_DAYS * 86_400_000));
    closeWidget(view, true);
  });
  view.root.prepend(blur);
  core.blur = blur;
}

function hideBlur(core: Core): void {
  core.blur?.remove();
  core.blur = null;
}

/** Opens the channel list (spec §4.1 "open"). */
export async function openList(view: WidgetView): Promise<void> {
  if (view.state === "hidden" || view.state === "auto-hidden") return;
  const core = coreOf(view);
  const list = await buildList(core, view);
  list.hidden = false;
  setState(view, "open");
  // After a first click's report, which carries the channel views it could; the rest go here.
  core.reports.channelsSeen();
  showBlur(core, view);
}

/** Closes the list and any popup; focus goes back to the main button when asked (Escape, the backdrop). */
export function closeWidget(view: WidgetView, focusTrigger: boolean): void {
  const core = coreOf(view);
  closeForm(view, false);
  if (core.list) core.list.hidden = true;
  if (view.state === "open" || view.state === "form") setState(view, "closed");
  hideBlur(core);
  if (focusTrigger) view.trigger.focus();
}

/** Opens a channel's popup: the list closes and the widget is in form-open (spec §4.1). */
export async function openForm(view: WidgetView, channel: PageChannel, kind: PopupKind, moveFocus: boolean): Promise<void> {
  const core = coreOf(view);
  const popups = await core.popups;
  if (!popups) return;
  if (core.popup) closeForm(view, false);
  if (core.list) core.list.hidden = true;
  const slot = h("div", { class: "cw-popup-slot" });
  const size = view.widget.settings.widget_size;
  slot.style.setProperty("--cw-popup-bottom", `calc(${size + FORM_OFFSET_PX}px + var(--cw-bottom))`);
  const handle = popups.openPopup({
    page: view.page,
    widget: view.widget,
    channel,
    isMobile: view.isMobile,
    pageInfo: pageInfo(core.win),
    root: view.root,
    openLink: (link) => openLink(core.win, link),
    reportClick: () => {
      core.reports.channelClicked(channel.channel);
      trackClick(core, view, channel);
    },
    close: () => {
      if (core.popup?.handle !== handle) return;
      closeForm(view, true);
    },
    track: (event, detail) => core.reports.track(event, detail),
  });
  slot.append(handle.element);
  view.frame.append(slot);
  core.popup = { channel, kind, handle, slot };
  setState(view, "form");
  core.win.setTimeout(() => {
    if (moveFocus && core.popup?.handle === handle) handle.focusFirst();
    hideBlur(core);
  }, FOCUS_DELAY_MS);
}

/** Closes the open popup; `reopen`: back to the channel list (spec §4.1: always so without a close button). */
export function closeForm(view: WidgetView, reopen: boolean): void {
  const core = coreOf(view);
  const popup = core.popup;
  if (!popup) return;
  core.popup = null;
  popup.handle.destroy();
  popup.slot.remove();
  // Closing the primary messaging app's form counts as its click (spec §4.2).
  if (popup.kind === "messaging") core.reports.markChannelClicked(popup.channel.channel);
  if (!reopen || view.single) {
    setState(view, "closed");
    return;
  }
  void openList(view).then(() => {
    core.win.setTimeout(() => {
      (core.controls.get(popup.channel.channel) ?? view.trigger).focus();
      hideBlur(core);
    }, FOCUS_DELAY_MS);
  });
}

/** A single channel's main button wears that channel's icon, colour and name (spec §2.1 single-channel mode). */
export function decorateSingle(view: WidgetView, reveal: () => void): void {
  const [channel] = view.channels;
  if (channel) {
    const name = channelName(channel);
    view.trigger.dataset.singleName = name;
    view.trigger.setAttribute("aria-label", name);
    view.trigger.style.background = channelColour(channel);
    const icon = view.trigger.querySelector(".cw-icon");
    const replacement = channelIcon(channel);
    replacement.classList.add("cw-icon");
    icon?.replaceWith(replacement);
  }
  reveal();
}

/** The widget became visible: the view report, and the list or a popup open from the start when the owner said so. */
export function shown(view: WidgetView): void {
  const core = coreOf(view);
  const { settings } = view.widget;
  // default_state open with a single channel (and no chat view) acts as click (spec §4.1).
  const opensNow = settings.default_state === "open" && !view.single;
  core.reports.widgetShown(opensNow);
  // A single channel is on view as soon as the widget is.
  if (view.single) core.reports.channelsSeen();
  if (opensNow) void openList(view);
  const preset = view.channels.find((channel) => channel.is_default_open);
  if (preset)
    void kindOf(core, view, preset).then((kind) => {
      if (kind === "messaging" && view.state !== "form") void openForm(view, preset, kind, false);
    });
}

/** The main button: the single channel's action, or the list opened and closed; a click while a form is open reopens the list. */
export async function triggerClicked(view: WidgetView): Promise<void> {
  const core = coreOf(view);
  if (view.single) {
    const [channel] = view.channels;
    if (!channel) return;
    core.reports.widgetClicked();
    if (view.state === "form") return closeWidget(view, true);
    const kind = await kindOf(core, view, channel);
    if (kind) return openForm(view, channel, kind, true);
    const link = linkFor(core, view, channel);
    if (!link) return;
    core.reports.channelClicked(channel.channel);
    trackClick(core, view, channel);
    // Phone in single mode goes straight to its tel: link (spec §2.1), like every other link.
    openLink(core.win, link);
    return;
  }
  if (view.state === "form") {
    closeForm(view, false);
    return openList(view);
  }
  if (view.state === "open") return closeWidget(view, false);
  core.reports.widgetClicked();
  return openList(view);
}

/** default_state hover (desktop only): open while the pointer is over the widget. */
export function hoverOpen(view: WidgetView): void {
  if (view.state === "closed" && !view.single) void openList(view);
}

export function hoverClose(view: WidgetView): void {
  if (view.state === "open") closeWidget(view, false);
}

/** Escape closes the list or the popup and gives focus back to the main button. */
export function keydown(view: WidgetView, event: KeyboardEvent): void {
  if (event.key !== "Escape" || (view.state !== "open" && view.state !== "form")) return;
  event.stopPropagation();
  closeWidget(view, true);
}
