export { couponsAdminRoutes } from "./coupons.admin.routes.ts";
