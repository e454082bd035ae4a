/** The owner's figures over orders, their lines and their attribution (issue 18). */
export { reportsAdminRoutes } from "./reports.admin.routes.ts";
export { SERIES_DAYS, salesOverview } from "./reports.admin.ts";
