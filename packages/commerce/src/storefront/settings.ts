/** The part of the shop's settings the storefront reads (spec §3 "Site settings", "Currency"); the server's settings hold more. */
import type { FieldRules } from "../field-rules/rules.ts";
import type { SymbolPosition } from "../money.ts";
import type { ReviewSettings } from "../reviews.ts";

export interface StorePages {
  shop: string;
  cart: string;
  checkout: string;
  myaccount: string;
  privacy: string;
  terms: string;
}

export interface CurrencySettings {
  code: string;
  symbol: string;
  symbolPosition: SymbolPosition;
  decimalSeparator: string;
  thousandSeparator: string;
  minorUnit: number;
}

export interface StoreNotice {
  id: string;
  text: string;
  enabled: boolean;
}

/** An additional checkout field a shop owner adds in the settings (spec §2, §3 locations, §5): contact, order, or both address forms. */
export interface CheckoutFieldSetting {
  /** 'namespace/field-name'. */
  id: string;
  label: string;
  location: "contact" | "order" | "address";
  type: "text" | "select" | "checkbox";
  required: boolean;
  options?: { value: string; label: string }[];
  /** Replaces the schema error messages of the validation rule (spec §5). */
  errorMessage?: string;
  /** JSON Schemas checked against the checkout's {cart, checkout, customer} document (spec §3; docs/architecture.md). */
  rules?: FieldRules;
}

/** The settings every page may read: nothing secret (no bank details, no hold times), nothing only the server acts on. */
export interface StorefrontSettings {
  siteTitle: string;
  storePages: StorePages;
  currency: CurrencySettings;
  taxesEnabled: boolean;
  /** Prices are entered inclusive of tax; beside the cart's display, it says whether the mini-cart's amount gets a tax label (spec §2). */
  pricesIncludeTax: boolean;
  displayCartPricesIncludingTax: boolean;
  displayItemizedTaxes: boolean;
  /** The shop's product prices (listing, product pages, Store API) show the base location's tax. */
  displayShopPricesIncludingTax: boolean;
  /** Plain text shown after product prices in the shop ("incl. VAT"); empty for none. */
  priceDisplaySuffix: string;
  checkoutAllowsGuest: boolean;
  checkoutCanCreateAccount: boolean;
  /** What happens after add-to-cart: open the mini-cart drawer, go to the cart, or nothing. */
  addToCartBehaviour: "open_drawer" | "navigate" | "none";
  storeNotice: StoreNotice;
  /** The shop is still being prepared: a dismissible footer banner says so (spec §4). */
  comingSoon: { enabled: boolean; text: string };
  productsPerPage: number;
  /** The shop's IANA time zone ("Europe/Paris"; "UTC" by default): the days and times the owner and shoppers read (decision 0086). */
  timeZone: string;
  /** Product reviews: on or off, who may write, ratings, moderation (decision 0090). */
  reviews: ReviewSettings;
}
