/** How the order list writes money and dates: the order's own currency, the owner's locale (the browser's). */
import { formatMoney } from "../money.ts";
import { formatInZone } from "../time-zone.ts";
import { ordersMessages as t } from "./messages.ts";

/** Amounts as the order page writes them: the console's one formatter. */
export { formatMoney };

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
