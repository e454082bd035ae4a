/**
 * The shop's time zone (decision 0086): the days the owner and the shoppers read and pick, as instants.
 * Instants are stored as ISO text in UTC; a day "YYYY-MM-DD" is a calendar day in the shop's zone.
 * UTC is worked out by hand, without Intl: ICU's data costs a process several MB once touched (decision 0066).
 */

export const DEFAULT_TIME_ZONE = "UTC";
const DAY_MS = 86_400_000;

/** The wall clock's fields at an instant in a zone (month 1–12, hour 0–23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** An instant given as an ISO text, milliseconds or a Date, as milliseconds. */
const msOf = (instant: number | Date | string): number =>
  typeof instant === "string" ? Date.parse(instant) : typeof instant === "number" ? instant : instant.getTime();

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  return format;
}

export function wallClock(instant: number | Date, zone: string): WallClock {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  if (zone === "UTC") {
    const d = new Date(ms);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  const fields: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(ms)) fields[part.type] = part.value;
  const year = Number(fields.year);
  return {
    // Before year 1 "en-US" writes the era ("2 BC"): astronomical years keep the arithmetic whole.
    year: fields.era === "BC" ? 1 - year : year,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
export function zoneOffset(instant: number, zone: string): number {
  if (zone === "UTC") return 0;
  const w = wallClock(instant, zone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Date.UTC maps years 0–99 to 1900–1999: setUTCFullYear puts them back.
  const fixed = w.year >= 0 && w.year < 100 ? new Date(wall).setUTCFullYear(w.year) : wall;
  return fixed - (instant - (((instant % 1000) + 1000) % 1000));
}

const DAY_PATTERN = /^(-?\d{4,6})-(\d{2})-(\d{2})$/;

/** Midnight of a calendar day, as if the day were in UTC (no zone involved). */
function utcMidnight(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getTime();
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const dayText = (year: number, month: number, day: number) => `${year < 0 ? "-" : ""}${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The calendar day `days` after (or before) a day. */
export function addDays(day: string, days: number): string {
  const d = new Date(utcMidnight(day) + days * DAY_MS);
  return dayText(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayIn(instant: number | Date | string, zone: string): string {
  const ms = msOf(instant);
  const w = wallClock(ms, zone);
  return dayText(w.year, w.month, w.day);
}

/**
 * The first instant of a day in the zone: its midnight, or, where the clocks skip midnight (a DST
 * change at 00:00, as in America/Santiago or Asia/Beirut), the moment they jump to the day's first hour.
 */
export function dayStart(day: string, zone: string): Date {
  const midnight = utcMidnight(day);
  if (zone === "UTC") return new Date(midnight);
  // The offsets a day before and after: a zone changes its offset at most once around a midnight.
  const before = zoneOffset(midnight - DAY_MS, zone);
  const after = zoneOffset(midnight + DAY_MS, zone);
  const exact = [midnight - before, midnight - after].filter((t) => zoneOffset(t, zone) === midnight - t);
  if (exact.length) return new Date(Math.min(...exact));
  // Midnight never happened on the wall clock: the day began when the clocks jumped over it.
  return new Date(midnight - before);
}

/** The instants a range of days covers, the first day's start included and the instant after its last day excluded, as stored (ISO). */
export function dayRange(from: string, to: string, zone: string): { start: string; end: string } {
  return { start: dayStart(from, zone).toISOString(), end: dayStart(addDays(to, 1), zone).toISOString() };
}

/** An instant from a day and a wall-clock time ("HH:MM") in the zone; a skipped time is read at the offset before the jump (Temporal's "compatible"). */
export function wallTimeToInstant(day: string, time: string, zone: string): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not a time (HH:MM): ${time}`);
  const wall = utcMidnight(day) + (Number(match[1]) * 60 + Number(match[2])) * 60_000;
  if (zone === "UTC") return new Date(wall);
  const before = zoneOffset(wall - DAY_MS, zone);
  const after = zoneOffset(wall + DAY_MS, zone);
  const exact = [wall - before, wall - after].filter((t) => zoneOffset(t, zone) === wall - t);
  return new Date(exact.length ? Math.min(...exact) : wall - before);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 29, 2026": the day an instant falls on in the zone, as Intl's en-US long date writes it. */
export function longDate(instant: number | Date | string, zone: string): string {
  const ms = msOf(instant);
  const w = wallClock(ms, zone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

/** "12:45 AM": the wall-clock time of an instant in the zone, as Intl's en-US short time writes it. */
export function shortTime(instant: number | Date | string, zone: string): string {
  const ms = msOf(instant);
  const w = wallClock(ms, zone);
  return `${w.hour % 12 || 12}:${pad(w.minute)} ${w.hour < 12 ? "AM" : "PM"}`;
}

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant as Intl's en-US writes it ("UTC", "PST", "GMT+11"); UTC without Intl. */
export function zoneName(instant: number | Date | string, zone: string): string {
  if (zone === "UTC") return "UTC";
  const ms = msOf(instant);
  // One formatter per zone, as for the wall clock: making one costs far more than using it.
  let format = nameFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    nameFormatters.set(zone, format);
  }
  const parts = format.formatToParts(ms);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** "2026-11-29 14:05 UTC", "2026-11-30 01:05 GMT+11": an instant's day and 24-hour time in the zone, naming it. */
export function dayTimeText(instant: number | Date | string, zone: string): string {
  const ms = msOf(instant);
  const w = wallClock(ms, zone);
  return `${dayText(w.year, w.month, w.day)} ${pad(w.hour)}:${pad(w.minute)} ${zoneName(ms, zone)}`;
}

/**
 * "2026-11-25 10:30:05": an instant's day and 24-hour time on the zone's wall clock, as a spreadsheet reads a
 * date and time (decision 0149); "" for no instant or a text that is none.
 */
export function spreadsheetDateTime(instant: string | null | undefined, zone: string): string {
  const ms = instant ? Date.parse(instant) : Number.NaN;
  if (Number.isNaN(ms)) return "";
  const w = wallClock(ms, zone);
  return `${dayText(w.year, w.month, w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** A date column's header naming the zone its cells are in ("Date (Europe/Paris)"), as a money column names its currency. */
export const zonedColumn = (label: string, zone: string): string => `${label} (${zone})`;

/** "UTC", or the zone's offset at an instant as "UTC+10:00", "UTC-07:00", "UTC+05:30". */
export function offsetLabel(instant: number | Date, zone: string): string {
  const offset = zoneOffset(typeof instant === "number" ? instant : instant.getTime(), zone);
  if (offset === 0) return "UTC";
  const minutes = Math.round(Math.abs(offset) / 60_000);
  return `UTC${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
