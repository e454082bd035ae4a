export { readCoupon } from "./coupons.admin.ts";
export { couponsAdminRoutes } from "./coupons.admin.routes.ts";
