export * from "./countries.ts";
export * from "./lines.ts";
export * from "./locale.ts";
export * from "./postcode.ts";
export * from "./validate.ts";
