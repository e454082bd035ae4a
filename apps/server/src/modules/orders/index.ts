export type { OrderAccess, ReceivedOrder } from "./access.ts";
export {
  checkOrderAccess,
  confirmReceivedOrder,
  findReceivedOrder,
  getOrderFor,
  guestSight,
  newOrderKey,
  RECEIVED_GRACE_MINUTES,
  sameOrderKey,
} from "./access.ts";
/** An order's history (migration 019): each change records its event in the change's transaction. */
export type { OrderActor, OrderEventData, StoredOrderEvent } from "./events.ts";
export { type OrderEventOf, orderEvents, recordOrderEvent, recordOrderEvents } from "./events.ts";
/** The owner API's orders (list, one order, and its actions): mounted by app.ts under ADMIN_ROUTES. */
export { decimalAmount, minorUnitOf } from "./export-rows.ts";
/** The port the emails module plugs its order e-mails into, for the owner's actions (order-mail.ts). */
export type { OrderEmailName, OrderMailSender } from "./order-mail.ts";
export { ORDER_EMAILS, setOrderMailSender } from "./order-mail.ts";
export { orderCouponsOf, orderFeesOf, orderLinesOf, orderTotalsOf, readTaxRates } from "./order-rows.ts";
export { ordersAdminRoutes } from "./orders.admin.routes.ts";
export { countWithStatus, readOrder } from "./orders.admin.ts";
export type { NewOrder, NewOrderItem, OrderItemRow, OrderRow } from "./orders.repo.ts";
export { PAID_STATUSES, PLACED_STATUSES } from "./orders.repo.ts";
export type { CustomerOrderPage, CustomerOrderSummary, OrderView } from "./orders.service.ts";
export {
  cancelOrder,
  cancelUnpaidOrders,
  listCustomerOrders,
  orderErrors,
  orderView,
  orderWithView,
} from "./orders.service.ts";
/** The checkout's calls: placing, paying and sweeping orders, each inside the caller's transaction. */
export type { OrderBeingPlaced, PaymentOutcomeFields } from "./placing.ts";
/** The same as steps of the checkout's unit of work (db/unit-of-work.ts): the same SQL, run synchronously on SQLite where they can. */
export {
  claimOrdersEmails,
  couponUsed,
  createOrder,
  findOrder,
  holdDraftStock,
  latestCartOrder,
  lockOrder,
  newestOrder,
  orderAttemptWritten,
  orderKnownById,
  orderOf,
  orderPlaced,
  ordersOfCart,
  ordersWithEmailsDue,
  paymentOutcomeRecorded,
  recordPaymentOutcome,
  releaseCartHolds,
  reopenForPayment,
  setOrderLines,
  stockTaken,
  takeStock,
  unrecordedPayments,
  updateOrder,
  useCoupon,
  writeOrderAttempt,
} from "./placing.ts";
/** Refunds (decision 0031): the owner routes make them; the sweep settles gateway refunds a crash left reserved. */
export type { RefundInput, RefundMethod, RefundView } from "./refunds.ts";
export { orderRefunds, settlePendingRefunds } from "./refunds.ts";
export type { Released, RetakeRefusal } from "./stock.ts";
export { releaseOrder } from "./stock.ts";
