/**
 * The owner's customer export (decision 0103): every account the list's search matches, as CSV,
 * by id, read and written a page at a time (a keyset on the id, as the order export's pages), each
 * page's paid orders summed in one query. The cells are `exportRows.ts`'s, pure.
 */
import { csvLine } from "@cartwright/commerce";
import { sql } from "kysely";
import type { RequestContext } from "../../http/context.ts";
import { minorUnitOf } from "../orders/index.ts";
import { likePattern, paidByCustomer } from "./customers.admin.ts";
import { customerExportCells, customerExportHeader, type ExportAccount } from "./export-rows.ts";

/** Accounts per page. */
export const CUSTOMER_EXPORT_PAGE = 500;

async function exportPage(ctx: RequestContext, currency: string, search: string, afterId: number) {
  const words = search.trim();
  const accounts = await ctx.db
    .selectFrom("customers as c")
    .select(["c.id", "c.email", "c.first_name", "c.last_name", "c.role", "c.billing_address", "c.created_at"])
    .where("c.id", ">", afterId)
    .$if(Boolean(words), (q) =>
      q.where(
        sql<boolean>`(lower(c.email) like ${likePattern(words)} escape '\\' or lower(c.first_name || ' ' || c.last_name) like ${likePattern(words)} escape '\\')`,
      ),
    )
    .orderBy("c.id")
    .limit(CUSTOMER_EXPORT_PAGE)
    .execute();
  const sums = accounts.length
    ? new Map(
        (
          await paidByCustomer(
            ctx.db,
            currency,
            accounts.map((row) => row.id),
          ).execute()
        ).map((row) => [row.customer_id, row]),
      )
    : new Map();
  return accounts.map(
    (row): ExportAccount => ({
      ...row,
      orders: Number(sums.get(row.id)?.orders ?? 0),
      spend: Number(sums.get(row.id)?.spend ?? 0),
      last_order_at: sums.get(row.id)?.last_order_at ?? null,
    }),
  );
}

/** The export as chunks of text: the header with the first page (read before answering, so a failing query is an error reply), then a page at a time. */
export async function exportCustomers(ctx: RequestContext, query: { search?: string }): Promise<AsyncGenerator<string>> {
  const { currency, timeZone } = await ctx.shopSettings();
  const minorUnit = minorUnitOf(currency.code, currency);
  const search = query.search ?? "";
  const text = (page: ExportAccount[]) =>
    page.map((account) => csvLine(customerExportCells(account, { code: currency.code, minorUnit }, timeZone))).join("");
  const first = await exportPage(ctx, currency.code, search, 0);
  async function* chunks() {
    // The byte order mark makes Excel read the file as UTF-8, as the order export does.
    yield `\uFEFF${csvLine(customerExportHeader(timeZone))}${text(first)}`;
    let page = first;
    while (page.length === CUSTOMER_EXPORT_PAGE) {
      page = await exportPage(ctx, currency.code, search, (page[page.length - 1] as ExportAccount).id);
      if (page.length) yield text(page);
    }
  }
  return chunks();
}
