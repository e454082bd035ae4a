/** How the order list writes money and dates: the order's own currency, the owner's locale (the browser's). */

/** An amount in minor units in `currency`, with that currency's own decimals ("$61.00", "¥6,100"). */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code: the number with its code.
    return `${(minor / 100).toFixed(2)} ${currency}`.trim();
  }
}

export function formatDateTime(value: string, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
