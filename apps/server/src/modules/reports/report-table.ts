/**
 * The reports tabs' pure parts (decision 0104): a tab's rows searched, sorted and cut into a page,
 * a tax line's share of an order's shipping tax, and each tab's CSV columns and cells. The queries
 * are reports.tabs.ts'.
 */

import type {
  CouponReportRow as CouponRow,
  CustomerReportRow as CustomerRow,
  ProductReportRow as ProductRow,
  TaxReportRow as TaxRow,
} from "@cartwright/commerce/admin";
import { zonedColumn } from "@cartwright/commerce/time-zone";
import { pagingOf } from "../../http/paging.ts";
import { decimalAmount } from "../orders/index.ts";

export type SortOrder = "asc" | "desc";

export interface TableQuery<S extends string> {
  search?: string;
  sort: S;
  order: SortOrder;
  page: number;
  perPage: number;
}

export interface TableShape<R, S extends string> {
  /** The words a search looks in (lower-cased here). */
  text(row: R): string;
  /** Each sort's value of a row: text sorts A to Z by the owner's letters, numbers by size. */
  sorts: Record<S, (row: R) => string | number>;
  /** A row's unique key: the last tie-break, so a page never shows a row twice or loses one. */
  key(row: R): string;
}

/** Words of a search, lower-cased; every one must be found. */
const words = (search: string | undefined) => (search ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean);

const compareValues = (a: string | number, b: string | number) =>
  typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "en", { sensitivity: "base" });

/** The rows a search finds, in the order asked (ties by key, always ascending). */
export function arrange<R, S extends string>(
  rows: readonly R[],
  query: Omit<TableQuery<S>, "page" | "perPage">,
  shape: TableShape<R, S>,
): R[] {
  const wanted = words(query.search);
  const found = wanted.length ? rows.filter((row) => wanted.every((word) => shape.text(row).toLowerCase().includes(word))) : [...rows];
  const value = shape.sorts[query.sort];
  const direction = query.order === "asc" ? 1 : -1;
  return found.sort((a, b) => direction * compareValues(value(a), value(b)) || shape.key(a).localeCompare(shape.key(b)));
}

/** One page of arranged rows, with the owner lists' paging fields (the headers send them too). */
export function pageOf<R>(rows: readonly R[], page: number, perPage: number) {
  return { ...pagingOf(rows.length, page, perPage), rows: rows.slice((page - 1) * perPage, page * perPage) };
}

/** Sums of the named figures over rows. */
export function sumOf(rows: readonly object[], keys: readonly string[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const key of keys) sums[key] = rows.reduce((sum, row) => sum + Number((row as Record<string, unknown>)[key]), 0);
  return sums;
}

/**
 * An order's shipping tax shared over its tax lines (an order keeps its shipping tax as one figure,
 * not by rate): in proportion to each line's amount, in whole minor units, the units left by
 * rounding down going to the largest remainders (then the first lines), so the shares add up to the
 * shipping tax exactly. One line takes it all; lines that add up to nothing share nothing.
 */
export function shippingTaxShares(amounts: readonly number[], shippingTax: number): number[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  if (!amounts.length) return [];
  if (amounts.length === 1) return [shippingTax];
  if (whole <= 0 || shippingTax === 0) return amounts.map(() => 0);
  const sign = shippingTax < 0 ? -1 : 1;
  const tax = Math.abs(shippingTax);
  const exact = amounts.map((amount) => (Math.max(0, amount) * tax) / whole);
  const shares = exact.map(Math.floor);
  let left = tax - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares.map((share) => sign * share);
}

/** A tax line's label, "VAT (20%)", or its name alone when it has no rate. */
export const taxLabel = (name: string, rate: string): string => (rate ? `${name} (${rate})` : name);

interface CsvTab<R> {
  /** The header row; money columns name the currency ("Net sales (USD)"), date columns the shop's time zone. */
  columns(currency: string, zone: string): string[];
  cells(row: R, minorUnit: number, dateCell: (iso: string) => string): unknown[];
}

/** Each tab's columns and cells: money as decimals in the shop's currency (named in the header), dates in its time zone. */
export const CSV_TABS: {
  products: CsvTab<ProductRow>;
  coupons: CsvTab<CouponRow>;
  taxes: CsvTab<TaxRow>;
  customers: CsvTab<CustomerRow>;
} = {
  products: {
    columns: (c) => ["Product id", "Variation id", "Product", "Variation", "SKU", "Items sold", `Net sales (${c})`, "Orders"],
    cells: (row, unit) => [
      row.product_id,
      row.variation_id ?? "",
      row.name,
      row.variation,
      row.sku,
      row.items_sold,
      decimalAmount(row.net_sales, unit),
      row.orders,
    ],
  },
  coupons: {
    columns: (c) => ["Coupon code", "Orders", `Amount discounted (${c})`],
    cells: (row, unit) => [row.code, row.orders, decimalAmount(row.discount, unit)],
  },
  taxes: {
    columns: (c) => ["Tax", "Rate", `Order tax (${c})`, `Shipping tax (${c})`, `Total tax (${c})`, "Orders"],
    cells: (row, unit) => [
      row.name,
      row.rate,
      decimalAmount(row.order_tax, unit),
      decimalAmount(row.shipping_tax, unit),
      decimalAmount(row.total_tax, unit),
      row.orders,
    ],
  },
  customers: {
    columns: (c, zone) => [
      "Name",
      "Email",
      "Type",
      "Orders",
      `Total spend (${c})`,
      `Average order value (${c})`,
      zonedColumn("Last order", zone),
    ],
    cells: (row, unit, dateCell) => [
      row.name,
      row.email,
      row.type === "guest" ? "Guest" : "Registered",
      row.orders,
      decimalAmount(row.spend, unit),
      decimalAmount(row.average, unit),
      dateCell(row.last_order_at),
    ],
  },
};

export type { CouponRow, CustomerRow, ProductRow, TaxRow };
