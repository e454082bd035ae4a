/**
 * Keeps the page's focus clear of the widget (WCAG 2.4.11, focus not obscured; decision 0179), from the core, so the
 * loader stays as small as it was. While a widget's button shows, the window's foot as high as the button's row
 * reaches is the page's scroll padding: a control the keyboard moves to (or a scrollIntoView brings) stops above the
 * button instead of under it; an element still under it when focused (a text area shows only its caret's line) is
 * scrolled clear. And the keyboard leaving the widget for the page closes its open channel list, which would cover it.
 */
import type { WidgetView } from "./view.ts";

/** Air between the top of the button's row and a control brought into view above it. */
const AIR_PX = 8;

/** Each shown widget's reach up from the window's foot, in px (0 while hidden). */
const reaches = new Map<WidgetView, number>();
/** The page's own bottom scroll padding, read before any widget set one: never taken below it. */
let pagePadding: number | undefined;

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export function keepFocusClear(win: Window, view: WidgetView, closeList: () => void): void {
  // The console's preview is drawn in a box of the console's page, which it leaves as it is.
  if (view.widget.preview) return;
  const root = win.document.documentElement;
  pagePadding ??= Number.parseFloat(win.getComputedStyle(root).scrollPaddingBottom) || 0;
  // The button with its call to action and tooltip beside it; the list and popups open above it.
  const row = view.trigger.parentElement ?? view.trigger;
  const measure = () => {
    // Not drawn (held back or hidden by its triggers, or taken off the page): no reach.
    const drawn = row.isConnected && row.getClientRects().length > 0;
    reaches.set(view, drawn ? Math.ceil(win.innerHeight - row.getBoundingClientRect().top) + AIR_PX : 0);
    const reach = Math.max(pagePadding ?? 0, ...reaches.values());
    if (reach > 0) root.style.scrollPaddingBottom = `${reach}px`;
    else root.style.removeProperty("scroll-padding-bottom");
  };
  measure();
  new ResizeObserver(measure).observe(row);
  win.addEventListener("resize", measure, { passive: true });
  // Whether focus last moved by the keyboard: a pointer pressed in the page leaves the list as the spec has it.
  let byKeyboard = false;
  win.addEventListener("keydown", (event) => (byKeyboard = event.key === "Tab"), true);
  win.addEventListener("pointerdown", () => (byKeyboard = false), true);
  win.document.addEventListener("focusin", (event) => {
    const focused = event.target;
    if (focused === view.host || !(focused instanceof Element)) return;
    // Tabbed out of the widget: its open list would cover where the keyboard went. A list open from the start, never
    // entered, stays; so does a popup, which holds what the visitor typed and closes on a click outside.
    if (view.state === "open" && byKeyboard && event.relatedTarget === view.host) closeList();
    // A text area's focus brings only its caret into view, which may leave the rest of it under the button.
    clearOfRow(focused);
  });
  // The page's own layout may move the focused control under the button after it was brought into view (a field
  // above it grows, a part of the page loads): brought clear again.
  new ResizeObserver(() => {
    const focused = win.document.activeElement;
    if (focused && focused !== view.host && focused !== win.document.body) clearOfRow(focused);
  }).observe(win.document.body);

  function clearOfRow(focused: Element) {
    if (overlaps(focused.getBoundingClientRect(), row.getBoundingClientRect())) focused.scrollIntoView({ block: "nearest" });
  }
}
