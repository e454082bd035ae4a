/** The owner API's shapes, declared once for the server that answers and the console that reads (types only). */
export type * from "./api-keys.ts";
export type * from "./catalogue.ts";
export type * from "./coupons.ts";
export type * from "./downloads.ts";
export type * from "./forms.ts";
export type * from "./payments.ts";
export type * from "./product-csv.ts";
export type * from "./reports.ts";
export type * from "./reviews.ts";
export type * from "./stock.ts";
export type * from "./webhooks.ts";
