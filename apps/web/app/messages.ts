/**
 * Every user-facing string of the storefront, one catalogue per feature (DESIGN §6), with the
 * spec's exact texts where it gives them. Functions take the values they interpolate, so a
 * translation can reorder them.
 */

/** Picks the singular or the plural form of a counted phrase (English rules for now). */
export function plural(count: number, one: string, other: string): string {
  return count === 1 ? one : other;
}

export const layoutMessages = {
  skipToContent: "Skip to content",
  mainNavigation: "Main",
  shop: "Shop",
  searchLabel: "Search products",
  searchPlaceholder: "Search products…",
  searchSubmit: "Search",
  account: "My account",
  footerNavigation: "Store information",
  privacy: "Privacy policy",
  terms: "Terms and conditions",
  poweredBy: "Powered by Cartwright",
  dismissNotice: "Dismiss",
  storeNoticeLabel: "Store notice",
  comingSoonLabel: "Coming soon",
  dismissComingSoon: "Dismiss the coming-soon banner",
};

export const miniCartMessages = {
  /** Spec §2 "Mini-cart": '%d item(s) in cart'. */
  itemsInCart: (count: number) => `${count} ${plural(count, "item", "items")} in cart`,
  /** Spec §2 "Mini-cart": '%d item(s) in cart, total price of %s'. */
  itemsInCartWithTotal: (count: number, total: string) => `${count} ${plural(count, "item", "items")} in cart, total price of ${total}`,
  /** Beside the amount when it shows tax the prices were entered without (decision 0141). */
  includingTax: "(incl. tax)",
  /** Beside the amount when it leaves out tax the prices were entered with (decision 0141). */
  excludingTax: "(ex. tax)",
};

export const priceMessages = {
  originalPrice: "Original price was:",
  currentPrice: "Current price is:",
  /** On a product on sale: its page and its cards in listings, upsells and related products. */
  saleBadge: "Sale!",
};

/** What an add to cart says, from the listing, the product page or the cart's cross-sells. */
export const addToCartMessages = {
  added: (name: string) => `“${name}” was added to your cart.`,
  viewCart: "View cart",
};

export const errorMessages = {
  /** Spec §2 "Other shared pieces": the error panel. */
  title: "Oops!",
  body: "There was an error loading the content.",
  prefix: "Error:",
  notFoundTitle: "Page not found",
  notFoundBody: "The page you were looking for does not exist or has moved.",
  backToShop: "Continue shopping",
};

/** Spec §2 "Other shared pieces": the 'Read more'/'Read less' clamp. */
export const readMoreMessages = {
  readMore: "Read more",
  readLess: "Read less",
};
