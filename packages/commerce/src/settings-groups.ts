/**
 * The owner API's settings groups (`/api/admin/v1/settings/{group}`, decisions 0042 and 0048) as
 * the server answers and takes them, shared by the server's checks and the console's forms.
 */
import type { CheckoutFieldSetting, StorePages } from "./storefront/index.ts";

/** The groups, in the order the console shows them. */
export const SETTINGS_GROUP_NAMES = [
  "store",
  "currency",
  "taxes",
  "pages",
  "notices",
  "checkout",
  "countries",
  "inventory",
  "reviews",
  "cart",
  "emails",
  "consent",
] as const;
export type SettingsGroupName = (typeof SETTINGS_GROUP_NAMES)[number];

/**
 * The shop's e-mails an owner may switch off, by the names their order events and the owner's
 * sends use. The staff invitation and a form's resume link are not among them: each is asked for
 * by the person it goes to, and is the only way they get its link.
 */
export const SWITCHABLE_EMAILS = [
  "customer_confirmation",
  "customer_processing",
  "customer_completed",
  "customer_refunded",
  "customer_invoice",
  "customer_note",
  "customer_cancelled",
  "customer_new_account",
  "owner_notice",
  "owner_failed",
  "customer_failed",
  "owner_cancelled",
  "contact_message",
  "form_entry",
  "review_held",
] as const;
export type SwitchableEmail = (typeof SWITCHABLE_EMAILS)[number];

export interface StoreGroup {
  site_title: string;
  site_locale: string;
  base_location: { country: string; state: string };
  store_address: { address_1: string; address_2: string; city: string; postcode: string; email: string };
  add_to_cart_behaviour: "open_drawer" | "navigate" | "none";
  products_per_page: number;
  /** The shop's IANA time zone ("Europe/Paris", "UTC"): reports' days, order dates, coupons' expiry, sales' days. */
  time_zone: string;
}
export interface CurrencyGroup {
  code: string;
  symbol: string;
  symbol_position: "left" | "left_space" | "right" | "right_space";
  decimal_separator: string;
  thousand_separator: string;
  decimals: number;
}
export interface TaxesGroup {
  taxes_enabled: boolean;
  prices_include_tax: boolean;
  display_cart_prices_including_tax: boolean;
  display_itemized_taxes: boolean;
  display_shop_prices_including_tax: boolean;
  price_display_suffix: string;
}
/** The store pages, as the storefront reads them. */
export type PagesGroup = StorePages;
export interface NoticesGroup {
  store_notice: { enabled: boolean; text: string };
  coming_soon: { enabled: boolean; text: string };
}
export interface CheckoutGroup {
  guest_checkout: boolean;
  account_creation: boolean;
  hold_stock_minutes: number;
  additional_fields: CheckoutFieldSetting[];
}
export type CountryMode = "all" | "all_except" | "specific";
export interface CountriesGroup {
  sell_to: { mode: CountryMode; countries: string[] };
  /** sell_to: wherever the shop sells. */
  ship_to: { mode: CountryMode | "sell_to"; countries: string[] };
  shipping_enabled: boolean;
}
export interface InventoryGroup {
  low_stock_amount: number;
  out_of_stock_amount: number;
  hide_out_of_stock: boolean;
  /** E-mail the owner when an order's stock move brings a product down to low stock, to out of stock, or past it onto backorder (decision 0099). */
  low_stock_notices: boolean;
  out_of_stock_notices: boolean;
  backorder_notices: boolean;
  /** Where those notices go; empty: the owner's notices' recipient (the emails group). */
  stock_notice_recipient: string;
  /** How the product page words a tracked quantity (decision 0153): "12 in stock", only "Only 2 left in stock", or never a count. */
  stock_format: StockFormat;
}
/** WooCommerce's "Stock display format": '' is "always", 'low_amount' "when_low", 'no_amount' "never". */
export type StockFormat = "always" | "when_low" | "never";
export const STOCK_FORMATS: readonly StockFormat[] = ["always", "when_low", "never"];
/** Product reviews (decision 0090), beside the other product settings. */
export interface ReviewsGroup {
  reviews_enabled: boolean;
  verified_owners_only: boolean;
  ratings_enabled: boolean;
  ratings_required: boolean;
  hold_for_approval: boolean;
  show_verified_label: boolean;
}
export interface CartGroup {
  discounts_sequentially: boolean;
  fees: { name: string; amount: number; taxable: boolean; tax_class: string }[];
}
export interface EmailsGroup {
  sender_name: string;
  sender_address: string;
  owner_recipient: string;
  sent: Record<SwitchableEmail, boolean>;
}
export interface ConsentGroup {
  attribution_enabled: boolean;
  tracking_consent: "required" | "not-required";
  lifetime_months: number;
  cookie_domain: string;
  field_prefix: string;
  promo_code: boolean;
}

export interface SettingsGroups {
  store: StoreGroup;
  currency: CurrencyGroup;
  taxes: TaxesGroup;
  pages: PagesGroup;
  notices: NoticesGroup;
  checkout: CheckoutGroup;
  countries: CountriesGroup;
  inventory: InventoryGroup;
  reviews: ReviewsGroup;
  cart: CartGroup;
  emails: EmailsGroup;
  consent: ConsentGroup;
}
