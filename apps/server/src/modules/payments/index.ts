export { DECLINED_TEST_CARD, DEMO_WALLET_ADDRESS, TEST_CARD_FIELDS } from "./built-in.ts";
export type { PaymentDataEntry, PaymentGateway, PaymentOutcome, PaymentRequest } from "./gateway.ts";
export { availableGateways, findGateway, registerPaymentGateway } from "./registry.ts";
