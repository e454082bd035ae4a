/**
 * The contact widgets of a page (decision 0020): their settings as a JSON data block and the
 * widget's loader, a module of its own outside React's bundle (apps/web/widget/loader.ts), under
 * the page's CSP nonce. The loader draws each widget in a shadow root appended to the body.
 */
import type { StorefrontContactWidgets } from "@cartwright/commerce";
import { createContext, useContext } from "react";

/** The id loader.ts reads (apps/web/widget/page.ts PAGE_ELEMENT_ID). */
export const CONTACT_WIDGET_PAGE_ID = "contact-widget-page";

/** The settings as the data block's text; "<" escaped so no text in them can close the element (a data block is never run). */
export function widgetDataBlock(widgets: StorefrontContactWidgets): string {
  return JSON.stringify(widgets.page).replace(/</g, "\\u003c");
}

/** What the layout keeps of the widgets in React's data: where the loader is, and how far up the buttons reach. */
export interface PageContactWidgets {
  loaderSrc: string;
  reach: number;
}

export function pageContactWidgets(widgets: StorefrontContactWidgets | null): PageContactWidgets | null {
  return widgets && { loaderSrc: widgets.loaderSrc, reach: widgetReach(widgets) };
}

/** The data block's text on the server (entry.server provides it); null in the browser. */
export const WidgetDataBlock = createContext<string | null>(null);

export function ContactWidgets({ widgets, nonce }: { widgets: PageContactWidgets; nonce: string | undefined }) {
  // In the browser the block is already in the page: hydration keeps its text as it is.
  const block =
    useContext(WidgetDataBlock) ??
    (typeof document === "undefined" ? "" : (document.getElementById(CONTACT_WIDGET_PAGE_ID)?.textContent ?? ""));
  return (
    <>
      <script type="application/json" id={CONTACT_WIDGET_PAGE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: block }} />
      <script type="module" async src={widgets.loaderSrc} nonce={nonce} />
    </>
  );
}

/** Air between a widget's button and the footer's last line. */
const WIDGET_AIR_PX = 12;

/** How far up from the window's bottom the page's widget buttons reach, in px, with a little air; 0 without a widget. */
export function widgetReach(widgets: StorefrontContactWidgets | null | undefined): number {
  const reaches = (widgets?.page.widgets ?? []).map(({ settings }) => settings.bottom_spacing + settings.widget_size);
  return reaches.length ? Math.max(...reaches) + WIDGET_AIR_PX : 0;
}
