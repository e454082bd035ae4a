/**
 * The owner's order export (issue 18; decision 0033): every order the list's filters match, as
 * CSV, newest first, read and written one page at a time so that 100,000 orders never sit in
 * memory. Pages follow a keyset, `(created_at, id) < the last row's`, never an offset: each page
 * seeks in the list's own indexes and costs the same, and an order placed meanwhile neither
 * repeats nor shifts a row. Not by id alone: with a status filter the planner then reads the
 * status index and sorts every match again for each page (decision 0033).
 */
import { csvLine } from "@cartwright/commerce";
import { sql } from "kysely";
import type { RequestContext } from "../../http/context.ts";
import { type ExportLineItem, type ExportOrder, exportHeader, exportLine, minorUnitOf } from "./export-rows.ts";
import { filteredOrders, type OrderFilters } from "./orders.admin.ts";

/** Orders per page: one query for the orders and one for their lines each, a few hundred kilobytes of text. */
export const EXPORT_PAGE = 500;

/** Where the previous page ended: its last order's date and number. */
type Cursor = { created_at: string; id: number };

async function exportPage(ctx: RequestContext, filters: OrderFilters, after: Cursor | null) {
  // The date index leads and each order is checked against a search's matches: the pages together read it once, however many match.
  let query = filteredOrders(ctx.db, filters, "sort")
    .leftJoin("order_attribution as a", "a.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.created_at",
      "orders.status",
      "orders.billing_email",
      "orders.billing_address",
      "orders.shipping_address",
      "orders.customer_note",
      "orders.payment_method",
      "orders.payment_method_title",
      "orders.transaction_id",
      "orders.currency",
      "orders.total",
      "orders.total_tax",
      "orders.total_shipping",
      "orders.total_discount",
      "orders.total_refunded",
      "orders.fee_lines",
      "a.source_type",
      "a.utm_source",
    ]);
  // A row value: both databases seek it in the list's date indexes, (status,) created_at, id.
  if (after) query = query.where(sql<boolean>`(orders.created_at, orders.id) < (${after.created_at}, ${after.id})`);
  const orders = (await query
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(EXPORT_PAGE)
    .execute()) as ExportOrder[];
  const items = new Map<number, ExportLineItem[]>();
  if (orders.length) {
    const rows = await ctx.db
      .selectFrom("order_items")
      .select(["order_id", "name", "quantity", "subtotal"])
      .where(
        "order_id",
        "in",
        orders.map((order) => order.id),
      )
      .orderBy("order_id")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const lines = items.get(row.order_id) ?? [];
      lines.push({ name: row.name, quantity: Number(row.quantity), subtotal: Number(row.subtotal) });
      items.set(row.order_id, lines);
    }
  }
  return { orders, items };
}

/**
 * The export as chunks of text: the header row with the first page, then a page at a time as the
 * reader asks for more. The first page is read before this answers, so a failing query is still
 * an error reply rather than a cut file.
 */
export async function exportOrders(ctx: RequestContext, asked: OrderFilters): Promise<AsyncGenerator<string>> {
  const { currency, timeZone } = await ctx.shopSettings();
  const filters = { ...asked, timeZone };
  const pageText = (page: Awaited<ReturnType<typeof exportPage>>) =>
    page.orders.map((order) => exportLine(order, page.items.get(order.id) ?? [], minorUnitOf(order.currency, currency), timeZone)).join("");
  const first = await exportPage(ctx, filters, null);
  async function* chunks() {
    // The byte order mark makes Excel read the file as UTF-8 ("×", accents), as other spreadsheets do anyway.
    yield `\uFEFF${csvLine(exportHeader(timeZone))}${pageText(first)}`;
    let page = first;
    while (page.orders.length === EXPORT_PAGE) {
      const last = page.orders[page.orders.length - 1] as ExportOrder;
      page = await exportPage(ctx, filters, { created_at: last.created_at, id: last.id });
      if (page.orders.length) yield pageText(page);
    }
  }
  return chunks();
}
