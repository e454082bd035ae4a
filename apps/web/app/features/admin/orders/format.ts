/** How the order list writes money and dates: the order's own currency, the owner's locale (the browser's). */
import { formatInZone } from "../time-zone.ts";
import { ordersMessages as t } from "./messages.ts";

/**
 * An amount in minor units in `currency` ("$61.00", "¥6,100"), in the decimals the shop keeps it in
 * (`minorUnit`, the reply's `currency_minor_unit`), else the currency's own.
 */
export function formatMoney(minor: number, currency: string, minorUnit?: number, locale?: string): string {
  const shopDigits = minorUnit === undefined ? {} : { minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit };
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, ...shopDigits });
    const digits = minorUnit ?? format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code: the number with its code.
    const digits = minorUnit ?? 2;
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`.trim();
  }
}

/** Under a row's total when some of it was refunded: what went back and what the order kept (the dashboard's sales count the latter). */
export function refundedNote(
  order: { total: number; refunded: number; currency: string; currency_minor_unit?: number },
  locale?: string,
): string | null {
  if (order.refunded <= 0) return null;
  const money = (minor: number) => formatMoney(minor, order.currency, order.currency_minor_unit, locale);
  return t.refundedNote(money(order.refunded), money(order.total - order.refunded));
}

/**
 * A row's moment in the shop's time zone, naming it ("Nov 30, 2026, 2:26 AM UTC", "…, 1:26 PM GMT+11"):
 * the list's From/To days, the dashboard and the export count the zone's days, so the day a row shows is the day its filter finds it on.
 */
export function formatDateTime(value: string, locale?: string): string {
  return formatInZone(
    value,
    { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
    locale,
  );
}
