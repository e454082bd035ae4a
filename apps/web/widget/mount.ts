/**
 * Draws one widget's main button in a shadow root of its own (spec §2.1) once its triggers allow
 * (triggers.ts), and hands everything past the button to the core (core.ts), fetched when the
 * browser is idle or on the first interaction, whichever comes first (decision 0020).
 */
import {
  channelVisible,
  DEFAULT_SPACING,
  fillMarkers,
  MEMORY_KEEP_DAYS,
  memoryStorageKey,
  type WidgetPage,
  type WidgetPayload,
  type WidgetSettings,
} from "@cartwright/commerce/contact-widget";
import { BUTTON_CSS } from "./button-css.ts";
import { h, sheet, svgHolder } from "./dom.ts";
import { CLOSE_ICON_MARKUP, WIDGET_ICON_MARKUP } from "./icons.ts";
import { widgetMessages } from "./messages.ts";
import { isMobileDevice, pageInfo } from "./page.ts";
import { watchTriggers } from "./triggers.ts";
import type { WidgetView } from "./view.ts";

type Core = typeof import("./core.ts");

/** Spec §4.1, §9: exit intent's animation plays for 2500 ms, 500 ms after the widget shows. */
export const EXIT_INTENT_DELAY_MS = 500;
export const EXIT_INTENT_ANIMATION_MS = 2500;

/** Spec §9's system fonts; any other name is treated as the page's own font (no web font is fetched). */
const FONT_STACKS: Record<string, string> = {
  "System Stack": "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif",
  Arial: "Arial,Helvetica,sans-serif",
  Tahoma: "Tahoma,Verdana,sans-serif",
  Verdana: "Verdana,Geneva,sans-serif",
  Helvetica: "Helvetica,Arial,sans-serif",
  "Times New Roman": "'Times New Roman',Times,serif",
  "Trebuchet MS": "'Trebuchet MS',Helvetica,sans-serif",
  Georgia: "Georgia,'Times New Roman',serif",
};

/**
 * Whether this visitor clicked the widget on an earlier page: its first click, kept in the report memory for
 * 7 days where consent allows (reports.ts), so first_click's tooltip stays aside from page to page (spec §2.1).
 */
function clickedBefore(win: Window, widget: WidgetPayload): boolean {
  if (widget.preview) return false;
  try {
    const since = Date.now() - MEMORY_KEEP_DAYS * 86_400_000;
    // No memory parses as null, whose .some throws: caught below, as a first visit.
    const memory = JSON.parse(win.localStorage.getItem(memoryStorageKey(widget.id)) as string) as { k: string; v: number }[];
    return memory.some((entry) => entry.k === "c-widget" && entry.v > since);
  } catch {
    // No storage, or no memory that can be read: as a first visit.
    return false;
  }
}

export interface MountOptions {
  /** Where the widget's host element goes (the console's preview); the page's body by default. */
  target?: HTMLElement;
}

/** The button's side and distances (spec §9: 25 px unless the position is custom). */
function placement(settings: WidgetPayload["settings"]): { side: "left" | "right"; bottom: number; spacing: number } {
  if (settings.position !== "custom") return { side: settings.position, bottom: DEFAULT_SPACING, spacing: DEFAULT_SPACING };
  return { side: settings.custom_position === "left" ? "left" : "right", bottom: settings.bottom_spacing, spacing: settings.side_spacing };
}

/** The main button's icon: built in, the uploaded image, or (loaded apart) one of the bundled icon set. */
function widgetIcon(settings: Omit<WidgetSettings, "widget_token">): HTMLElement {
  if (settings.widget_icon === "chat-image" && settings.widget_icon_url) {
    const holder = h("span", { class: "cw-icon cw-image", "aria-hidden": "true" });
    holder.append(h("img", { src: settings.widget_icon_url, alt: "" }));
    return holder;
  }
  const name = settings.widget_icon in WIDGET_ICON_MARKUP ? (settings.widget_icon as keyof typeof WIDGET_ICON_MARKUP) : "chat-base";
  const holder = svgHolder("cw-icon", WIDGET_ICON_MARKUP[name]);
  if (settings.widget_icon === "chat-fa-icon")
    void import("./icon-set.ts").then(({ iconSetMarkup }) => {
      const markup = iconSetMarkup(settings.widget_fa_icon);
      if (markup) holder.innerHTML = markup;
    });
  return holder;
}

