/**
 * The public forms' shared rules (spec visitor-widget-forms-attribution §2.2, §3.5, §4.4, §5.4, §7;
 * decision 0024): the definition document and its check, conditional logic and page skipping, the
 * submission's validation, payment totals, the honeypot and token window, CSV export. Pure; used by
 * the server, the browser's renderer and the console's builder. Its own entry (`@cartwright/commerce/forms`).
 */
// CSV moved to the package root (shared with the order export); still exported here for the forms' callers.
export * from "../csv.ts";
export * from "./definition-check.ts";
export * from "./demo.ts";
export * from "./display.ts";
export * from "./logic.ts";
export * from "./page.ts";
export * from "./payment.ts";
export * from "./rules.ts";
export * from "./sanitize.ts";
export * from "./token.ts";
export * from "./types.ts";
export * from "./uploads.ts";
export * from "./validate.ts";
export { COUNTRIES_WITHOUT_STATES } from "./validate-parts.ts";
