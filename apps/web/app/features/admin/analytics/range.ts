/** The analytics page's periods: presets of the last 7/30/90 days (today included) or a custom range, as the API's YYYY-MM-DD. */
import { shopToday } from "../time-zone.ts";

export const PRESETS = [7, 30, 90] as const;
export const MAX_DAYS = 366;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days ending today: the shop's days, as the server counts them (decision 0086). */
export function presetRange(days: number, today = shopToday()): { from: string; to: string } {
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(start), to: isoDay(end) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range the API takes: both days real, from ≤ to, at most MAX_DAYS days. */
export function validRange(from: string, to: string): boolean {
  if (!DAY.test(from) || !DAY.test(to)) return false;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || isoDay(new Date(start)) !== from || isoDay(new Date(end)) !== to) return false;
  return start <= end && (end - start) / 86_400_000 + 1 <= MAX_DAYS;
}

/** Which preset a range is, if any. */
export function presetOf(from: string, to: string, today = shopToday()): number | null {
  for (const days of PRESETS) {
    const range = presetRange(days, today);
    if (range.from === from && range.to === to) return days;
  }
  return null;
}

export const percent = (ratio: number) => `${(Math.round(ratio * 1000) / 10).toLocaleString("en")}%`;
