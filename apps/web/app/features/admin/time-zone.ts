/**
 * The shop's time zone in the console (Settings → General, decision 0086): every date and time the
 * owner reads is written in it, and "today" is its day, as the server counts the reports' and the
 * list's days. The console's frame writes it into its page (`data-shop-time-zone`), which is read
 * here on first use (the pages' client loaders run before React renders); the settings page sets it after a save.
 */
const TIME_ZONE_ATTRIBUTE = "data-shop-time-zone";
let zone = "UTC";
let known = false;
const formats = new Map<string, Intl.DateTimeFormat>();

export function shopTimeZone(): string {
  if (!known && typeof document !== "undefined") {
    const written = document.querySelector(`[${TIME_ZONE_ATTRIBUTE}]`)?.getAttribute(TIME_ZONE_ATTRIBUTE);
    if (written) setShopTimeZone(written);
  }
  return zone;
}

/** Takes the shop's zone; a zone this browser does not know leaves the one before (Intl would throw on it). */
export function setShopTimeZone(next: string): void {
  if (!next) return;
  // UTC needs no check: Intl is touched only for another zone (decision 0066).
  if (next === "UTC") {
    zone = next;
    known = true;
    return;
  }
  try {
    new Intl.DateTimeFormat("en", { timeZone: next });
    zone = next;
    known = true;
  } catch {
    // Kept: the dates stay readable in the zone before.
  }
}

/** A formatter in the shop's zone, made once per zone, locale and options. */
export function zonedFormat(options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  const timeZone = shopTimeZone();
  const key = `${timeZone}|${locale ?? ""}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** An ISO moment in the shop's zone with `options`, or the text itself when it is not one. */
export function formatInZone(value: string, options: Intl.DateTimeFormatOptions, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : zonedFormat(options, locale).format(date);
}

/** Today in the shop's zone, as a Date at noon UTC of that day: the day pickers' presets count from it. */
export function shopToday(now = Date.now()): Date {
  const parts = zonedFormat({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-US").formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  // From the parts, not a locale's date pattern, which ICU versions have changed (en-CA's among them).
  return new Date(`${part("year")}-${part("month")}-${part("day")}T12:00:00Z`);
}
