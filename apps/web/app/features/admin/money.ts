/**
 * How the console writes an amount of an order: the order's currency, in the decimals the shop kept it in, the
 * owner's locale (undefined: the browser's). One formatter for the order list, the order page and its documents,
 * so every negative amount on them (a coupon's discount, a refund, a discount fee) carries the one sign the
 * locale writes ("-$5.50" in English), never a typed minus beside Intl's.
 */

/**
 * An amount in minor units in `currency` ("$61.00", "¥6,100", "-$5.50"), in the decimals the order was kept in
 * (`minorUnit`, the reply's `currency_minor_unit`), else the currency's own.
 */
export function formatMoney(minor: number, currency: string, minorUnit?: number, locale?: string): string {
  const shopDigits = minorUnit === undefined ? {} : { minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit };
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, ...shopDigits });
    const digits = minorUnit ?? format.resolvedOptions().maximumFractionDigits ?? 2;
    // `|| 0`: a zero taken off (-0) is written $0.00, without a sign.
    return format.format(minor / 10 ** digits || 0);
  } catch {
    // An unknown currency code: the number with its code, never nothing.
    const digits = minorUnit ?? 2;
    return `${(minor / 10 ** digits || 0).toFixed(digits)} ${currency}`.trim();
  }
}

/** What a total takes off (a coupon's discount, a refund), kept as a positive amount: written as the negative it is. */
export function formatDeduction(minor: number, currency: string, minorUnit?: number, locale?: string): string {
  return formatMoney(-Math.abs(minor), currency, minorUnit, locale);
}

/**
 * "1,500" as the owner types an amount: a comma before exactly three digits, a thousands separator as often as a
 * decimal comma. The console's amount fields refuse it rather than guess: read as 1.500 in a currency of three
 * decimals, it would price at a thousandth of what was meant.
 */
const THOUSANDS_COMMA = /^\d+,\d{3}$/;

/**
 * An amount the owner typed in whole units ("12.5", "12,50", ".5") to integer minor units in `digits` decimals;
 * undefined when it is no such amount (empty, too many decimals, or "1,500"). The console's one parser of amounts.
 */
export function toMinor(text: string, digits: number): number | undefined {
  const typed = text.trim();
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(typed);
  if (!match || !/\d/.test(typed) || THOUSANDS_COMMA.test(typed)) return undefined;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) return undefined;
  return Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}
