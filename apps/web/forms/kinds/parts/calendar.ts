/**
 * The date picker's pure parts: the month grid, moving by days and months, and which days the
 * field's rules (minDate, maxDate, minDaysAhead: validate.ts "date") allow. Dates are YYYY-MM-DD.
 */
import type { DateField } from "@cartwright/commerce/forms";
import { addDays, isCalendarDate } from "@cartwright/commerce/forms";

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

function parts(iso: string): [number, number, number] {
  return [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
}

function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The browser's today as YYYY-MM-DD (the visitor's calendar day). */
export function localToday(now = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The same day `months` later, kept inside the target month (31 January + 1 → 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(day, last));
}

/** Weeks of the month holding `date`, Sunday first; days of other months are null. */
export function monthGrid(date: string): (string | null)[][] {
  const [year, month] = parts(date);
  const first = iso(year, month, 1);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = 1; day <= days; day++) cells.push(iso(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** "November 2026". */
export function monthTitle(date: string): string {
  const [year, month] = parts(date);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Wednesday 25 November 2026", for a day's accessible name. */
export function longDate(date: string): string {
  const [year, month, day] = parts(date);
  return `${WEEKDAYS[weekday(date)]?.[1]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** The earliest and latest day the field accepts, as the server's rule reads them. */
export function dateBounds(field: Pick<DateField, "minDate" | "maxDate" | "minDaysAhead">, today: string): { min?: string; max?: string } {
  const lows = [field.minDate, field.minDaysAhead !== undefined ? addDays(today, field.minDaysAhead) : undefined].filter(
    (value): value is string => Boolean(value),
  );
  const bounds: { min?: string; max?: string } = {};
  const min = lows.sort().at(-1);
  if (min) bounds.min = min;
  if (field.maxDate) bounds.max = field.maxDate;
  return bounds;
}

export function isAllowed(date: string, bounds: { min?: string; max?: string }): boolean {
  return !(bounds.min && date < bounds.min) && !(bounds.max && date > bounds.max);
}

/** Where the grid opens: the typed day when it is a real one, else the first allowed day from today. */
export function startDate(typed: string, today: string, bounds: { min?: string; max?: string }): string {
  if (isCalendarDate(typed)) return typed;
  if (bounds.min && today < bounds.min) return bounds.min;
  if (bounds.max && today > bounds.max) return bounds.max;
  return today;
}

/** The day a key moves to (APG date picker keys); null for other keys. */
export function moveByKey(date: string, key: string, shift: boolean): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -weekday(date));
    case "End":
      return addDays(date, 6 - weekday(date));
    case "PageUp":
      return addMonths(date, shift ? -12 : -1);
    case "PageDown":
      return addMonths(date, shift ? 12 : 1);
    default:
      return null;
  }
}
