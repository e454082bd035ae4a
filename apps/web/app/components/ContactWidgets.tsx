/**
 * The contact widgets of a page (decision 0020): their settings as a JSON data block and the
 * widget's loader, a module of its own outside React's bundle (apps/web/widget/loader.ts), under
 * the page's CSP nonce. The loader draws each widget in a shadow root appended to the body.
 */
import type { StorefrontContactWidgets } from "@cartwright/commerce";

/** The id loader.ts reads (apps/web/widget/page.ts PAGE_ELEMENT_ID). */
export const CONTACT_WIDGET_PAGE_ID = "contact-widget-page";

export function ContactWidgets({ widgets, nonce }: { widgets: StorefrontContactWidgets; nonce: string | undefined }) {
  // A data block is never run; "<" is escaped so no text in it can close the element.
  const json = JSON.stringify(widgets.page).replace(/</g, "\\u003c");
  return (
    <>
      <script type="application/json" id={CONTACT_WIDGET_PAGE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
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
