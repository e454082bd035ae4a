export type { NewOrder, NewOrderItem, OrderItemRow, OrderRow } from "./orders.repo.ts";
export * as ordersRepo from "./orders.repo.ts";
export { PLACED_STATUSES } from "./orders.repo.ts";
export type { CustomerOrderSummary, OrderAccess, OrderView } from "./orders.service.ts";
export {
  cancelOrder,
  cancelUnpaidOrders,
  getOrderFor,
  listCustomerOrders,
  orderErrors,
  orderView,
  releaseOrder,
} from "./orders.service.ts";
