/** The customer export's columns and one account as its row (decision 0103). Pure: customers.export.ts reads the pages. */
import { wallClock, zonedColumn } from "@cartwright/commerce/time-zone";
import { decimalAmount } from "../orders/index.ts";
import { parseAddress } from "./customers.service.ts";

export const CUSTOMER_EXPORT_COLUMNS = [
  "Id",
  "Email",
  "First name",
  "Last name",
  "Role",
  "Company",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "Postcode",
  "Country",
  "Phone",
  "Paid orders",
  "Total spent",
  "Currency",
  "Last order",
  "Registered",
] as const;

/** The header row: the date columns name the shop's time zone their times are in (decision 0149). */
export const customerExportHeader = (zone: string): string[] =>
  CUSTOMER_EXPORT_COLUMNS.map((column) => (column === "Last order" || column === "Registered" ? zonedColumn(column, zone) : column));

/** What the export reads of one account: its row, its paid orders' figures. */
export interface ExportAccount {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  /** JSON, as kept. */
  billing_address: string;
  created_at: string;
  orders: number;
  /** Minor units, less refunds. */
  spend: number;
  last_order_at: string | null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** An instant as the shop's wall clock, "2026-11-25 09:30", which spreadsheets read as a date and time. */
export function shopDateCell(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const w = wallClock(at, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}

/** One account's cells, in CUSTOMER_EXPORT_COLUMNS' order: the billing address's fields, money as a decimal in the shop's currency, dates in its time zone. */
export function customerExportCells(account: ExportAccount, currency: { code: string; minorUnit: number }, timeZone: string): unknown[] {
  const billing = parseAddress(account.billing_address) as Record<string, unknown>;
  const text = (key: string) => (typeof billing[key] === "string" ? (billing[key] as string) : "");
  return [
    account.id,
    account.email,
    account.first_name,
    account.last_name,
    account.role,
    text("company"),
    text("address_1"),
    text("address_2"),
    text("city"),
    text("state"),
    text("postcode"),
    text("country"),
    text("phone"),
    account.orders,
    decimalAmount(account.spend, currency.minorUnit),
    currency.code,
    shopDateCell(account.last_order_at, timeZone),
    shopDateCell(account.created_at, timeZone),
  ];
}
