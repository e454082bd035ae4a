/**
 * The attribution data a checkout sends (extensions["cw/order-attribution"]), checked and made
 * ready to store, and the words an order's origin is shown in. Pure functions (decision 0014).
 *
 * What is refused and what is dropped: the data only ever feeds reports, so an order never fails
 * over anything a shopper's browser can hold. Unknown keys, empty values and "(none)" are dropped,
 * and so is a value a stale or edited cookie can carry: longer than its limit, a source type outside
 * utm/organic/referral/typein, a count that is not a whole number, a start time that is not
 * "YYYY-MM-DD HH:MM:SS". Only what no page sends is refused with a clear 400 (rest_invalid_param
 * naming the field): the entry not being an object, or a value that is not text (counts may also
 * be numbers), which only a broken API client sends.
 */
import {
  NO_VALUE,
  ORDER_ATTRIBUTION_FIELDS,
  ORDER_ATTRIBUTION_LIMITS,
  ORDER_ATTRIBUTION_NAMESPACE,
  type OrderAttributionField,
  SOURCE_TYPES,
  type SourceType,
} from "@cartwright/commerce";
import { paramDetail, StoreError } from "../../http/errors.ts";

type CountField = "session_pages" | "session_count";
type TextField = Exclude<OrderAttributionField, CountField>;

/** What is stored with an order: each field present only when it carried a value. */
export type OrderAttributionValues = Partial<Record<TextField, string> & Record<CountField, number>> & {
  device_type?: DeviceType;
};

export type DeviceType = "Mobile" | "Tablet" | "Desktop";

const COUNT_FIELDS: readonly string[] = ["session_pages", "session_count"];
const START_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function invalid(field: string, problem: string): StoreError {
  const param = `extensions[${ORDER_ATTRIBUTION_NAMESPACE}]${field ? `.${field}` : ""}`;
  const message = `${param} ${problem}`;
  return new StoreError("rest_invalid_param", "Invalid parameter(s): extensions", 400, {
    params: { extensions: message },
    details: { extensions: paramDetail("rest_invalid_param", message) },
  });
}

/** The value to keep; undefined to drop it. Throws only for a value of the wrong type. */
function checkedValue(field: OrderAttributionField, raw: unknown): string | number | undefined {
  const isCount = COUNT_FIELDS.includes(field);
  if (typeof raw !== "string" && !(isCount && typeof raw === "number"))
    throw invalid(field, isCount ? "is not a whole number." : "is not text.");
  const text = String(raw).trim();
  if (text === "" || text === NO_VALUE || text.length > ORDER_ATTRIBUTION_LIMITS[field]) return undefined;
  if (isCount) return /^\d+$/.test(text) ? Number(text) : undefined;
  if (field === "source_type" && !SOURCE_TYPES.includes(text as SourceType)) return undefined;
  if (field === "session_start_time" && !START_TIME.test(text)) return undefined;
  return text;
}

/** The attribution sent with a checkout, checked; null when none came or nothing was left. */
export function readOrderAttribution(extensions: Record<string, unknown> | undefined): OrderAttributionValues | null {
  const entry = extensions?.[ORDER_ATTRIBUTION_NAMESPACE];
  if (entry === undefined || entry === null) return null;
  if (typeof entry !== "object" || Array.isArray(entry)) throw invalid("", "is not an object.");
  const values: Record<string, string | number> = {};
  for (const field of ORDER_ATTRIBUTION_FIELDS) {
    if (!(field in entry)) continue;
    const value = checkedValue(field, (entry as Record<string, unknown>)[field]);
    if (value !== undefined) values[field] = value;
  }
  const result = values as OrderAttributionValues;
  if (result.user_agent) result.device_type = deviceType(result.user_agent);
  return Object.keys(result).length ? result : null;
}

/** The extension data without the attribution entry (it is stored on its own, checked). */
export function withoutAttribution(extensions: Record<string, unknown> | undefined): Record<string, unknown> {
  const { [ORDER_ATTRIBUTION_NAMESPACE]: _attribution, ...rest } = extensions ?? {};
  return rest;
}

/** A device type from a user agent: tablets first (they often also say "Mobile"), then phones. */
export function deviceType(userAgent: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)|SM-T\d|Android(?!.*Mobile)/i.test(userAgent)) return "Tablet";
  if (/Mobi|iPhone|iPod|Android|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|webOS/i.test(userAgent)) return "Mobile";
  return "Desktop";
}

/**
 * The source type of an order the owner made in the console (decision 0089), as WooCommerce records it.
 * Never one the checkout keeps: `SOURCE_TYPES` is the storefront's four, so a browser cannot claim it.
 */
export const ADMIN_SOURCE_TYPE = "admin";

/**
 * The order's origin as the owner and the shopper read it (reference §2 "Origin labels"):
 * "Source: X", "Organic: X", "Referral: X", "Direct", "Web admin" for an order made in the console;
 * "Unknown" without data. X is the source with its first letter in capitals and no surrounding parentheses.
 */
export function originLabel(sourceType: string | null | undefined, source: string | null | undefined): string {
  const shown = (source ?? "").replace(/^\(+|\)+$/g, "");
  const named = shown ? shown.charAt(0).toUpperCase() + shown.slice(1) : "";
  switch (sourceType) {
    case "utm":
      return `Source: ${named}`;
    case "organic":
      return `Organic: ${named}`;
    case "referral":
      return `Referral: ${named}`;
    case "typein":
      return "Direct";
    case ADMIN_SOURCE_TYPE:
      return "Web admin";
    default:
      return "Unknown";
  }
}
