/** The owner API's stock report (`/api/admin/v1/reports/stock`, decision 0099) as the console reads it. */
import type { OwnerPaging, StockReportRow, StockReportStatus } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type StockTab = StockReportStatus;
export type StockRowStatus = StockReportRow["status"];
export type StockRow = StockReportRow;

export type StockCounts = Record<StockTab, number>;

export interface StockReport extends OwnerPaging {
  items: StockRow[];
  counts: StockCounts;
}

export interface StockQuery {
  status: StockTab;
  search: string;
  order: "asc" | "desc";
  page: number;
}

export const stockApi = {
  report: (query: StockQuery, perPage: number) =>
    adminClient().admin<StockReport>("/reports/stock", {
      query: {
        status: query.status,
        search: query.search || undefined,
        orderby: "stock",
        order: query.order,
        page: String(query.page),
        per_page: String(perPage),
      },
    }),
  counts: () => adminClient().admin<StockCounts>("/reports/stock/counts"),
};
