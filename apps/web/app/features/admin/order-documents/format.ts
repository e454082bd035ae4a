/** How the order documents write money, dates, addresses and taxes: in the owner's locale, money in the order's currency. */
import { formatMoney } from "../money.ts";
import { formatInZone } from "../time-zone.ts";
import type { OrderAddress } from "./api.ts";

/** Amounts as the order page writes them, every negative one with the same sign: the console's one formatter. */
export { formatMoney };

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
