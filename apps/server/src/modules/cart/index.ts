export { cartAjaxActions } from "./ajax.routes.ts";
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
export type { CartExtensionCallback, CartFeeProvider } from "./extensions.ts";
export { registerCartExtension, registerCartFees } from "./extensions.ts";
/** The cart under another module's transaction: the checkout's and a sign-in's calls. */
export {
  cartExists,
  emptyCart,
  findCart,
  keepCart,
  lockCart,
  removeCartCoupons,
  saveCartAddresses,
  savedCartOf,
} from "./held-cart.ts";
export { type ShopPriceDisplay, shopPriceDisplay, shopPriceDisplayCached } from "./shop-prices.ts";