/** Mounts one widget; null when it has no channel for this device (spec §5.1). */
export function mountWidget(win: Window, page: WidgetPage, widget: WidgetPayload, options: MountOptions = {}): WidgetView | null {
  const { settings } = widget;
  const isMobile = isMobileDevice(win);
  const channels = widget.channels.filter((channel) => channelVisible(channel, isMobile));
  if (!channels.length) return null;
  const doc = win.document;
  const { side, bottom, spacing } = placement(settings);
  const host = h("div", { "data-contact-widget": widget.id });
  const root = host.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = [sheet(BUTTON_CSS), ...(settings.has_custom_css && settings.custom_css ? [sheet(settings.custom_css)] : [])];

  // A landmark of its own, so the widget is not content outside every landmark.
  const frame = h("div", {
    class: `cw-frame cw-${side}`,
    hidden: true,
    "data-state": "hidden",
    role: "complementary",
    "aria-label": widgetMessages.landmark,
  });
  const vars: Record<string, string> = {
    "--cw-size": `${settings.widget_size}px`,
    "--cw-color": settings.widget_color,
    "--cw-icon-color": settings.widget_icon_color,
    "--cw-badge-bg": settings.pending_mesg_count_bgcolor,
    "--cw-badge-fg": settings.pending_mesg_count_color,
    "--cw-cta-bg": settings.cta_bg_color,
    "--cw-cta-fg": settings.cta_text_color,
    "--cw-font": FONT_STACKS[settings.font_family] ?? "inherit",
    "--cw-bottom": `${bottom}px`,
    "--cw-side": `${spacing}px`,
  };
  for (const [name, value] of Object.entries(vars)) frame.style.setProperty(name, value);

  const info = pageInfo(win);
  const ctaText = fillMarkers(settings.cta_text, info).trim();
  const pending = settings.is_pending_mesg_enabled && settings.pending_mesg_count > 0 ? settings.pending_mesg_count : 0;
  const effect = settings.attention_effect && settings.attention_effect !== "none" ? `cw-fx-${settings.attention_effect}` : "";
  if (effect || widget.triggers.exit_intent)
    void import("./effects-css.ts").then(({ EFFECTS_CSS }) => {
      // Before the owner's custom CSS, which stays last so it wins.
      root.adoptedStyleSheets = [...root.adoptedStyleSheets.slice(0, 1), sheet(EFFECTS_CSS), ...root.adoptedStyleSheets.slice(1)];
    });
  const trigger = h("button", { type: "button", class: `cw-trigger ${effect}`.trim(), "aria-expanded": "false" });
  const badge = pending ? h("span", { class: "cw-badge", "aria-hidden": "true" }, String(pending)) : null;
  trigger.append(widgetIcon(settings), svgHolder("cw-close-icon", CLOSE_ICON_MARKUP));
  if (badge) trigger.append(badge);
  const cta = ctaText ? h("span", { class: "cw-cta", "aria-hidden": "true" }, ctaText) : null;
  // first_click: the tooltip steps aside after the first click, on this page or an earlier one, and shows on hover only (spec §4.1).
  const ctaAside = () => settings.show_cta === "first_click" && cta?.classList.add("cw-cta-hover");
  if (clickedBefore(win, widget)) ctaAside();
  // The close button's hover text (close_text, spec §2.1), shown while the button closes: its name says it to screen readers.
  const closeTip = settings.close_text.trim() ? h("span", { class: "cw-tip", "aria-hidden": "true" }, settings.close_text.trim()) : null;
  const row = h("div", { class: "cw-row" }, trigger, cta, closeTip);
  frame.append(row);
  root.append(frame);

  let openName = (ctaText || widgetMessages.open) + (badge ? `, ${widgetMessages.pending(pending)}` : "");
  const closeName = settings.close_text.trim() || widgetMessages.close;
  let core: Promise<Core> | undefined;
  let stopTriggers = () => {};
  const cleanups: (() => void)[] = [];

  const view: WidgetView = {
    page,
    widget,
    channels,
    isMobile,
    single: channels.length === 1 && settings.cta_type !== "chat-view",
    host,
    root,
    frame,
    trigger,
    cta,
    state: "hidden",
    clicked: false,
    destroy() {
      stopTriggers();
      for (const cleanup of cleanups) cleanup();
      host.remove();
    },
    setTriggerState(state) {
      const showClose = state === "form" || (state === "open" && settings.show_close_button);
      trigger.classList.toggle("cw-showing-close", showClose);
      trigger.setAttribute("aria-expanded", String(state !== "closed"));
      trigger.setAttribute("aria-label", showClose ? closeName : view.single ? (trigger.dataset.singleName ?? openName) : openName);
      frame.classList.toggle("cw-open", state !== "closed");
    },
  };
  trigger.setAttribute("aria-label", openName);

  const loadCore = (): Promise<Core> => {
    core ??= import("./core.ts").catch((error: unknown) => {
      // Nothing that could catch clicks stays behind when the rest cannot load (reference B4).
      console.warn(widgetMessages.loadFailed, error);
      view.destroy();
      throw error;
    });
    return core;
  };
  const withCore = (act: (module: Core) => void) => void loadCore().then(act, () => {});
  // The view is reported on idle; a visitor quicker than that has it reported before their action's.
  let viewUnreported = false;
  const reportView = (module: Core) => {
    if (!viewUnreported) return;
    viewUnreported = false;
    module.shown(view);
  };
  const afterView = (act: (module: Core) => void) =>
    withCore((module) => {
      reportView(module);
      act(module);
    });

  trigger.addEventListener("click", () => {
    if (!view.clicked) {
      view.clicked = true;
      badge?.remove();
      if (effect) trigger.classList.remove(effect);
      ctaAside();
      // The badge went with the first click, and its count with it from the button's name.
      openName = ctaText || widgetMessages.open;
      if (!view.single) trigger.setAttribute("aria-label", openName);
    }
    afterView((module) => module.triggerClicked(view));
  });
  const warmUp = () => void loadCore().catch(() => {});
  for (const type of ["pointerenter", "focusin", "touchstart"]) frame.addEventListener(type, warmUp, { once: true, passive: true });
  frame.addEventListener("keydown", (event) => afterView((module) => module.keydown(view, event)));
  if (settings.default_state === "hover" && !isMobile) {
    frame.addEventListener("mouseenter", () => afterView((module) => module.hoverOpen(view)));
    frame.addEventListener("mouseleave", () => afterView((module) => module.hoverClose(view)));
  }

  const show = (reason: string) => {
    const reveal = () => {
      frame.hidden = false;
      view.state = "closed";
      frame.dataset.state = "closed";
      if (reason === "exit") {
        win.setTimeout(() => {
          trigger.classList.add("cw-exit-intent");
          win.setTimeout(() => trigger.classList.remove("cw-exit-intent"), EXIT_INTENT_ANIMATION_MS);
        }, EXIT_INTENT_DELAY_MS);
      }
      const idle = win.requestIdleCallback ?? ((callback: () => void) => win.setTimeout(callback, 200));
      viewUnreported = true;
      idle(() => withCore(reportView));
    };
    // A single channel's button wears that channel's icon, which comes with the core.
    if (view.single) withCore((module) => module.decorateSingle(view, reveal));
    else reveal();
  };
  stopTriggers = watchTriggers(win, widget.triggers, page.country, isMobile, {
    show,
    autoHide() {
      // Open in use: not hidden under the visitor's hand; the triggers ask again after another hide_after.
      if (view.state !== "closed") return false;
      view.state = "auto-hidden";
      frame.dataset.state = "auto-hidden";
      frame.hidden = true;
      return true;
    },
  });
  (options.target ?? doc.body).append(host);
  return view;
}
