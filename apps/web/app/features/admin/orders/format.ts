/** How the order list writes money and dates: the order's own currency, the owner's locale (the browser's). */

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

export function formatDateTime(value: string, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
