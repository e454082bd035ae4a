/** The owner API's reports tabs (`GET /api/admin/v1/reports/{tab}`, decision 0104) as the console reads them. */
import { adminClient } from "../api.ts";
import { apiParams, type ReportQuery, type ReportTab } from "./query.ts";

export interface ProductReportRow {
  product_id: number;
  variation_id: number | null;
  name: string;
  variation: string;
  sku: string;
  items_sold: number;
  /** Minor units: line totals after discounts, before tax, less their refunds' part before tax. */
  net_sales: number;
  orders: number;
}

export interface CouponReportRow {
  code: string;
  coupon_id: number | null;
  orders: number;
  discount: number;
}

export interface TaxReportRow {
  name: string;
  rate: string;
  label: string;
  order_tax: number;
  shipping_tax: number;
  total_tax: number;
  orders: number;
}

export interface CustomerReportRow {
  customer_id: number | null;
  type: "registered" | "guest";
  name: string;
  email: string;
  orders: number;
  spend: number;
  average: number;
  last_order_at: string;
}

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
