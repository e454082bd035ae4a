export type { OrderAccess } from "./access.ts";
export { findReceivedOrder, getOrderFor } from "./access.ts";
export type { NewOrder, NewOrderItem, OrderItemRow, OrderRow } from "./orders.repo.ts";
export * as ordersRepo from "./orders.repo.ts";
export { PLACED_STATUSES } from "./orders.repo.ts";
export type { CustomerOrderSummary, OrderView } from "./orders.service.ts";
export {
  cancelOrder,
  cancelUnpaidOrders,
  listCustomerOrders,
  orderErrors,
  orderView,
  releaseOrder,
} from "./orders.service.ts";
