export { couponsAdminRoutes } from "./coupons.admin.routes.ts";
export { readCoupon } from "./coupons.admin.ts";
