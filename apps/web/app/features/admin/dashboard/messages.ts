/** The dashboard's texts (and the order statuses' names, which the customers pages share). */

import { ORDER_STATUS_NAMES } from "@cartwright/commerce";
import { NAV_LABELS } from "../nav-labels.ts";

export const ORDER_STATUS_LABELS: Record<string, string> = ORDER_STATUS_NAMES;

export const statusLabel = (status: string): string => ORDER_STATUS_LABELS[status] ?? status;

export const dashboardMessages = {
  nav: NAV_LABELS.dashboard,
  title: "Dashboard",
  /** Products low in stock and out of it, linking to the stock report (decision 0099). */
  stockPointer: (low: number, out: number) =>
    [low ? `${low} ${low === 1 ? "product" : "products"} low in stock` : "", out ? `${out} out of stock` : ""].filter(Boolean).join(" / "),
  reviewsPending: (count: number) =>
    count === 1 ? "1 product review is awaiting approval" : `${count} product reviews are awaiting approval`,
  intro: (zone: string) =>
    `Sales count paid orders (processing and completed), tax and shipping included, less what was refunded of them, by the day they were placed in the shop's time zone, ${zone} (Settings → General).`,
  figures: "Sales at a glance",
  salesToday: "Sales today",
  ordersToday: "Orders today",
  salesMonth: "Sales this month",
  ordersMonth: "Orders this month",
  sales: "Sales",
  orders: "Orders",
  ordersCount: (count: string) => `${count} ${count === "1" ? "order" : "orders"}`,
  range: "Period",
  rangeSummary: (from: string, to: string) => `Showing ${from} to ${to}.`,
  last7: "Last 7 days",
  last30: "Last 30 days",
  month: "This month",
  custom: "Custom period",
  from: "From",
  to: "To",
  apply: "Show",
  rangeInvalid: "Choose a start on or before the end, at most 366 days apart.",
  rangeRefused: "That period could not be shown; here are the last 30 days.",
  /** The dashboard's and the reports' figures count the shop's currency only: cents of two currencies do not add up. */
  otherCurrencies: (shopCurrency: string, others: { currency: string; orders: number }[]) =>
    `These figures are in ${shopCurrency}, the shop's currency. Not counted: ${others
      .map(({ currency, orders }) => `${orders.toLocaleString("en")} paid ${orders === 1 ? "order" : "orders"} in ${currency}`)
      .join(", ")}, placed before the currency changed.`,
  dailyTitle: "Sales per day",
  dailyHint: (from: string, to: string) => `The 30 days from ${from} to ${to}.`,
  chartLabel: (from: string, to: string, total: string, orders: string, best: string) =>
    `Bar chart of sales per day from ${from} to ${to}: ${total} from ${orders} in all${best}. The table “Sales per day” has each day's numbers.`,
  chartBest: (day: string, amount: string) => `; the best day was ${day} with ${amount}`,
  showTable: "Show the numbers per day",
  day: "Day",
  noSales: "No paid orders in these 30 days.",
  byStatus: "Orders by status",
  byStatusHint: "Every placed order in the period; each status opens the order list.",
  status: "Status",
  total: "Total",
  noOrders: "No orders in this period.",
  topProducts: "Top products",
  byQuantity: "Most units sold",
  byRevenue: "Most revenue",
  product: "Product",
  units: "Units",
  revenue: "Revenue",
  revenueHint:
    "Units and revenue of paid orders, less what was refunded of their lines; revenue is the lines' totals after discounts, before tax.",
  noProducts: "No products sold in this period.",
  /** The Products tab of the reports (decision 0104) for the same period. */
  allProducts: "Every product sold in this period",
  byOrigin: "Paid orders by origin",
  byOriginHint: "Where shoppers came from before they ordered; each origin opens the order list.",
  origin: "Origin",
  noOrigin: "No paid orders in this period.",
};
