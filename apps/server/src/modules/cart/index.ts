export { cartAjaxActions } from "./ajax.routes.ts";
export { cartRoutes } from "./cart.routes.ts";
export { AddressSchema, AddressWithFieldsSchema, BillingAddressReply, CartReplySchema, ShippingAddressReply } from "./cart.schemas.ts";
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
export type { CartView, PricedForOrder } from "./cart-view.ts";
export { loadPricedCart, loadPricingInputs, PRICE_CHANGED, pricedForOrder, shopperOf } from "./cart-view.ts";
export { readAddress, splitAddress } from "./customer.ts";
export type { CartExtensionCallback, CartFeeProvider } from "./extensions.ts";
export { registerCartExtension, registerCartFees, registeredCartNamespaces } from "./extensions.ts";
/** The cart under another module's transaction: the checkout's and a sign-in's calls. */
/** The same as steps of the checkout's unit of work. */
export {
  adoptAddresses,
  cartAddressesSaved,
  cartEmptied,
  cartExists,
  cartWithLines,
  emptyCart,
  findCart,
  keepCart,
  lockCart,
  lockExistingCart,
  lockedCartRow,
  removeCartCoupons,
  saveCartAddresses,
  savedCartOf,
} from "./held-cart.ts";
/** An order the owner makes by hand, priced by the checkout's stages (decision 0089). */
export type { HandLineInput, HandPriced, HandPricingInput, OwnHoldings } from "./order-by-hand.ts";
export { HAND_RATE, priceOrderByHand } from "./order-by-hand.ts";
export { cartHash, EMPTY_CART_HASH } from "./reply-cache.ts";
export {
  type ShopPriceDisplay,
  type StoredPriceFilter,
  shopPriceDisplay,
  shopPriceDisplayCached,
  shownPriceFormulas,
  storedPriceFilter,
} from "./shop-prices.ts";
export { LARGEST_STORED_PRICE, PRICE_DIGIT_BASE, type RoundedTaxFormula, type ShownPriceFormula } from "./totals/index.ts";
