/** What the inline tracking script exposes on window, for the checkout and the router. */
import type { AttributionFields } from "./fields.ts";

export interface OrderAttributionApi {
  fieldPrefix: string;
  /** The current record as checkout fields; null without tracking (turned off, or no consent). */
  fields(): AttributionFields | null;
  /** Counts a page change that did not reload the page. */
  pageView(): void;
}

declare global {
  interface Window {
    cwOrderAttribution?: OrderAttributionApi;
  }
}
