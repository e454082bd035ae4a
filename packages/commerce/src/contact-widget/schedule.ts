/**
 * The widget's time and place triggers (spec §5.1; reference §2 "Chaty"): the date range, the
 * day/hour schedules and the country rule, read in the widget's zone (an IANA name or an offset in
 * hours). Unlike the modelled system, a schedule may cross midnight. Small: the loader bundles it.
 */
import type { WidgetTriggers } from "./types.ts";

/** A moment as a wall clock in some zone shows it; month 1–12, weekday 0 = Sunday. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  weekday: number;
}

/** "+5.5", "-3", "5:30", "-03:30", "UTC+2" (at most 14 hours either way). */
const OFFSET = /^(?:UTC|GMT)?\s*([+-])?\s*(\d{1,2})(?:([.,]\d+)|:(\d{2}))?$/i;

/** The offset in minutes an hours offset names, or null when the text is not one. */
export function offsetMinutes(zone: string): number | null {
  const match = OFFSET.exec(String(zone).trim());
  if (!match) return null;
  const [, sign, hours, fraction, minutes] = match;
  const total = Number(hours) * 60 + (fraction ? Math.round(Number(fraction.replace(",", ".")) * 60) : Number(minutes ?? 0));
  if (total > 14 * 60 || Number(minutes ?? 0) >= 60) return null;
  return sign === "-" ? -total : total;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's formatter, or null for a name Intl does not know (cached both ways). */
function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    } catch {
      formatter = null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

function partsOf(year: number, month: number, day: number, hours: number, minutes: number): ZonedParts {
  return { year, month, day, hours, minutes, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

function utcParts(time: number): ZonedParts {
  const d = new Date(time);
  return partsOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
}

/** `now` on the wall clock of `zone`: an IANA zone or an hours offset; blank or unknown means UTC. */
export function zonedParts(now: Date, zone: string): ZonedParts {
  const name = String(zone ?? "").trim();
  if (!name) return utcParts(now.getTime());
  const offset = offsetMinutes(name);
  if (offset !== null) return utcParts(now.getTime() + offset * 60_000);
  // A bad offset is UTC too; newer Intl would read "+15" itself, differently from browser to browser.
  const formatter = /^[+\-\d]/.test(name) ? null : formatterFor(name);
  if (!formatter) return utcParts(now.getTime());
  const value: Record<string, number> = {};
  for (const part of formatter.formatToParts(now)) value[part.type] = Number(part.value);
  return partsOf(value.year ?? 0, value.month ?? 1, value.day ?? 1, (value.hour ?? 0) % 24, value.minute ?? 0);
}

/** A wall-clock time as one comparable number (YYYYMMDDHHMM). */
function wallClock(p: Pick<ZonedParts, "year" | "month" | "day" | "hours" | "minutes">): number {
  return (((p.year * 100 + p.month) * 100 + p.day) * 100 + p.hours) * 100 + p.minutes;
}

/** "YYYY-MM-DD HH:MM" (also "T", seconds ignored) or a bare date: at 00:00, or 23:59 for an end. */
function parseWallClock(text: string, end: boolean): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2})?)?$/.exec((text ?? "").trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match;
  const hours = h === undefined ? (end ? 23 : 0) : Number(h);
  const minutes = mi === undefined ? (end ? 59 : 0) : Number(mi);
  return wallClock({ year: Number(y), month: Number(mo), day: Number(d), hours, minutes });
}

/** Spec §5.1 date rule: now, in time_diff's zone, lies between the two ends, each inclusive; a blank end is open. */
export function dateRuleAllows(triggers: WidgetTriggers, now: Date): boolean {
  if (!triggers.has_date_scheduling_rules) return true;
  const { start_date_time, end_date_time } = triggers.date_scheduling_rules ?? { start_date_time: "", end_date_time: "" };
  const current = wallClock(zonedParts(now, triggers.time_diff));
  const start = parseWallClock(start_date_time, false);
  const end = parseWallClock(end_date_time, true);
  return (start === null || current >= start) && (end === null || current <= end);
}

/** Spec §5.1 days codes: -1 every day, 0–6 one weekday (0 Sunday), 7 Sun–Thu, 8 Mon–Fri, 9 Sat–Sun. */
export function daysCodeMatches(days: number, weekday: number): boolean {
  switch (Number(days)) {
    case -1:
      return true;
    case 7:
      return weekday <= 4;
    case 8:
      return weekday >= 1 && weekday <= 5;
    case 9:
      return weekday === 0 || weekday === 6;
    default:
      return Number(days) === weekday;
  }
}

/**
 * Spec §5.1 day/hour rule: shown when any rule holds in day_time_diff's zone, from start_hours:
 * start_min to end_hours:end_min, both minutes included. A rule ending earlier than it starts
 * (22:00–02:00) runs on into the next day; its days code names the day it began.
 */
export function dayHoursRuleAllows(triggers: WidgetTriggers, now: Date): boolean {
  const rules = triggers.day_hours_scheduling_rules ?? [];
  if (!triggers.has_day_hours_scheduling_rules || rules.length === 0) return true;
  const { hours, minutes, weekday } = zonedParts(now, triggers.day_time_diff);
  const current = hours * 60 + minutes;
  return rules.some((rule) => {
    const start = Number(rule.start_hours) * 60 + Number(rule.start_min);
    const end = Number(rule.end_hours) * 60 + Number(rule.end_min);
    if (start <= end) return current >= start && current <= end && daysCodeMatches(rule.days, weekday);
    if (current >= start) return daysCodeMatches(rule.days, weekday);
    return current <= end && daysCodeMatches(rule.days, (weekday + 6) % 7);
  });
}

/** Spec §5.1 country rule: hidden only for a known country not in the list; "-" (unknown) shows. */
export function countryAllows(triggers: WidgetTriggers, country: string): boolean {
  const countries = triggers.countries ?? [];
  if (!triggers.has_countries || countries.length === 0) return true;
  const code = (country ?? "").trim().toUpperCase();
  if (code === "" || code === "-") return true;
  return countries.some((allowed) => allowed.trim().toUpperCase() === code);
}

/** The triggers that depend only on the moment and the country (delay, scroll and exit intent are the page's). */
export function scheduleAllows(triggers: WidgetTriggers, now: Date, country: string): boolean {
  return countryAllows(triggers, country) && dateRuleAllows(triggers, now) && dayHoursRuleAllows(triggers, now);
}
