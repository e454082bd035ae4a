/**
 * The gift-wrap example's storefront half: price formats (checkout filters, spec §5) that say on
 * the cart page's lines and in the checkout's summary that the order is to be wrapped, and that a
 * line's unit price is for one of several. Built with the storefront, not loaded by EXTENSIONS:
 * call registerGiftWrapFilters() from a module that apps/web/app/routes/cart.tsx and
 * routes/checkout.tsx import, then npm run build (docs/architecture.md "Checkout filters").
 */
import { type CheckoutFilters, registerCheckoutFilters } from "../../apps/web/app/features/checkout/filters.ts";
import { wrapped } from "./index.ts";

export const giftWrapFilters: CheckoutFilters = {
  // The line's price (its quantity's worth): marked while the shopper has asked for wrapping.
  cartItemPrice: (format, extensions) => (wrapped(extensions) ? `${format} (gift wrapped)` : format),
  // The price of one unit, said to be so when the line holds more than one.
  subtotalPriceFormat: (format, _extensions, args) => {
    const quantity = (args?.cartItem as { quantity?: number } | undefined)?.quantity ?? 1;
    return quantity > 1 ? `${format} each` : format;
  },
};

export function registerGiftWrapFilters(): void {
  registerCheckoutFilters("gift-wrap", giftWrapFilters);
}
