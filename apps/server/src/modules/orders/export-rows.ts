/**
 * The order export's columns and one order as its CSV row (issue 18; decision 0033). Pure: the
 * export (orders.export.ts) reads the orders page by page and writes each through `exportLine`.
 */

import { type AddressParts, addressLines, addressNames, csvLine } from "@cartwright/commerce";
import { dayIn, spreadsheetDateTime, zonedColumn } from "@cartwright/commerce/time-zone";
import { originLabel } from "../attribution/index.ts";

/** The columns, in the order of the cells `exportCells` writes. Documented in the README's owner API paragraph. */
export const EXPORT_COLUMNS = [
  "Number",
  "Date",
  "Status",
  "Customer name",
  "Email",
  "Phone",
  "Billing address",
  "Shipping address",
  "Items",
  "Item count",
  "Subtotal",
  "Discount",
  "Shipping",
  "Fees",
  "Tax",
  "Total",
  "Refunded",
  "Currency",
  "Payment method",
  "Transaction id",
  "Origin",
  "Customer note",
] as const;

/** The header row: the date column names the shop's time zone its times are in ("Date (Europe/Paris)", decision 0149). */
export const exportHeader = (zone: string): string[] =>
  EXPORT_COLUMNS.map((column) => (column === "Date" ? zonedColumn(column, zone) : column));

/** What the export reads of one order (its row, its attribution's kind and source). */
export interface ExportOrder {
  id: number;
  created_at: string;
  status: string;
  billing_email: string;
  billing_address: string;
  shipping_address: string;
  customer_note: string;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  currency: string;
  total: number;
  total_tax: number;
  total_shipping: number;
  total_discount: number;
  total_refunded: number;
  /** The order's fees as kept (JSON: name, total before tax, total_tax); a discount fee is below 0. */
  fee_lines: string;
  source_type: string | null;
  utm_source: string | null;
}

export interface ExportLineItem {
  name: string;
  quantity: number;
  /** Minor units before discounts, without tax. */
  subtotal: number;
}

/** Minor units as a plain decimal a spreadsheet reads as a number ("1234.50"): no symbol, no grouping. */
export function decimalAmount(minorUnits: number, minorUnit: number): string {
  const units = Math.round(Number(minorUnits) || 0);
  const digits = String(Math.abs(units)).padStart(minorUnit + 1, "0");
  const whole = digits.slice(0, digits.length - minorUnit);
  return `${units < 0 ? "-" : ""}${minorUnit > 0 ? `${whole}.${digits.slice(-minorUnit)}` : whole}`;
}

/** The shop's currency and its decimals, as its settings keep them. */
export interface ShopCurrency {
  code: string;
  minorUnit: number;
}

/** The digits after the decimal point of a currency: the shop's own setting for its currency, otherwise ISO 4217's. */
export function minorUnitOf(code: string, shop: ShopCurrency): number {
  if (code === shop.code) return shop.minorUnit;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

const parseAddress = (json: string): AddressParts => {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" ? (value as AddressParts) : {};
  } catch {
    return {};
  }
};

/** An address in one cell: its lines as a label writes them (name, company, street, city, country), comma-separated. */
const addressCell = (address: AddressParts) => addressLines(address, addressNames(address)).join(", ");

/** The fees' totals before tax (their tax is in the order's tax), so Subtotal − Discount + Shipping + Fees + Tax = Total. */
function feesBeforeTax(json: string): number {
  try {
    const fees = JSON.parse(json) as unknown;
    if (!Array.isArray(fees)) return 0;
    return fees.reduce((sum: number, fee: { total?: unknown }) => sum + (Math.round(Number(fee?.total)) || 0), 0);
  } catch {
    return 0;
  }
}

/** One order's cells, in EXPORT_COLUMNS' order; money as decimals in the order's currency, its date on the shop's wall clock. */
export function exportCells(order: ExportOrder, items: readonly ExportLineItem[], minorUnit: number, zone = "UTC"): unknown[] {
  const billing = parseAddress(order.billing_address);
  const money = (minor: number) => decimalAmount(minor, minorUnit);
  return [
    order.id,
    spreadsheetDateTime(order.created_at, zone),
    order.status,
    [billing.first_name, billing.last_name].filter(Boolean).join(" "),
    order.billing_email,
    billing.phone ?? "",
    addressCell(billing),
    addressCell(parseAddress(order.shipping_address)),
    items.map((item) => `${item.name} × ${item.quantity}`).join("; "),
    items.reduce((sum, item) => sum + item.quantity, 0),
    money(items.reduce((sum, item) => sum + item.subtotal, 0)),
    money(order.total_discount),
    money(order.total_shipping),
    money(feesBeforeTax(order.fee_lines)),
    money(order.total_tax),
    money(order.total),
    money(order.total_refunded),
    order.currency,
    order.payment_method_title || order.payment_method,
    order.transaction_id,
    originLabel(order.source_type, order.utm_source),
    order.customer_note,
  ];
}

/** One order as a line of the file: every cell spreadsheet-safe (a "=…" name is text, never a formula). */
export function exportLine(order: ExportOrder, items: readonly ExportLineItem[], minorUnit: number, zone = "UTC"): string {
  return csvLine(exportCells(order, items, minorUnit, zone));
}

/** The file's name: the shop's orders on the day it was exported, in the shop's time zone (decision 0086). */
export const exportFileName = (now: Date, zone = "UTC") => `orders-${dayIn(now, zone)}.csv`;
