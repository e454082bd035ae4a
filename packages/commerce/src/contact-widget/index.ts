/**
 * The contact widget's shared rules (spec visitor-widget-forms-attribution §3–§5): its data, the
 * channel links, the schedules, the report memory and the contact form's field checks. Pure; used
 * by the server and by the widget's own scripts. Its own entry (`@cartwright/commerce/contact-widget`).
 */
export * from "./channels.ts";
export * from "./contact-form.ts";
export * from "./defaults.ts";
export * from "./memory.ts";
export * from "./schedule.ts";
export * from "./types.ts";
