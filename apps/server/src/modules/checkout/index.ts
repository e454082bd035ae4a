export { checkoutRoutes } from "./checkout.routes.ts";
export type { CheckoutReply, PlaceOrderInput } from "./checkout.service.ts";
export { DRAFT_HOLD_MINUTES, getDraftOrder, placeOrder, sweepUnpaidOrders, updateDraftOrder } from "./checkout.service.ts";
export type { CheckoutField } from "./fields.ts";
export { checkoutFields, publicCheckoutFields, registerCheckoutField, registeredFieldIds } from "./fields.ts";
export type { OrderToPayFound, PayOrderInput } from "./pay-order.ts";
export { orderToPay, payOrder } from "./pay-order.ts";
export { SAMPLE_PAYMENT_METHODS, sampleCart } from "./preview.ts";
