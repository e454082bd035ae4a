/** How the inbox writes dates and sizes. */

import { pageParam } from "../components/page-param.ts";
import { formatInZone } from "../time-zone.ts";

/** A moment in the shop's time zone (decision 0086): the inbox's and the form entries' dates. */
export function formatDateTime(value: string): string {
  return formatInZone(value, { dateStyle: "medium", timeStyle: "short" }, "en");
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The inbox's query from the URL, clamped to what the API takes. */
export function inboxQuery(search: URLSearchParams) {
  const widget = Number(search.get("widget"));
  return {
    search: (search.get("search") ?? "").slice(0, 200),
    widget_id: Number.isInteger(widget) && widget > 0 ? widget : undefined,
    unread: search.get("unread") === "1",
    page: pageParam(search),
  };
}
