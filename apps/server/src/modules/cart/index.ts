export { ajaxRoutes } from "./ajax.routes.ts";
/** For the checkout: the cart rows under their lock, and pricing without a reply. */
export * as cartRepo from "./cart.repo.ts";
export { cartRoutes } from "./cart.routes.ts";
export { AddressSchema } from "./cart.schemas.ts";
export type { AddItemInput } from "./cart.service.ts";
export {
  addItem,
  applyCoupon,
  callExtension,
  deleteExpiredCarts,
  getCart,
  getCartReply,
  mergeCarts,
  removeCoupon,
  removeItem,
  selectShippingRate,
  updateCustomer,
  updateItem,
} from "./cart.service.ts";
export type { CartView } from "./cart-view.ts";
export { loadPricedCart } from "./cart-view.ts";
export { readAddress } from "./customer.ts";
export { registerCartExtension, registerCartFees } from "./extensions.ts";
