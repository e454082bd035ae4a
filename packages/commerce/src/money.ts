/** How a shop writes its money: the currency fields every Store API price carries. */
export interface Currency {
  code: string;
  symbol: string;
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  prefix: string;
  suffix: string;
}

/** The currency fields as the Store API sends them (snake_case, next to every amount). */
export interface CurrencyFields {
  currency_code: string;
  currency_symbol: string;
  currency_minor_unit: number;
  currency_decimal_separator: string;
  currency_thousand_separator: string;
  currency_prefix: string;
  currency_suffix: string;
}

export type SymbolPosition = "left" | "left_space" | "right" | "right_space";

export const DEFAULT_CURRENCY: Currency = {
  code: "USD",
  symbol: "$",
  minorUnit: 2,
  decimalSeparator: ".",
  thousandSeparator: ",",
  prefix: "$",
  suffix: "",
};

/** The symbol position setting decides whether the symbol is a prefix or a suffix (spec §9). */
export function affixesFor(symbol: string, position: SymbolPosition): { prefix: string; suffix: string } {
  switch (position) {
    case "left":
      return { prefix: symbol, suffix: "" };
    case "left_space":
      return { prefix: `${symbol} `, suffix: "" };
    case "right":
      return { prefix: "", suffix: symbol };
    case "right_space":
      return { prefix: "", suffix: ` ${symbol}` };
  }
}

export function currencyFields(currency: Currency): CurrencyFields {
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    currency_minor_unit: currency.minorUnit,
    currency_decimal_separator: currency.decimalSeparator,
    currency_thousand_separator: currency.thousandSeparator,
    currency_prefix: currency.prefix,
    currency_suffix: currency.suffix,
  };
}

export function currencyFromFields(fields: CurrencyFields): Currency {
  return {
    code: fields.currency_code,
    symbol: fields.currency_symbol,
    minorUnit: fields.currency_minor_unit,
    decimalSeparator: fields.currency_decimal_separator,
    thousandSeparator: fields.currency_thousand_separator,
    prefix: fields.currency_prefix,
    suffix: fields.currency_suffix,
  };
}

/**
 * Formats an amount in minor units (spec §5 "Price format"): empty or non-numeric input gives
 * an empty string; thousands are grouped; decimals padded to the minor unit; equal separators
 * drop the thousands separator. Works on the digit string, so large amounts never lose cents.
 */
export function formatAmount(minorUnits: number | string | null | undefined, currency: Currency): string {
  if (minorUnits === null || minorUnits === undefined) return "";
  const text = String(minorUnits).trim();
  if (!/^-?\d+$/.test(text)) return "";
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, "");
  const unit = Math.max(0, Math.trunc(currency.minorUnit));
  const padded = digits.padStart(unit + 1, "0");
  const whole = padded.slice(0, padded.length - unit);
  const fraction = padded.slice(padded.length - unit);
  const thousands = currency.thousandSeparator === currency.decimalSeparator ? "" : currency.thousandSeparator;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const number = unit > 0 ? `${grouped}${currency.decimalSeparator}${fraction}` : grouped;
  const isZero = /^0*$/.test(digits);
  return `${negative && !isZero ? "-" : ""}${currency.prefix}${number}${currency.suffix}`;
}

/**
 * A whole number with a comma between thousands ("16,384"), as `toLocaleString("en")` writes it,
 * without touching ICU's data: messages built as modules load would cost the process several MB (decision 0066).
 */
export function groupedWhole(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Parses a decimal price as an owner types it ("19.99") into minor units, or null. */
export function parseDecimalAmount(text: string, minorUnit: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > minorUnit) return null;
  return Number(whole) * 10 ** minorUnit + Number(fraction.padEnd(minorUnit, "0") || "0");
}
