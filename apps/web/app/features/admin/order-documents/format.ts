/** How the order documents write money, dates, addresses and taxes: in the owner's locale, money in the order's currency. */
import { formatInZone } from "../time-zone.ts";
import type { OrderAddress } from "./api.ts";

/**
 * An amount in minor units in the order's currency ("$61.00"), in the decimals the order was kept in
 * (`minorUnit`, its totals' `currency_minor_unit`), else the currency's own.
 */
export function formatMoney(minor: number, currency: string, minorUnit?: number, locale?: string): string {
  const shopDigits = minorUnit === undefined ? {} : { minimumFractionDigits: minorUnit, maximumFractionDigits: minorUnit };
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, ...shopDigits });
    const digits = minorUnit ?? format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code: the amount with the code, never nothing.
    const digits = minorUnit ?? 2;
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`.trim();
  }
}

/** A day as the owner's locale writes it ("25 November 2026"), the shop's time zone's day (decision 0086). */
export function formatDate(iso: string, locale?: string): string {
  return formatInZone(iso, { dateStyle: "long" }, locale);
}

/** The address's text field, or "" (the shop's own address fields may be booleans). */
export const addressText = (address: OrderAddress, key: string) => {
  const value = address[key];
  return typeof value === "string" ? value.trim() : "";
};

/** A variation as "Size: M, Colour: Blue". */
export const variationText = (variation: { attribute: string; value: string }[]) =>
  variation.map((part) => `${part.attribute}: ${part.value}`).join(", ");
