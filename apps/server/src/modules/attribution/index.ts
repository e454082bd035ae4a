export { attributionRoutes } from "./attribution.routes.ts";
export type { AttributionReportLine, OrderAttributionDetail } from "./attribution.service.ts";
export { attributionErrors, attributionReport, orderAttribution, orderAttributionOf, saveOrderAttribution } from "./attribution.service.ts";
export { browserAttribution } from "./tracking/config.ts";
export { type PageRequest, pageViewCookies } from "./tracking/page-view.ts";
export type { DeviceType, OrderAttributionValues } from "./values.ts";
export { ADMIN_SOURCE_TYPE, deviceType, originLabel, readOrderAttribution, withoutAttribution } from "./values.ts";
