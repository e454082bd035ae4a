export { attributionRoutes } from "./attribution.routes.ts";
export type { AttributionReportLine, OrderAttributionDetail } from "./attribution.service.ts";
export { attributionErrors, attributionReport, orderAttribution, saveOrderAttribution } from "./attribution.service.ts";
export type { DeviceType, OrderAttributionValues } from "./values.ts";
export { deviceType, originLabel, readOrderAttribution, withoutAttribution } from "./values.ts";
