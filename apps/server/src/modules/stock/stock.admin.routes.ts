/** The owner's stock report (under /api/admin/v1, behind requireOwner; decision 0099, read-only). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { pagedListReply, pagedReply, pagingQuery, TabCounts } from "../../http/paging.ts";
import { STOCK_REPORT_STATUSES, stockCounts, stockReport } from "./report.ts";

const tags = ["owner"];
const Search = Type.Optional(Type.String({ maxLength: 100, description: "Part of the name (a variation's product's too) or SKU" }));
const ReportQuery = Type.Object({
  status: Type.Union(
    STOCK_REPORT_STATUSES.map((status) => Type.Literal(status)),
    { default: "all", description: "low: above the out-of-stock amount, at or below the low amount; instock: above the low amount" },
  ),
  search: Search,
  orderby: Type.Union([Type.Literal("stock"), Type.Literal("name")], { default: "stock" }),
  order: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "asc" }),
  ...pagingQuery(20),
});

// The report's rows, documented only (decision 0173): StockReportRow of @cartwright/commerce/admin.
const StockRow = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer({ description: "The product whose editor holds it (a variation's parent)" }),
  type: Type.Union([Type.Literal("simple"), Type.Literal("variable"), Type.Literal("variation")]),
  name: Type.String(),
  options: Type.String({ description: 'A variation\'s options ("Blue, S"); empty for a product of its own' }),
  sku: Type.String(),
  published: Type.Boolean(),
  stock_quantity: Type.Integer(),
  low_stock_amount: Type.Integer(),
  backorders: Type.Union([Type.Literal("no"), Type.Literal("notify"), Type.Literal("yes")]),
  status: Type.Union(STOCK_REPORT_STATUSES.filter((status) => status !== "all").map((status) => Type.Literal(status))),
});

export const stockAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/reports/stock",
    {
      schema: {
        operationId: "getStockReport",
        tags,
        summary: "Products and variations that track their stock, by status (with each status's count), searched, sorted and paged",
        querystring: ReportQuery,
        replies: { 200: pagedListReply({ items: Type.Array(StockRow), counts: TabCounts }) },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await stockReport(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/reports/stock/counts",
    {
      schema: {
        operationId: "getStockReportCounts",
        tags,
        summary: "How many tracked products and variations are low in stock, out of stock, on backorder and in stock",
        replies: {
          200: Type.Object(Object.fromEntries(STOCK_REPORT_STATUSES.map((status) => [status, Type.Integer({ minimum: 0 })])), {
            description: "The count of each status, all of them under all",
          }),
        },
      },
    },
    async (request) => stockCounts(request.ctx),
  );
};
