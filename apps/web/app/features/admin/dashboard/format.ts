/**
 * How the dashboard and customers pages write figures, in the owner's locale (the browser's):
 * amounts in minor units in the shop's currency, in the decimals the shop keeps them in (its currency
 * setting's, which the owner API sends as `currency_minor_unit`; else ISO's: JPY has none, KWD three),
 * whole amounts on the chart's axis, counts grouped, days and moments.
 */
import { formatInZone } from "../time-zone.ts";

export interface MoneyFormat {
  /** "$1,234.50" */
  amount(minor: number): string;
  /** "$1,235": the axis has no room for cents. */
  whole(minor: number): string;
  /** Minor units in one whole unit (100 for USD, 1 for JPY). */
  unit: number;
}

export function moneyFormat(currency: string, minorUnit?: number, locale?: string): MoneyFormat {
  const shopDigits = minorUnit === undefined ? {} : { minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit };
  let full: Intl.NumberFormat;
  try {
    full = new Intl.NumberFormat(locale, { style: "currency", currency, ...shopDigits });
  } catch {
    // An unknown code: the number with the code after it, two decimals as most currencies have.
    const places = minorUnit ?? 2;
    const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
    return {
      amount: (minor) => `${plain.format(minor / 10 ** places)} ${currency}`,
      whole: (minor) => `${Math.round(minor / 10 ** places)} ${currency}`,
      unit: 10 ** places,
    };
  }
  const digits = minorUnit ?? full.resolvedOptions().maximumFractionDigits ?? 2;
  const whole = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
  return {
    amount: (minor) => full.format(minor / 10 ** digits),
    whole: (minor) => whole.format(minor / 10 ** digits),
    unit: 10 ** digits,
  };
}

const counts = new Intl.NumberFormat();
export const formatCount = (value: number): string => counts.format(value);

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** A YYYY-MM-DD day as the owner reads it ("Nov 25, 2026"): a calendar day, written without moving it to another zone. */
export function formatDay(day: string, short = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (short ? shortDayFormat : dayFormat).format(date);
}

/** A moment (ISO) in the shop's time zone (decision 0086), with the time ("Nov 25, 2026, 3:04 PM") or without. */
export function formatMoment(value: string, withTime = true): string {
  return formatInZone(value, withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" });
}
