/**
 * The tracking script in the page (decision 0014). The server renders it inline with the page's
 * nonce; in the browser the element is kept as it is (a script added by React never runs), and
 * page changes without a reload are counted as page views.
 */
import { createContext, useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import "./global.ts";

export interface AttributionScriptProps {
  source: string;
  /** The tracker's settings as JSON. */
  config: string;
  nonce: string;
}

/** Given by entry.server for each page; null in the browser. */
export const AttributionScriptContext = createContext<AttributionScriptProps | null>(null);

export function AttributionScript() {
  const script = useContext(AttributionScriptContext);
  const { pathname, search } = useLocation();
  const firstView = useRef(true);
  // A new address is what counts as a page view.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    window.cwOrderAttribution?.pageView();
  }, [pathname, search]);
  return (
    <script
      suppressHydrationWarning
      nonce={script?.nonce}
      data-config={script?.config || undefined}
      // Our own built script, never data.
      dangerouslySetInnerHTML={{ __html: script?.source ?? "" }}
    />
  );
}
