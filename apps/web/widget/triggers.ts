/**
 * When a widget shows (spec §4.1, §5.1, §9): the country, date and day/hour rules must allow it
 * (H1's schedule rules, in the widget's time zone); then, when the owner set any, the first of the
 * time delay, the scroll depth and exit intent reveals it, else it shows at once. Timers tick every
 * 1 s; auto-hide counts hide_after seconds from showing.
 */
import type { WidgetTriggers } from "@cartwright/commerce/contact-widget";

/** Spec §9: every timer ticks once a second. */
export const TICK_MS = 1000;

export type RevealReason = "now" | "delay" | "scroll" | "exit";

export interface TriggerHandlers {
  show(reason: RevealReason): void;
  /** Auto-hide's moment: hide_after seconds after showing. False when the widget could not hide then (it is open): asked again later. */
  autoHide(): boolean;
}

/** How far down the page the visitor has scrolled, in percent of what can be scrolled (100 when nothing can). */
export function scrollPercent(win: Window): number {
  const scrollable = win.document.documentElement.scrollHeight - win.innerHeight;
  return scrollable <= 0 ? 100 : (win.scrollY / scrollable) * 100;
}

/** Whether the widget has any of the rules that gate it (their code then loads first: schedule-gates.ts). */
export function hasGates(triggers: WidgetTriggers): boolean {
  return triggers.has_countries || triggers.has_date_scheduling_rules || triggers.has_day_hours_scheduling_rules;
}

/** Watches the triggers until the widget shows, then counts auto-hide; gives back a stop function. */
export function watchTriggers(
  win: Window,
  triggers: WidgetTriggers,
  country: string,
  isMobile: boolean,
  handlers: TriggerHandlers,
): () => void {
  const delay = triggers.has_time_delay && triggers.time_delay > 0;
  const scroll = triggers.has_display_after_page_scroll && triggers.display_after_page_scroll > 0;
  // Exit intent reads the mouse leaving through the top edge: phones have no such moment.
  const exit = triggers.exit_intent && !isMobile;
  let elapsed = 0;
  let shownFor = -1;
  let exited = false;
  let stopped = false;
  // No gate: always open. With gates: closed until their rules have loaded.
  let gates: ((now: Date) => boolean) | null = hasGates(triggers) ? null : () => true;
  if (!gates)
    void import("./schedule-gates.ts").then(({ gatesAllow }) => {
      gates = (now) => gatesAllow(triggers, country, now);
      if (!stopped) check();
    });

  const check = () => {
    if (shownFor >= 0 || !gates?.(new Date())) return;
    let reason: RevealReason | null = null;
    if (!delay && !scroll && !exit) reason = "now";
    else if (exit && exited) reason = "exit";
    else if (delay && elapsed >= triggers.time_delay) reason = "delay";
    else if (scroll && scrollPercent(win) >= triggers.display_after_page_scroll) reason = "scroll";
    if (!reason) return;
    shownFor = 0;
    if (exit) win.document.removeEventListener("mouseout", onMouseOut);
    handlers.show(reason);
  };
  const onMouseOut = (event: MouseEvent) => {
    if (event.relatedTarget || event.clientY > 0) return;
    exited = true;
    check();
  };
  const timer = win.setInterval(() => {
    if (shownFor < 0) {
      elapsed++;
      check();
    } else if (triggers.auto_hide_widget && triggers.hide_after > 0) {
      shownFor++;
      if (shownFor === triggers.hide_after && !handlers.autoHide()) shownFor = 0;
    }
  }, TICK_MS);
  if (exit) win.document.addEventListener("mouseout", onMouseOut);
  check();
  return () => {
    stopped = true;
    win.clearInterval(timer);
    win.document.removeEventListener("mouseout", onMouseOut);
  };
}
