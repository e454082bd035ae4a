/**
 * The checkout's attribution fields read from the cookies (reference §2, WooCommerce's field
 * map): what goes into the hidden inputs and into extensions["cw/order-attribution"].
 */
import type { OrderAttributionField } from "@cartwright/commerce";
import { ATTRIBUTION_COOKIES as C, type CookieJar, type Pairs, parsePairs } from "./cookies.ts";

type Cookie = "current" | "currentAdd" | "session" | "udata";

const FIELD_MAP: Record<OrderAttributionField, [Cookie, string]> = {
  source_type: ["current", "typ"],
  referrer: ["currentAdd", "rf"],
  utm_campaign: ["current", "cmp"],
  utm_source: ["current", "src"],
  utm_medium: ["current", "mdm"],
  utm_content: ["current", "cnt"],
  utm_id: ["current", "id"],
  utm_term: ["current", "trm"],
  utm_source_platform: ["current", "plt"],
  utm_creative_format: ["current", "fmt"],
  utm_marketing_tactic: ["current", "tct"],
  session_entry: ["currentAdd", "ep"],
  session_start_time: ["currentAdd", "fd"],
  session_pages: ["session", "pgs"],
  session_count: ["udata", "vst"],
  user_agent: ["udata", "uag"],
};

export type AttributionFields = Partial<Record<OrderAttributionField, string>>;

/** The fields the cookies hold; null when there is no current record (nothing tracked). */
export function attributionFields(jar: CookieJar): AttributionFields | null {
  const cookies: Record<Cookie, Pairs | undefined> = {
    current: parsePairs(jar.get(C.current)),
    currentAdd: parsePairs(jar.get(C.currentAdd)),
    session: parsePairs(jar.get(C.session)),
    udata: parsePairs(jar.get(C.udata)),
  };
  if (!cookies.current?.typ) return null;
  const fields: AttributionFields = {};
  for (const [field, [cookie, key]] of Object.entries(FIELD_MAP) as [OrderAttributionField, [Cookie, string]][]) {
    const value = cookies[cookie]?.[key];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}
