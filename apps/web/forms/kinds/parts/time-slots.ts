/** The time listbox's choices: every 15 minutes inside the field's min/max, wrapping past midnight as the rule does. */
import type { TimeField } from "@cartwright/commerce/forms";
import { formatTime, isWithinTimeLimit, parseTime12h, parseTime24h } from "@cartwright/commerce/forms";

export const SLOT_MINUTES = 15;

/** Minutes since midnight of each choice, in the order a visitor meets them (from min onwards). */
export function timeSlots(field: Pick<TimeField, "minTime" | "maxTime">, step = SLOT_MINUTES): number[] {
  const min = field.minTime ? parseTime24h(field.minTime) : null;
  const max = field.maxTime ? parseTime24h(field.maxTime) : null;
  const start = min !== null && max !== null ? min : 0;
  const slots: number[] = [];
  for (let offset = 0; offset < 24 * 60; offset += step) {
    const minutes = (start + offset) % (24 * 60);
    if (min === null || max === null || isWithinTimeLimit(minutes, min, max)) slots.push(minutes);
  }
  return slots;
}

/** The choice texts as the field writes them ("9:15 AM" or "09:15"). */
export function slotLabels(field: Pick<TimeField, "minTime" | "maxTime" | "format">): string[] {
  return timeSlots(field).map((minutes) => formatTime(minutes, field.format));
}

/** The index of the choice nearest to what is typed (a full time, or the start of one), or -1. */
export function matchingSlot(labels: readonly string[], typed: string, format: TimeField["format"]): number {
  const text = typed.trim().toLowerCase();
  if (text === "") return -1;
  const minutes = format === "12h" ? parseTime12h(text) : parseTime24h(text);
  if (minutes !== null) {
    const exact = labels.indexOf(formatTime(minutes, format));
    if (exact >= 0) return exact;
  }
  return labels.findIndex((label) => label.toLowerCase().startsWith(text));
}
