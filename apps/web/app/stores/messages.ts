/** What the cart store and the cart page say about the cart (DESIGN §6: one catalogue per feature). */

/** The cart's texts (spec §4 "Cart data refresh", §8). */
export const cartMessages = {
  itemRemoved: (name: string) => `"${name}" was removed from your cart.`,
  quantityChanged: (name: string, quantity: number) => `The quantity of "${name}" was changed to ${quantity}.`,
  loadError: "Unable to get cart data from the API.",
  genericError: "Something went wrong. Please contact us to get assistance.",
  couponApplied: (code: string) => `Coupon code "${code}" has been applied to your cart.`,
  couponRemoved: (code: string) => `Coupon code "${code}" has been removed from your cart.`,
};
