/** The owner API's reports tabs (`GET /api/admin/v1/reports/{tab}`, decision 0104) as the console reads them. */
import type { CouponReportRow, CustomerReportRow, ProductReportRow, TaxReportRow } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";
import type { OtherCurrencyOrders } from "../dashboard/api.ts";
import { apiParams, type ReportQuery, type ReportTab } from "./query.ts";

export type { CouponReportRow, CustomerReportRow, ProductReportRow, TaxReportRow };

export interface ReportRows {
  products: ProductReportRow;
  coupons: CouponReportRow;
  taxes: TaxReportRow;
  customers: CustomerReportRow;
}

export type ReportPage<T extends ReportTab> = {
  from: string;
  to: string;
  time_zone: string;
  currency_code: string;
  currency_minor_unit: number;
  /** Paid orders of the range in another currency than the shop's: left out of every figure. */
  other_currencies: OtherCurrencyOrders[];
  total: number;
  pages: number;
  page: number;
  per_page: number;
  /** The figures summed over every row found (not only this page). */
  totals: Record<string, number>;
} & { [K in T]: ReportRows[T][] };

export const reportsApi = {
  tab: <T extends ReportTab>(query: ReportQuery & { tab: T }, perPage: number) =>
    adminClient().admin<ReportPage<T>>(`/reports/${query.tab}`, {
      query: { ...apiParams(query), page: String(query.page), per_page: String(perPage) },
    }),
};
