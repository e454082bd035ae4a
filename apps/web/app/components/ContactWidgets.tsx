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
