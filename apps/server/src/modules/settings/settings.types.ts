/** The shop's settings (spec §3 "Site settings", "Currency"), with their defaults. */
import {
  type CheckoutFieldSetting,
  type CurrencySettings,
  DEFAULT_REVIEW_SETTINGS,
  type StockFormat,
  type StorefrontSettings,
  type StoreNotice,
  type StorePages,
  type SwitchableEmail,
} from "@cartwright/commerce";

export type { CheckoutFieldSetting, CurrencySettings, StockFormat, StoreNotice, StorePages, SwitchableEmail };

export interface PickupLocationSetting {
  name: string;
  address: { address_1: string; city: string; state: string; postcode: string; country: string };
  details: string;
  enabled: boolean;
}

export interface CartFeeSetting {
  name: string;
  /** Minor units; negative for a discount-like fee. */
  amount: number;
  taxable: boolean;
  taxClass: string;
}

export interface PaymentSettings {
  enabled: string[];
  order: string[];
  bacs: { instructions: string; accountName: string; bankName: string; accountNumber: string; sortCode: string; iban: string; bic: string };
  chequeInstructions: string;
  codInstructions: string;
  /** The owner's own title and checkout description of a method, by id; a method not listed keeps its gateway's. */
  texts: Record<string, { title: string; description: string }>;
}

/** Order attribution (issue 7; decision 0014): the storefront's tracking script and what the checkout sends. */
export interface OrderAttributionSettings {
  enabled: boolean;
  /** How long the attribution cookies last, in 30-day months (0: until the browser closes). */
  lifetimeMonths: number;
  /** 'required': cookies only after the visitor's consent to marketing; 'not-required': until they withdraw it. */
  consent: "required" | "not-required";
  /** The cookies' domain, such as "example.com" to share them with subdomains; "" for the page's host only. */
  cookieDomain: string;
  /** Hidden checkout inputs are named with this prefix followed by the field name. */
  fieldPrefix: string;
  /** Give each new visitor a random six-digit promo code (kept in its own cookie). */
  promoCode: boolean;
}

/** Who the shop's e-mails come from and go to, and which are sent (empty texts: the process's MAIL_FROM and SHOP_OWNER_EMAIL). */
export interface EmailSettings {
  /** The sender's name; empty: the site title. */
  senderName: string;
  /** The sender's address; empty: MAIL_FROM, else shop@ the public host. */
  senderAddress: string;
  /** Where the owner's notices go; empty: SHOP_OWNER_EMAIL, else the owner account's address. */
  ownerRecipient: string;
  /** The e-mails switched off. */
  off: SwitchableEmail[];
}

/** Which stock notices the owner gets, and where (empty: the owner's notices' recipient, EmailSettings.ownerRecipient). */
export interface StockNoticeSettings {
  lowStock: boolean;
  outOfStock: boolean;
  backorder: boolean;
  recipient: string;
}

/** Which countries the shop sells or ships to, as the owner chose them; the checkout reads the resolved lists. */
export interface CountryChoice {
  mode: "all" | "all_except" | "specific";
  countries: string[];
}

