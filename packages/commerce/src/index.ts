export * from "./address/index.ts";
export * from "./money.ts";
export * from "./offline-payments.ts";
export * from "./order-attribution.ts";
export * from "./payment-details.ts";
export * from "./postcode-rules.ts";
export * from "./quantity.ts";
export type * from "./store-api.ts";
export type * from "./storefront/index.ts";
