/** Order statuses as people read them (WooCommerce's names), shared by the console, my account and the e-mails. */
import type { OrderStatus } from "./storefront/orders.ts";

export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  "checkout-draft": "Draft",
  pending: "Pending payment",
  processing: "Processing",
  "on-hold": "On hold",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  failed: "Failed",
};

/** A status's name; an unknown one (an extension's) as it is. */
export const orderStatusName = (status: string): string => (ORDER_STATUS_NAMES as Record<string, string>)[status] ?? status;
