/**
 * The contact widget's loader (decision 0020), the one script a page loads: on the shop it reads
 * the settings root.tsx renders (#contact-widget-page), on other sites the settings the one-tag
 * embed (/widget/{id}.js) queues, and mounts each widget's button; the rest comes lazily.
 */
import type { WidgetPage } from "@cartwright/commerce/contact-widget";
import { widgetMessages } from "./messages.ts";
import { inlinePage, PAGE_QUEUE } from "./page.ts";
import { mountWidgets } from "./widgets.ts";

/** Spec §4.1, §9: missing settings are looked up again every second. */
const RETRY_MS = 1000;

function boot(win: Window): void {
  const queued = win[PAGE_QUEUE];
  const pages = Array.isArray(queued) ? (queued as WidgetPage[]) : [];
  // Later embed tags on the same page mount at once.
  win[PAGE_QUEUE] = { push: (page: WidgetPage) => mountWidgets(page) };
  for (const page of pages) mountWidgets(page);
  if (pages.length) return;
  let warned = false;
  const look = () => {
    const page = inlinePage(win.document);
    if (page) {
      mountWidgets(page);
      return;
    }
    if (!warned) console.info(widgetMessages.missingSettings);
    warned = true;
    win.setTimeout(look, RETRY_MS);
  };
  // React hoists the async loader into <head>: the settings in the body may not be parsed yet.
  if (win.document.readyState === "loading") win.document.addEventListener("DOMContentLoaded", look, { once: true });
  else look();
}

boot(window);
