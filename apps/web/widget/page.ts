/** Where the widget's settings come from on a page, and what the page tells about the visitor's device. */
import type { WidgetPage } from "@cartwright/commerce/contact-widget";

/** The storefront's inline settings (root.tsx renders them as JSON). */
export const PAGE_ELEMENT_ID = "contact-widget-page";
/** The one-tag embed (/widget/{id}.js) pushes its settings here before it imports the loader. */
export const PAGE_QUEUE = "cartwrightContactWidgets";

declare global {
  interface Window {
    [PAGE_QUEUE]?: { push(page: WidgetPage): unknown };
  }
}

/** The settings rendered into the page, or null when the element is missing or unreadable. */
export function inlinePage(doc: Document): WidgetPage | null {
  const element = doc.getElementById(PAGE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const page = JSON.parse(element.textContent) as WidgetPage;
    return Array.isArray(page?.widgets) ? page : null;
  } catch {
    return null;
  }
}

/** Phones and tablets (the channels' is_mobile side, spec §5.1), by user agent and touch. */
export function isMobileDevice(win: Window): boolean {
  const agent = win.navigator.userAgent;
  return /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile/i.test(agent) || (/Macintosh/.test(agent) && win.navigator.maxTouchPoints > 1);
}

/** The page's title and address, for the {title} and {url} markers (spec §5.2). */
export function pageInfo(win: Window): { title: string; url: string } {
  return { title: win.document.title, url: win.location.href };
}
