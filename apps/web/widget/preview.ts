/**
 * The owner console's live preview (issue 16, H6): the real widget drawn inside a box of the
 * console, shown at once whatever its triggers say, never reporting (`preview: true`), redrawn
 * with each edit. Built with the storefront (Vite), not part of the widget's own build.
 */
import type { WidgetPage, WidgetTriggers } from "@cartwright/commerce/contact-widget";
import { mountWidgets } from "./widgets.ts";

/** No rule holds the preview back: the owner sees what visitors see once it shows. */
const SHOWN: Partial<WidgetTriggers> = {
  has_countries: false,
  has_date_scheduling_rules: false,
  has_day_hours_scheduling_rules: false,
  has_time_delay: false,
  has_display_after_page_scroll: false,
  exit_intent: false,
  auto_hide_widget: false,
};

function previewOf(page: WidgetPage): WidgetPage {
  return { ...page, widgets: page.widgets.map((widget) => ({ ...widget, preview: true, triggers: { ...widget.triggers, ...SHOWN } })) };
}

export function mountWidgetPreview(container: HTMLElement, page: WidgetPage): { update(page: WidgetPage): void; destroy(): void } {
  // The widget is position: fixed; layout containment makes the box its frame instead of the window.
  if (!container.style.contain) container.style.contain = "layout";
  let current = mountWidgets(previewOf(page), { target: container });
  return {
    update(next) {
      current.destroy();
      current = mountWidgets(previewOf(next), { target: container });
    },
    destroy: () => current.destroy(),
  };
}
