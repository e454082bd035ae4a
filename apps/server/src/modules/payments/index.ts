export { DECLINED_TEST_CARD, DEMO_WALLET_ADDRESS, TEST_CARD_FIELDS } from "./built-in.ts";
export type {
  GatewayContext,
  PaymentDataEntry,
  PaymentGateway,
  PaymentOutcome,
  PaymentRequest,
  RefundOutcome,
  RefundRequest,
} from "./gateway.ts";
export { dataValue, saveKey, tokenKey } from "./gateway.ts";
export { awaitsPayment, paymentInstructions } from "./instructions.ts";
export { paymentsAdminRoutes } from "./payments.admin.routes.ts";
export {
  allGateways,
  availableGateways,
  findGateway,
  gatewaysVersion,
  methodDescription,
  methodTitle,
  registeredGatewayIds,
  registerPaymentGateway,
} from "./registry.ts";
export type { PaymentTokenRow, SavedPaymentMethod } from "./tokens.ts";
export { deletePaymentToken, findPaymentToken, listPaymentTokens, savePaymentToken, setDefaultPaymentToken } from "./tokens.ts";
