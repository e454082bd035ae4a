/**
 * The navigation's names of the console's areas, apart from each area's texts: the frame loads this
 * file on every console page, so no page pays for another area's texts (each area's messages take
 * their title from here).
 */
export const NAV_LABELS = {
  dashboard: "Dashboard",
  reports: "Reports",
  customers: "Customers",
  products: "Products",
  coupons: "Coupons",
  shipping: "Shipping",
  staff: "Staff",
  account: "Your account",
} as const;

/** The catalogue's term pages' names in the menu (their pages' own texts: products/term-messages.ts, attributes/messages.ts). */
export const termMessages = {
  categories: { nav: "Categories" },
  brands: { nav: "Brands" },
  tags: { nav: "Tags" },
  attributes: { nav: "Attributes" },
};

/** What a manager reads on a page that is the owner's alone (RouteError.tsx, part of the frame; decision 0032). */
export const ownerOnlyMessages = {
  title: "This page is for the shop owner.",
  body: "Your manager account can use the other pages of the console.",
  back: "Back to the console",
};
