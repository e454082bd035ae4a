/** The texts of the order list (the console's other texts are in ../messages.ts). */
import { ORDER_STATUS_NAMES } from "@cartwright/commerce";
import type { BulkResult, BulkStatus, OrderStatus } from "./api.ts";
import { ORDERS_NAV_LABEL } from "./nav.ts";
import type { SourceType, StatusTab } from "./query.ts";

const orders = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

export const ordersMessages = {
  title: ORDERS_NAV_LABEL,
  tabs: "Order status",
  tabLabel: (label: string, count: number) => `${label} (${count})`,
  filters: "Filter orders",
  search: "Search orders",
  searchHint: "Order number, customer name, email or phone, or a product's name.",
  daysHint: (zone: string) => `Days in ${zone} time, as the dates below, the dashboard and the export count them.`,
  from: "From",
  to: "To",
  paymentMethod: "Payment method",
  anyPaymentMethod: "Any payment method",
  sourceType: "Origin",
  anySourceType: "Any origin",
  source: "Source",
  sourceHint: "As in the origin: google, newsletter…",
  apply: "Filter",
  clear: "Clear filters",
  addOrder: "Add order",
  exportCsv: "Export CSV",
  exportHint: (filtered: boolean) => (filtered ? "The orders of this tab that match the filters." : "Every order of this tab."),
  total: (count: number) => orders(count),
  empty: "No orders yet. They appear here as soon as a customer checks out.",
  emptyTab: "No orders with this status.",
  emptyFiltered: "No orders match these filters.",
  tableCaption: (tab: string) => `Orders: ${tab}`,
  selectAll: "Select every order on this page",
  selectOrder: (number: string) => `Select order #${number}`,
  order: "Order",
  orderLink: (number: string, name: string) => `#${number} ${name}`,
  date: "Date",
  total_: "Total",
  refundedNote: (refunded: string, net: string) => `${refunded} refunded, net ${net}`,
  /** A sortable header's name says what pressing it does. */
  sortBy: (column: string, direction: "ascending" | "descending") =>
    `${column}, sort ${direction === "ascending" ? (column === "Date" ? "oldest" : "smallest") : column === "Date" ? "newest" : "largest"} first`,
  status: "Status",
  origin: "Origin",
  items: "Items",
  itemCount: (count: number) => (count === 1 ? "1 item" : `${count} items`),
  guest: "Guest",
  selected: (count: number) => `${orders(count)} selected`,
  bulkActions: "Bulk actions",
  noneSelected: "Select orders to change their status or print them.",
  markAs: (label: string) => `Mark ${label.toLowerCase()}`,
  printInvoices: "Print invoices",
  printPackingSlips: "Print packing slips",
  printLimit: (max: number) => `Printing takes at most ${max} orders at once.`,
  newWindow: "(opens in a new tab)",
  clearSelection: "Clear selection",
  confirmCancelTitle: (count: number) => `Cancel ${orders(count)}?`,
  confirmCancelBody: "Cancelled orders give their stock and coupon uses back. The customers are not refunded by this.",
  confirmCancel: "Cancel orders",
  working: "Changing…",
  bulkSummary: (result: BulkResult, status: BulkStatus) => {
    const parts: string[] = [];
    if (result.updated.length) parts.push(`${orders(result.updated.length)} marked ${STATUS_LABELS[status].toLowerCase()}.`);
    if (result.failed.length) parts.push(`${orders(result.failed.length)} not changed.`);
    return parts.join(" ") || "Nothing changed.";
  },
  bulkFailure: (number: number, message: string) => `#${number}: ${message}`,
  bulkFailed: (message: string) => `The orders were not changed: ${message}`,
  newOrders: (count: number) => (count === 1 ? "1 new order" : `${count} new orders`),
  newOrdersArrived: (count: number) => (count === 1 ? "1 new order arrived." : `${count} new orders arrived.`),
  show: "Show",
  showNewOrders: (count: number) => `Show ${count === 1 ? "the new order" : `the ${count} new orders`}`,
};

/** Status names as WooCommerce shows them to owners. */
export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = ORDER_STATUS_NAMES;

export const TAB_LABELS: Record<StatusTab, string> = { all: "All", ...STATUS_LABELS };

/** The origin kinds of decision 0014 as the list's origin column names them. */
export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  typein: "Direct",
  utm: "Source (campaign)",
  organic: "Organic search",
  referral: "Referral",
  admin: "Web admin",
  unknown: "Unknown",
};

/** The shop's built-in payment methods; a method from the URL that is not listed is kept as its own option. */
export const PAYMENT_METHODS: { id: string; label: string }[] = [
  { id: "cod", label: "Cash on delivery" },
  { id: "bacs", label: "Direct bank transfer" },
  { id: "cheque", label: "Check payments" },
  { id: "test_card", label: "Test card" },
  { id: "demo_express", label: "Demo express" },
];
