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
};

export const listingMessages = {
  shopTitle: "Shop",
  searchTitle: (query: string) => `Search results: “${query}”`,
  tagTitle: (tag: string) => `Products tagged “${tag}”`,
  noProducts: "No products were found matching your selection.",
  resultCountSingle: "Showing the single product",
  resultCountAll: (total: number) => `Showing all ${total} products`,
  resultCountRange: (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total} products`,
  sortLabel: "Sort by",
  sortSubmit: "Apply",
  sortOptions: {
    menu_order: "Default sorting",
    popularity: "Sort by popularity",
    rating: "Sort by average rating",
    date: "Sort by latest",
    price: "Sort by price: low to high",
    "price-desc": "Sort by price: high to low",
  },
  pagination: "Product pages",
  previous: "Previous",
  next: "Next",
  pageLabel: (page: number) => `Page ${page}`,
  saleBadge: "Sale!",
  productsLabel: "Products",
};

export const priceMessages = {
  originalPrice: "Original price was:",
  currentPrice: "Current price is:",
};

export const productMessages = {
  added: (name: string) => `“${name}” was added to your cart.`,
  viewCart: "View cart",
  invalidChoice: "Please choose the product options and a quantity before adding it to your cart.",
  breadcrumb: "Breadcrumb",
  breadcrumbHome: "Shop",
  inStock: "In stock",
  lowStock: (remaining: number) => `Only ${remaining} left in stock`,
  onBackorder: "Available on backorder",
  outOfStock: "Out of stock",
  quantityLabel: "Quantity",
  addToCart: "Add to cart",
  chooseOption: "Choose an option",
  clearSelection: "Clear",
  unavailableCombination: "Sorry, this product is unavailable. Please choose a different combination.",
  chooseOptionsFirst: "Please select some product options before adding this product to your cart.",
  description: "Description",
  categories: (count: number) => plural(count, "Category:", "Categories:"),
  tags: (count: number) => plural(count, "Tag:", "Tags:"),
  sku: "SKU:",
  saleBadge: "Sale!",
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

/** The shop's policy pages (store pages 'privacy' and 'terms'); the owner will edit these later. */
export const policyMessages = {
  privacy: {
    title: "Privacy policy",
    paragraphs: [
      "We collect only what we need to take and deliver your order: your name, addresses, email, phone number and what you bought.",
      "Payment card numbers never reach our servers in full; saved cards are kept as tokens by the payment provider.",
      "We keep order records for as long as the law requires. Ask us at any time to see, correct or delete what we hold about you.",
      "Cookies keep your cart and session working. Analytics cookies are set only when you allow them.",
    ],
  },
  terms: {
    title: "Terms and conditions",
    paragraphs: [
      "Prices are shown in US dollars. Taxes and shipping are calculated at checkout from your address.",
      "An order is accepted when we confirm it by email. We may cancel an order if an item turns out to be unavailable, and refund you in full.",
      "You may return unused items within 30 days of delivery for a refund of the item price.",
      "This is a demonstration shop: no real goods are sold and no payment is taken.",
    ],
  },
};

/** The cart's texts (spec §4 "Cart data refresh", §8). */
export const cartMessages = {
  itemRemoved: (name: string) => `"${name}" was removed from your cart.`,
  quantityChanged: (name: string, quantity: number) => `The quantity of "${name}" was changed to ${quantity}.`,
  loadError: "Unable to get cart data from the API.",
  genericError: "Something went wrong. Please contact us to get assistance.",
  couponApplied: (code: string) => `Coupon code "${code}" has been applied to your cart.`,
  couponRemoved: (code: string) => `Coupon code "${code}" has been removed from your cart.`,
};

/** Spec §2 "Other shared pieces": the 'Read more'/'Read less' clamp. */
export const readMoreMessages = {
  readMore: "Read more",
  readLess: "Read less",
};
