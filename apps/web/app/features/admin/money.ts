import { type Currency, DEFAULT_CURRENCY, formatAmount } from "@cartwright/commerce";

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

/** The separators the shop writes amounts with (Settings → General, currency): the ones the owner types them in. */
export type AmountFormat = Pick<Currency, "decimalSeparator" | "thousandSeparator">;

const DEFAULT_FORMAT: AmountFormat = { decimalSeparator: ".", thousandSeparator: "," };
// Written by the console's frame (routes/admin/layout.tsx).
const DECIMAL_ATTRIBUTE = "data-shop-decimal-separator";
const THOUSAND_ATTRIBUTE = "data-shop-thousand-separator";
let shopFormat = DEFAULT_FORMAT;
let known = false;

/**
 * The shop's separators: the console's frame writes them into its page, read here on first use (the pages' client
 * loaders run before React renders), as the time zone is; the settings page sets them after a save.
 */
export function shopAmountFormat(): AmountFormat {
  if (!known && typeof document !== "undefined") {
    const mark = document.querySelector(`[${DECIMAL_ATTRIBUTE}]`);
    if (mark)
      setShopAmountFormat({
        decimalSeparator: mark.getAttribute(DECIMAL_ATTRIBUTE) ?? "",
        thousandSeparator: mark.getAttribute(THOUSAND_ATTRIBUTE) ?? "",
      });
  }
  return shopFormat;
}

/** Takes the shop's separators; a format without a decimal separator (the settings refuse one) leaves the one before. */
export function setShopAmountFormat(format: AmountFormat): void {
  if (!format.decimalSeparator) return;
  shopFormat = { decimalSeparator: format.decimalSeparator, thousandSeparator: format.thousandSeparator };
  known = true;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A space between thousands is typed as a space, a no-break space or a narrow one alike: the eye cannot tell them apart.
const thousandPattern = (separator: string) => (separator.trim() === "" ? "[ \\u00a0\\u202f]" : escaped(separator));

/**
 * The shape of an amount in `format`: digits, the thousand separator only between groups of three (so "1.5" in a shop
 * that groups with "." is no amount rather than a guess), then the decimal separator and its decimals.
 */
function amountPattern({ decimalSeparator, thousandSeparator }: AmountFormat): RegExp {
  const thousand = thousandSeparator === decimalSeparator ? "" : thousandSeparator;
  const grouped = thousand ? `|\\d{1,3}(?:${thousandPattern(thousand)}\\d{3})+` : "";
  return new RegExp(`^(\\d*${grouped})(?:${escaped(decimalSeparator)}(\\d*))?$`);
}

/**
 * An amount the owner typed in whole units, in the shop's separators ("12,50", "1.234,56", ",5" where the decimal
 * separator is ","), to integer minor units in `digits` decimals; undefined when it is no such amount in that format
 * (empty, a minus, too many decimals, the other separator, a group of other than three digits). The console's one
 * parser of amounts: what it cannot read for sure it refuses, never guesses.
 */
export function toMinor(text: string, digits: number, format = shopAmountFormat()): number | undefined {
  const typed = text.trim();
  const match = amountPattern(format).exec(typed);
  if (!match || !/\d/.test(typed)) return undefined;
  const [, grouped = "", fraction = ""] = match;
  if (fraction.length > digits) return undefined;
  const minor = Number(grouped.replace(/\D/g, "") || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  // Past 2^53 the sum is no longer the amount typed.
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * Minor units as the text of an amount field, in the shop's separators ("1234,56"; grouped, "1.234,56"): what the
 * console prints into an input, which `toMinor` reads back to the same amount.
 */
export function amountText(minor: number, digits: number, format = shopAmountFormat(), grouped = false): string {
  const thousandSeparator = grouped ? format.thousandSeparator : "";
  return formatAmount(minor, { ...DEFAULT_CURRENCY, minorUnit: digits, prefix: "", suffix: "", ...format, thousandSeparator });
}

// A number's stored form: a point before its decimals, no grouping (the owner API's, whatever the shop writes).
const STORED_FORMAT: AmountFormat = { decimalSeparator: ".", thousandSeparator: "" };
// "20.5000" → "20.5", "20.0000" → "20": the decimals a stored number carries past its value say nothing.
const withoutTrailingZeros = (stored: string) => (stored.includes(".") ? stored.replace(/0+$/, "").replace(/\.$/, "") : stored);

/**
 * A decimal number the owner typed that is no amount (a tax rate's or a fee's percentage), in the shop's decimal
 * separator ("20,5" where it is ","), as its stored form ("20.5"): `toMinor`'s rule without thousand separators,
 * which a percentage never needs, so "1.000" where "." groups thousands is refused, not read as one or a thousand.
 * Undefined when it is no such number or has more than `places` decimals.
 */
export function readDecimal(text: string, places: number, format = shopAmountFormat()): string | undefined {
  const units = toMinor(text, places, { decimalSeparator: format.decimalSeparator, thousandSeparator: "" });
  return units === undefined ? undefined : withoutTrailingZeros(amountText(units, places, STORED_FORMAT));
}

/** A stored decimal number ("20.5000") as the shop writes it, without trailing zeros ("20,5"): what `readDecimal` reads back. */
export function decimalText(stored: string, format = shopAmountFormat()): string {
  return withoutTrailingZeros(stored.trim()).replace(".", format.decimalSeparator);
}
