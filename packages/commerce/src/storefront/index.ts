/** The storefront contract: the shapes the server hands the web app, and the port that carries them. */
export type * from "./catalog.ts";
export type * from "./orders.ts";
export type * from "./port.ts";
export type * from "./settings.ts";
