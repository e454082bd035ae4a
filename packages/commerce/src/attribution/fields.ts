/**
 * The checkout's attribution fields read from the cookies (reference §2, WooCommerce's field
 * map): what goes into the hidden inputs and into extensions["cw/order-attribution"].
 */
import type { OrderAttributionField } from "../order-attribution.ts";
import { ATTRIBUTION_COOKIES as C, type CookieReader } from "./cookies.ts";
import { parsePairs, UTM_PARAMS } from "./pairs.ts";

/** Where a field is kept: the cookie and the key in it. */
type Place = [cookie: string, key: string];

/** The utm_* fields are the current record's campaign keys. */
const UTM_FIELDS = Object.fromEntries(Object.entries(UTM_PARAMS).map(([field, key]) => [field, [C.current, key]])) as Record<
  keyof typeof UTM_PARAMS,
  Place
>;

const FIELD_MAP = {
  source_type: [C.current, "typ"],
  referrer: [C.currentAdd, "rf"],
  ...UTM_FIELDS,
  session_entry: [C.currentAdd, "ep"],
  session_start_time: [C.currentAdd, "fd"],
  session_pages: [C.session, "pgs"],
  session_count: [C.udata, "vst"],
  user_agent: [C.udata, "uag"],
} satisfies Record<OrderAttributionField, Place>;

export type AttributionFields = Partial<Record<OrderAttributionField, string>>;

/** The fields the cookies hold; null when there is no current record (nothing tracked). */
export function attributionFields(jar: CookieReader): AttributionFields | null {
  const read = (cookie: string) => parsePairs(jar.get(cookie));
  if (!read(C.current)?.typ) return null;
  const fields: AttributionFields = {};
  for (const [field, [cookie, key]] of Object.entries(FIELD_MAP) as [OrderAttributionField, Place][]) {
    const value = read(cookie)?.[key];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}