/** Every setting: the storefront's part (@cartwright/commerce) and what only the server acts on. */
export interface ShopSettings extends StorefrontSettings {
  /** The shop's language ("en", "de_DE"…; spec §3 locale.siteLocale): German keeps field labels' case inside messages. */
  siteLocale: string;
  /** Country and state the shop trades from; taxes and shipping fall back to it. */
  baseLocation: { country: string; state: string };
  /** The tax class shipping pays: "inherit" (from the cart's items, as WooCommerce), '' (standard) or a class slug (decision 0044). */
  shippingTaxClass: string;
  /** Extra fields in the checkout's contact or order-information part, or in both address forms. */
  checkoutFields: CheckoutFieldSetting[];
  /** Minutes an order may wait for its payment before it is cancelled and its stock returned. */
  holdStockMinutes: number;
  /** Payment methods: which are switched on, in the order the checkout lists them, and their texts. */
  payments: PaymentSettings;
  /** Stock at or below this shows as low stock, unless a product sets its own amount. */
  lowStockAmount: number;
  /** Managed stock at or below this is out of stock (or on backorder); 0 unless the owner keeps some back. */
  outOfStockAmount: number;
  hideOutOfStock: boolean;
  /** Whether the product page shows a tracked quantity: always, only when low, or never (decision 0153). */
  stockFormat: StockFormat;
  /** The owner's e-mails about stock that orders moved across a threshold (decision 0099). */
  stockNotices: StockNoticeSettings;
  shippingEnabled: boolean;
  /** Countries the shop sells to (billing) and ships to; empty means all. Written with sellTo/shipTo, which they resolve. */
  sellToCountries: string[];
  shipToCountries: string[];
  /** The owner's choice of countries (all, all except, specific); shipTo "sell_to" ships wherever the shop sells. */
  sellTo: CountryChoice;
  shipTo: { mode: CountryChoice["mode"] | "sell_to"; countries: string[] };
  emails: EmailSettings;
  localPickup: { enabled: boolean; title: string; cost: number; taxable: boolean; locations: PickupLocationSetting[] };
  /** Fees added to every non-empty cart. */
  cartFees: CartFeeSetting[];
  /** Coupons apply one after another on the already-discounted price. */
  calcDiscountsSequentially: boolean;
  orderAttribution: OrderAttributionSettings;
  /** The shop's postal address and e-mail as its invoices print them; the country and state are baseLocation's. */
  storeAddress: { address_1: string; address_2: string; city: string; postcode: string; email: string };
}

export const DEFAULT_SETTINGS: ShopSettings = {
  siteTitle: "Cartwright",
  siteLocale: "en",
  storePages: {
    shop: "/shop",
    cart: "/cart",
    checkout: "/checkout",
    myaccount: "/my-account",
    privacy: "/privacy",
    terms: "/terms",
  },
  currency: {
    code: "USD",
    symbol: "$",
    symbolPosition: "left",
    decimalSeparator: ".",
    thousandSeparator: ",",
    minorUnit: 2,
  },
  baseLocation: { country: "US", state: "CA" },
  pricesIncludeTax: false,
  shippingTaxClass: "inherit",
  taxesEnabled: true,
  displayCartPricesIncludingTax: false,
  displayItemizedTaxes: false,
  displayShopPricesIncludingTax: false,
  priceDisplaySuffix: "",
  checkoutAllowsGuest: true,
  checkoutCanCreateAccount: true,
  addToCartBehaviour: "open_drawer",
  storeNotice: { id: "", text: "", enabled: false },
  holdStockMinutes: 60,
  checkoutFields: [],
  payments: {
    enabled: ["cod", "bacs", "cheque", "test_card", "demo_express"],
    order: ["test_card", "bacs", "cheque", "cod"],
    bacs: {
      instructions:
        "Make your payment directly into our bank account, using your order number as the reference. Your order ships once the money has arrived.",
      accountName: "",
      bankName: "",
      accountNumber: "",
      sortCode: "",
      iban: "",
      bic: "",
    },
    chequeInstructions: "Please send a check to the shop's address, with your order number on the back.",
    codInstructions: "Pay with cash when your order is delivered.",
    texts: {},
  },
  comingSoon: { enabled: false, text: "This shop is coming soon: it is still being set up, so take a look around, but expect changes." },
  lowStockAmount: 2,
  outOfStockAmount: 0,
  hideOutOfStock: false,
  stockFormat: "always",
  stockNotices: { lowStock: true, outOfStock: true, backorder: true, recipient: "" },
  productsPerPage: 12,
  timeZone: "UTC",
  reviews: { ...DEFAULT_REVIEW_SETTINGS },
  shippingEnabled: true,
  sellToCountries: [],
  shipToCountries: [],
  sellTo: { mode: "all", countries: [] },
  shipTo: { mode: "sell_to", countries: [] },
  emails: { senderName: "", senderAddress: "", ownerRecipient: "", off: [] },
  localPickup: { enabled: false, title: "Local pickup", cost: 0, taxable: false, locations: [] },
  cartFees: [],
  calcDiscountsSequentially: false,
  orderAttribution: {
    enabled: true,
    lifetimeMonths: 6,
    consent: "not-required",
    cookieDomain: "",
    fieldPrefix: "cw_order_attribution_",
    promoCode: false,
  },
  storeAddress: { address_1: "", address_2: "", city: "", postcode: "", email: "" },
};
