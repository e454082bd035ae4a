export * from "./address.ts";
export * from "./money.ts";
export * from "./quantity.ts";
export type * from "./store-api.ts";
