/**
 * The checkout's public face for extension authors (spec §1, §5 "Extension registration"): every
 * registration the checkout offers, in one place. Code built with the storefront imports these;
 * scripts loaded into the page use the same functions on `window.cartwright`, which the checkout
 * and the cart page set once live (then fire `cartwright:checkout-ready` on window, once a page load).
 */
import { createElement, Fragment, lazy } from "react";
import { registerAddressAutocompleteProvider } from "./autocomplete/index.ts";
import { registerCheckoutBlock } from "./blocks/registry.ts";
import { checkoutEvents } from "./events.ts";
import { registerCheckoutFilters } from "./filters.ts";
import { registerExpressPaymentMethod, registerPaymentMethod } from "./payment/registry.ts";

export type { AddressAutocompleteProvider } from "./autocomplete/index.ts";
export { registerAddressAutocompleteProvider } from "./autocomplete/index.ts";
export type { CheckoutBlockOptions, CheckoutBlockProps, InnerBlockArea } from "./blocks/registry.ts";
export { INNER_BLOCK_AREAS, registerCheckoutBlock } from "./blocks/registry.ts";
export { checkoutEvents } from "./events.ts";
export type { CheckoutFilters } from "./filters.ts";
export { registerCheckoutFilters } from "./filters.ts";
export type { ExpressPaymentMethodConfig, PaymentMethodConfig } from "./payment/registry.ts";
export { registerExpressPaymentMethod, registerPaymentMethod } from "./payment/registry.ts";

export const CHECKOUT_READY_EVENT = "cartwright:checkout-ready";

/** What `window.cartwright` holds: the registrations, and React's element helpers for scripts without a build step. */
export const checkoutExtensionApi = Object.freeze({
  registerCheckoutBlock,
  registerPaymentMethod,
  registerExpressPaymentMethod,
  registerCheckoutFilters,
  registerAddressAutocompleteProvider,
  checkoutEvents,
  element: Object.freeze({ createElement, Fragment, lazy }),
});

declare global {
  interface Window {
    cartwright?: typeof checkoutExtensionApi;
  }
}

/**
 * Puts the API on window and tells waiting scripts (called once the cart page or the checkout has
 * hydrated). Once a document: going from the cart to the checkout does not have scripts register
 * twice (an autocomplete provider's id would be refused the second time).
 */
export function exposeCheckoutExtensionApi(): void {
  if (window.cartwright === checkoutExtensionApi) return;
  window.cartwright = checkoutExtensionApi;
  window.dispatchEvent(new Event(CHECKOUT_READY_EVENT));
}
