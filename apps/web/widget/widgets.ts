/** Mounting a page's widgets: the storefront's inline settings, the one-tag embed's, and the console's preview. */
import type { WidgetPage } from "@cartwright/commerce/contact-widget";
import { type MountOptions, mountWidget } from "./mount.ts";
import type { WidgetView } from "./view.ts";

const mounted = new WeakMap<Window, Set<number>>();

/** The page carries a portrait or landscape marker on <html> (spec §2.1), kept as the window changes shape. */
export function markOrientation(win: Window): () => void {
  const mark = () => {
    const portrait = win.innerHeight > win.innerWidth;
    win.document.documentElement.classList.toggle("cw-portrait", portrait);
    win.document.documentElement.classList.toggle("cw-landscape", !portrait);
  };
  mark();
  win.addEventListener("resize", mark, { passive: true });
  return () => win.removeEventListener("resize", mark);
}

/**
 * Mounts every widget of a page (a widget already on this page is skipped: the shop and an embed
 * tag may both name it); `destroy` takes them off again (the console's preview redraws so).
 */
export function mountWidgets(page: WidgetPage, options: MountOptions & { win?: Window } = {}): { views: WidgetView[]; destroy(): void } {
  const win = options.win ?? window;
  const ids = mounted.get(win) ?? new Set<number>();
  mounted.set(win, ids);
  const views: WidgetView[] = [];
  for (const widget of page.widgets) {
    if (ids.has(widget.id) && !widget.preview) continue;
    const view = mountWidget(win, page, widget, options);
    if (!view) continue;
    if (!widget.preview) ids.add(widget.id);
    views.push(view);
  }
  const unmark = views.length ? markOrientation(win) : () => {};
  return {
    views,
    destroy() {
      unmark();
      for (const view of views) {
        view.destroy();
        ids.delete(view.widget.id);
      }
    },
  };
}
