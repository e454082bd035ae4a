/**
 * The stock report (decision 0099): every product and variation that tracks its stock, by status
 * (low stock, out of stock, on backorder, in stock: each row in exactly one), with the counts of
 * each for the tabs and the dashboard. Low stock is stock above the out-of-stock amount at or below
 * the low amount: the product's own, else its parent's, else the shop's (as the stock notices judge
 * it). Reads the products table by (manage_stock, stock_status, stock_quantity): migration 041's indexes.
 */
import type { StockReportRow, StockReportStatus } from "@cartwright/commerce/admin";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { pagingOf } from "../../http/paging.ts";
import { productLabels } from "./labels.ts";

export const STOCK_REPORT_STATUSES = ["all", "low", "out", "backorder", "instock"] as const satisfies readonly StockReportStatus[];
export type { StockReportRow, StockReportStatus };

type RowStatus = Exclude<StockReportStatus, "all">;

export interface StockReportQuery {
  status: StockReportStatus;
  search?: string;
  orderby: "stock" | "name";
  order: "asc" | "desc";
  page: number;
  perPage: number;
}

type Eb = ExpressionBuilder<Database & { p: Database["products"]; parent: Database["products"] }, "p" | "parent">;

/** The low amount each row is judged by, with the shop's amount as a value. */
const lowAmount = (shopLow: number) => sql<number>`coalesce(p.low_stock_amount, parent.low_stock_amount, ${shopLow})`;

function statusFilter(eb: Eb, status: StockReportStatus, shopLow: number) {
  switch (status) {
    case "out":
      return eb("p.stock_status", "=", "outofstock");
    case "backorder":
      return eb("p.stock_status", "=", "onbackorder");
    case "low":
      return eb.and([eb("p.stock_status", "=", "instock"), eb("p.stock_quantity", "<=", lowAmount(shopLow))]);
    case "instock":
      return eb.and([eb("p.stock_status", "=", "instock"), eb("p.stock_quantity", ">", lowAmount(shopLow))]);
    default:
      return eb("p.manage_stock", "=", 1);
  }
}

/** Tracked products and variations (with their parents, whose low amount a variation takes), searched. */
function tracked(ctx: RequestContext, search: string | undefined) {
  let query = ctx.db.selectFrom("products as p").leftJoin("products as parent", "parent.id", "p.parent_id").where("p.manage_stock", "=", 1);
  const term = search?.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(p.name)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(p.sku)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(parent.name)`, "like", sql`${like} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** How many tracked rows are in each status (one grouped read), and all of them. */
export async function stockCounts(ctx: RequestContext, search?: string): Promise<Record<StockReportStatus, number>> {
  const shopLow = (await ctx.shopSettings()).lowStockAmount;
  const bucket = sql<RowStatus>`case when p.stock_status = 'outofstock' then 'out' when p.stock_status = 'onbackorder' then 'backorder'
    when p.stock_quantity <= ${lowAmount(shopLow)} then 'low' else 'instock' end`;
  const rows = await tracked(ctx, search)
    .select([bucket.as("bucket"), (eb) => eb.fn.countAll<number | string>().as("n")])
    // By the output's name: PostgreSQL groups by an expression only when its text, parameters' numbers too, is the select's.
    .groupBy(sql`bucket`)
    .execute();
  const counts: Record<StockReportStatus, number> = { all: 0, low: 0, out: 0, backorder: 0, instock: 0 };
  for (const row of rows) {
    counts[row.bucket] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

export async function stockReport(ctx: RequestContext, query: StockReportQuery) {
  const shopLow = (await ctx.shopSettings()).lowStockAmount;
  const direction = query.order;
  let list = tracked(ctx, query.search).where((eb) => statusFilter(eb as unknown as Eb, query.status, shopLow));
  list =
    query.orderby === "name"
      ? list.orderBy(sql`coalesce(parent.name, p.name)`, direction).orderBy("p.stock_quantity", "asc")
      : list.orderBy("p.stock_quantity", direction);
  const rows = await list
    .select([
      "p.id",
      "p.type",
      "p.status",
      "p.stock_quantity",
      "p.stock_status",
      "p.backorders",
      "parent.status as parent_status",
      lowAmount(shopLow).as("low_amount"),
    ])
    .orderBy("p.id", direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const [counts, labels] = await Promise.all([
    stockCounts(ctx, query.search),
    productLabels(
      ctx.db,
      rows.map((row) => row.id),
    ),
  ]);
  const items: StockReportRow[] = rows.map((row) => {
    const label = labels.get(row.id);
    const stock = Number(row.stock_quantity ?? 0);
    const low = Number(row.low_amount);
    const status: RowStatus =
      row.stock_status === "outofstock" ? "out" : row.stock_status === "onbackorder" ? "backorder" : stock <= low ? "low" : "instock";
    return {
      id: row.id,
      product_id: label?.editorId ?? row.id,
      type: row.type,
      name: label?.name ?? "",
      options: label?.options ?? "",
      sku: label?.sku ?? "",
      published: (row.parent_status ?? row.status) === "publish",
      stock_quantity: stock,
      low_stock_amount: low,
      backorders: row.backorders,
      status,
    };
  });
  return { items, counts, ...pagingOf(counts[query.status], query.page, query.perPage) };
}
