/**
 * PLACEHOLDER until helper H2's module face lands: the contact widget module's public face, here
 * only what the widget's own files need (the lead merges this with H2's index.ts).
 */
export { embedRoutes, widgetLoaderPath } from "./embed.routes.ts";
export { embedPage, widgetPage } from "./page.ts";
