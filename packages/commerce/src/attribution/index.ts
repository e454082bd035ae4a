/**
 * Order attribution's cookies, shared by the server (which tracks each page view) and the browser
 * (which records consent and reads them at checkout). Its own entry (`@cartwright/commerce/attribution`).
 */
export * from "./consent.ts";
export * from "./cookies.ts";
export * from "./fields.ts";
export * from "./pairs.ts";
