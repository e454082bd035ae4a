export * from "./address/index.ts";
export * from "./money.ts";
export * from "./quantity.ts";
export type * from "./store-api.ts";
