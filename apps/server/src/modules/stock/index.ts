/** Stock: the owner's stock report and the notices orders' stock moves send (decision 0099). */
export {
  pruneStockAlerts,
  registerStockAlerts,
  sendDueStockAlerts,
  stillStands,
  stockAlertsSettled,
  stockNoticeRecipient,
} from "./alerts.ts";
export { stockCounts, stockReport } from "./report.ts";
export { stockAdminRoutes } from "./stock.admin.routes.ts";
