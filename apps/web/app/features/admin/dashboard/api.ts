/** The owner's figures (`GET /api/admin/v1/reports/overview`, issue 18) as the dashboard reads them. */
import { adminClient } from "../api.ts";

export interface PaidFigures {
  orders: number;
  /** Minor units, totals of paid orders (tax and shipping in) less what was refunded of them. */
  sales: number;
}

export interface DailySales extends PaidFigures {
  date: string;
}

export interface TopProduct {
  product_id: number;
  name: string;
  quantity: number;
  revenue: number;
}

export interface OtherCurrencyOrders {
  currency: string;
  orders: number;
}

export interface Overview {
  from: string;
  to: string;
  time_zone: string;
  currency_code: string;
  /** Decimals of the amounts (the shop's for its currency: 2 means 2682 is 26.82). */
  currency_minor_unit: number;
  paid_statuses: string[];
  /** Paid orders of the range in another currency than the shop's: left out of every figure. */
  other_currencies: OtherCurrencyOrders[];
  today: PaidFigures & { date: string };
  month: PaidFigures & { from: string; to: string };
  orders_by_status: { status: string; orders: number; total: number }[];
  /** The 30 days ending on `to`, every day present. */
  daily_sales: DailySales[];
  top_products: { by_quantity: TopProduct[]; by_revenue: TopProduct[] };
  orders_by_origin: { source_type: string; source: string; origin: string; orders: number; sales: number }[];
}

export const dashboardApi = {
  overview: (from: string, to: string) => adminClient().admin<Overview>("/reports/overview", { query: { from, to } }),
  /** Product reviews waiting for approval (decision 0090). */
  pendingReviews: () => adminClient().admin<{ pending: number }>("/reviews/pending-count"),
  /** Tracked products and variations by stock status (decision 0099). */
  stockCounts: () => adminClient().admin<{ low: number; out: number }>("/reports/stock/counts"),
};
