export { checkoutRoutes } from "./checkout.routes.ts";
export type { CheckoutReply, PlaceOrderInput } from "./checkout.service.ts";
export { DRAFT_HOLD_MINUTES, getDraftOrder, placeOrder, sweepUnpaidOrders, updateDraftOrder } from "./checkout.service.ts";
export type { CheckoutField } from "./fields.ts";
export { checkoutFields, publicCheckoutFields, registerCheckoutField } from "./fields.ts";
export type { PayOrderInput } from "./pay-order.ts";
export { payOrder } from "./pay-order.ts";
export { SAMPLE_PAYMENT_METHODS, sampleCart } from "./preview.ts";
