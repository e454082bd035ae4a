/**
 * The dashboard's range (from–to days, both included, in the shop's time zone as the server counts): presets of the
 * last 7 days, the last 30 days and this month, or any valid custom range, kept in the page's URL.
 */
import { isoDay, presetRange, validRange } from "../analytics/range.ts";
import { shopToday } from "../time-zone.ts";

export type PresetId = "last7" | "last30" | "month";
export const PRESET_IDS: readonly PresetId[] = ["last7", "last30", "month"];

export interface DayRange {
  from: string;
  to: string;
}

/** The range a preset stands for on `today`. */
export function presetDays(id: PresetId, today = shopToday()): DayRange {
  if (id === "last7") return presetRange(7, today);
  if (id === "last30") return presetRange(30, today);
  const to = isoDay(today);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** Which preset a range is, if any (on the 1st of a month "this month" is also one day; the list order decides). */
export function presetOf(range: DayRange, today = shopToday()): PresetId | null {
  for (const id of PRESET_IDS) {
    const days = presetDays(id, today);
    if (days.from === range.from && days.to === range.to) return id;
  }
  return null;
}

/** The page's range from its URL: a valid from/to pair, else the last 30 days (the server's own default); `invalid` says one was asked for and refused. */
export function rangeFromSearch(search: URLSearchParams, today = shopToday()): DayRange & { invalid: boolean } {
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  if (validRange(from, to)) return { from, to, invalid: false };
  return { ...presetDays("last30", today), invalid: Boolean(from || to) };
}

/** The dashboard's own URL for a range; the default range leaves the URL bare. */
export function dashboardPath(range: DayRange, today = shopToday()): string {
  if (presetOf(range, today) === "last30") return "/admin";
  return `/admin?${new URLSearchParams({ from: range.from, to: range.to })}`;
}

export { validRange };

/** The reports' Products tab (decision 0104) for the same days, written as its own links write them (reports/query.ts). */
export function productsReportPath(range: DayRange, today = shopToday()): string {
  if (presetOf(range, today) === "last30") return "/admin/reports/products";
  return `/admin/reports/products?${new URLSearchParams({ from: range.from, to: range.to })}`;
}

/** The order list (issue 18's /admin/orders) filtered to what a dashboard line counts: its status tab or its origin, in the same days. */
export function ordersListPath(range: DayRange, filter: { status: string } | { source_type: string; source: string }): string {
  const params = new URLSearchParams();
  if ("status" in filter) params.set("status", filter.status);
  else {
    params.set("source_type", filter.source_type);
    if (filter.source) params.set("source", filter.source);
  }
  params.set("from", range.from);
  params.set("to", range.to);
  return `/admin/orders?${params}`;
}
