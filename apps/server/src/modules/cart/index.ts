export { ajaxRoutes } from "./ajax.routes.ts";
export { cartRoutes } from "./cart.routes.ts";
export type { AddItemInput, CartContext, CartSession } from "./cart.service.ts";
export {
  addItem,
  applyCoupon,
  callExtension,
  deleteExpiredCarts,
  getCart,
  mergeCarts,
  removeCoupon,
  removeItem,
  selectShippingRate,
  updateCustomer,
  updateItem,
} from "./cart.service.ts";
export type { CartView } from "./cart-view.ts";
export { registerCartExtension, registerCartFees } from "./extensions.ts";
