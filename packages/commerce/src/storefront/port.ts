/**
 * The storefront's port: what the server hands every page loader, called in-process (no HTTP hop).
 * The web app reads only this; the server's adapter (apps/server/src/web.ts) fills it from the modules.
 */
import type { AddressFieldKey } from "../address/locale.ts";
import type { BrowserAttribution } from "../attribution/consent.ts";
import type { WidgetPage } from "../contact-widget/types.ts";
import type { FormPagePayload } from "../forms/page.ts";
import type { FormValues } from "../forms/types.ts";
import type { ProductCollection } from "../product-collections.ts";
import type { RatingFacet, StoreReview } from "../reviews.ts";
import type { StoreAddress, StoreCart, StoreProduct, StoreTerm, StoreVariation } from "../store-api.ts";
import type { AttributeFacet, AttributeFilter, ProductOffers, ProductPage, ProductQuery, StoreCategory } from "./catalog.ts";
import type { CustomerOrderPage, OrderView } from "./orders.ts";
import type { CheckoutFieldSetting, StorefrontSettings } from "./settings.ts";

export interface StorefrontCatalog {
  listProducts(query: ProductQuery): Promise<ProductPage>;
  /**
   * The attributes whose terms products of the page's listing (`query`: a category, a search, a collection's whole
   * query) offer, each term counted under the page's query and the shopper's other `chosen` filters, and-joined.
   */
  attributeFacets(query: ProductQuery, chosen: readonly AttributeFilter[]): Promise<AttributeFacet[]>;
  getProduct(idOrSlug: string): Promise<StoreProduct | null>;
  getVariations(productId: number): Promise<StoreVariation[]>;
  /** A product's upsells and up to four related products the shop may show (published, not hidden, in stock if the shop hides the rest). */
  getProductOffers(productId: number): Promise<ProductOffers>;
  /** Shared by every request of the catalogue revision (decision 0009): never to be changed. */
  listCategories(): Promise<readonly StoreCategory[]>;
  getCategory(slug: string): Promise<StoreCategory | null>;
  /** The product tag a listing's ?tag= names; null when none has the slug. */
  getTag(slug: string): Promise<{ id: number; name: string; slug: string } | null>;
  /** The brand at /brand/{slug} (decision 0095), in the category's shape; null when none has the slug. */
  getBrand(slug: string): Promise<StoreCategory | null>;
  /** A product's brands, each with its name and brand page link (not part of the Store API product, decision 0095). */
  getProductBrands(productId: number): Promise<StoreTerm[]>;
  /** The quantity in stock a product tracks, null when it tracks none or the shop's stock format hides it (for its page's stock line, decision 0153; not in the Store API). */
  getStockQuantity(productId: number): Promise<number | null>;
  /** The product collection an extension registered at /collection/{slug} (decision 0087). */
  getCollection(slug: string): ProductCollection | null;
  /** The collections extensions draw on every product page (placement "product"), in the order registered. */
  productPageCollections(): ProductCollection[];
  /** The listing's "Filter by rating" counts (decision 0090): stars 5 to 1, each with its products under the listing's other filters. */
  ratingFacets(query: ProductQuery): Promise<RatingFacet[]>;
}

/** A page of a product's approved reviews, newest first. */
export interface ReviewPage {
  reviews: StoreReview[];
  total: number;
  totalPages: number;
  page: number;
}

/** A review written from the product page's form, or why not: one message per field, or no field's fault. */
export type ReviewResult =
  | { ok: true; status: "approved" | "pending"; message: string }
  | { ok: false; status: number; message: string; errors: Record<string, string> };

/** Product reviews (decision 0090) as the product page reads and writes them. */
export interface StorefrontReviews {
  list(productId: number, page: number, perPage: number): Promise<ReviewPage>;
  write(input: {
    productId: number;
    reviewer: string;
    email: string;
    rating: number | null;
    text: string;
    honeypot: string;
  }): Promise<ReviewResult>;
  /** The signed-in shopper's name and e-mail, for the form (null for a guest). */
  reviewer(): Promise<{ name: string; email: string } | null>;
}

/** The shopper's cart, as far as the server-rendered pages need it. */
export interface StorefrontCart {
  /** The whole cart, priced, as the Store API answers GET /cart. */
  get(): Promise<StoreCart>;
  /** Item count and amounts for the mini-cart button (minor units). */
  summary(): Promise<{ itemsCount: number; totalItems: number; totalItemsTax: number }>;
  /** Adds to the cart; an expected failure comes back as its message, never as an exception. */
  addItem(input: {
    id: number;
    quantity: number;
    variation: { attribute: string; value: string }[];
  }): Promise<{ ok: true } | { ok: false; message: string }>;
}

/** The signed-in shopper, as the account pages show them. */
export interface AccountCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** An expected failure of an account call, with the server's code and message (decision 0010). */
export type AccountResult = { ok: true } | { ok: false; code: string; message: string; status: number };

/** Which saved address an account page edits. */
export type AccountAddressKind = "billing" | "shipping";

/** An address as its form sends it: the standard fields only (billing has the e-mail). */
export type AccountAddressInput = Partial<Record<AddressFieldKey, string>>;

/** A saved address change, or why not: one message per field (the checkout's address rules), or no field's fault (signed out). */
export type AccountAddressResult =
  | { ok: true }
  | { ok: false; status: number; errors: Partial<Record<AddressFieldKey, string>>; message?: string };

/** The account details form's fields: name, e-mail, and the current password a new e-mail asks for. */
export interface AccountDetailsInput {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
}

/** A details change, or why not: one message per field, or no field's fault (signed out, too many tries). */
export type AccountDetailsResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      errors: Partial<Record<"first_name" | "last_name" | "email" | "current_password", string>>;
      message?: string;
    };

/** A password reset link that can be used (the account's e-mail), or why not. */
/** A reset link that works names its account, and whether it is staff's (whose passwords need 12 characters). */
export type PasswordResetCheck = { ok: true; email: string; staff: boolean } | { ok: false; code: string; message: string; status: number };

/** A saved payment method (a token for a card: brand, last four digits, expiry; never the card). */
export interface SavedPaymentMethod {
  id: string;
  /** "Visa", "Mastercard"… */
  brand: string;
  last4: string;
  /** "MM/YY". */
  expires: string;
  isDefault: boolean;
}

/** An order as the account and order-received pages show it (the Store API order shape). */
export type AccountOrder = OrderView & {
  billing_email: string;
  /** The payment method's instructions for the shopper (bank transfer, check, cash on delivery); "" when none. */
  payment_instructions: string;
  /** The files the paid order lets its buyer download (decision 0094); empty when none (left out on the pay-for-order page). */
  downloads?: AccountDownload[];
};

/** A file a paid order lets its buyer download. */
export interface AccountDownload {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  file_name: string;
  /** null: unlimited. */
  downloads_remaining: number | null;
  /** ISO-8601; null: never expires. */
  access_expires: string | null;
  /** The download link, a path on the shop. */
  download_url: string;
}

/**
 * The shopper's account. Signing in, registering, signing out and changing the password switch
 * the session (a new cw_session cookie on this reply) and, on sign-in, merge the guest cart into
 * the saved one. The reads answer for the signed-in customer only: empty or null for a guest.
 */
export interface StorefrontAccount {
  current(): Promise<AccountCustomer | null>;
  /** True when the signed-in customer is the shop owner (OWNER_EMAIL or `npm run owner`). */
  isOwner(): Promise<boolean>;
  /**
   * The signed-in customer's place on the shop's staff (decision 0032): "owner", "manager" (invited
   * by the owner; the console without the owner's areas), or null for a shopper or a guest.
   */
  staffRole(): Promise<"owner" | "manager" | null>;
  /** For the console's navigation: orders to fulfil (processing) and reviews waiting for approval; null for anyone not on the staff. */
  consoleCounts(): Promise<{ orders: number; reviews: number } | null>;
  signIn(email: string, password: string): Promise<AccountResult>;
  register(email: string, password: string): Promise<AccountResult>;
  /** Ends this login session (decision 0017); a guest's sign-out changes nothing. */
  signOut(): Promise<void>;
  /** Ends every login session of the signed-in customer, this one included. */
  signOutEverywhere(): Promise<void>;
  /**
   * Checks the current password and sets the new one (registration's rules); every other session
   * of the customer ends, this one continues. cw_rest_incorrect_password when the current one is wrong.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<AccountResult>;
  /**
   * Sets the signed-in customer's first and last name and e-mail. A new e-mail asks for the
   * current password (counted as sign-in attempts) and is refused when another account has it, in
   * any case of letters.
   */
  saveDetails(details: AccountDetailsInput): Promise<AccountDetailsResult>;
  /**
   * "Lost your password?": e-mails a link to choose a new one when an account uses the address.
   * Ok for any well-formed address, an account or none (no one learns which addresses have one);
   * rest_invalid_param for a malformed one, 429 when too many came from here.
   */
  requestPasswordReset(email: string): Promise<AccountResult>;
  /**
   * Whether a reset link's key can still be used, and the e-mail of the account it is for; else
   * cw_rest_reset_invalid (404), cw_rest_reset_used or cw_rest_reset_expired (410).
   */
  checkPasswordReset(key: string): Promise<PasswordResetCheck>;
  /**
   * Sets the password through a reset link (registration's rules) and signs in as its customer,
   * as sign-in does; every other session of the customer ends. The link then works no more.
   */
  resetPassword(key: string, password: string): Promise<AccountResult>;
  /** One page of the signed-in customer's orders (the first is 1), newest first; no drafts (failed ones are listed, to be paid). */
  orders(page: number): Promise<CustomerOrderPage>;
  /** The signed-in customer's downloads still usable (paid orders, not expired, downloads left), newest order first. */
  downloads(): Promise<AccountDownload[]>;
  /** The signed-in customer's own order, else null. */
  order(id: number): Promise<AccountOrder | null>;
  /**
   * The order-received page: with the order's key, or to its signed-in owner without one.
   * "sign-in" when the key is right but the order belongs to an account that is not signed in;
   * "confirm-email" when it is a guest's and this session must give its billing email first (past
   * the grace period after it was placed, not the session that placed it: decision 0083).
   */
  orderReceived(id: number, key: string | null): Promise<AccountOrder | "sign-in" | "confirm-email" | null>;
  /**
   * The order-received page's email question: ok when the email is the guest order's billing email
   * (in any case), which this session then sees; cw_rest_invalid_billing_email (401) for another,
   * 429 once too many wrong ones were tried; cw_rest_invalid_order (404) for no such order or key.
   */
  confirmOrderEmail(id: number, key: string | null, email: string): Promise<AccountResult>;
  addresses(): Promise<{ billing: Partial<StoreAddress>; shipping: Partial<StoreAddress> } | null>;
  /**
   * Replaces the signed-in customer's saved billing or shipping address with the one sent (a field
   * not sent is blank), checked by the checkout's rules: required fields, the country's postcode and
   * states, the shop's selling or shipping countries, the billing e-mail.
   */
  saveAddress(kind: AccountAddressKind, address: AccountAddressInput): Promise<AccountAddressResult>;
  paymentMethods(): Promise<SavedPaymentMethod[]>;
  /** False when the method is not the signed-in customer's. */
  setDefaultPaymentMethod(id: string): Promise<boolean>;
  deletePaymentMethod(id: string): Promise<boolean>;
}

export interface CheckoutCountryCodes {
  billing: string[] | null;
  shipping: string[] | null;
}

export interface CheckoutCountry {
  code: string;
  name: string;
  states: { code: string; name: string }[];
}

export interface CheckoutPaymentMethod {
  id: string;
  title: string;
  description: string;
  express: boolean;
  supports: string[];
}

export interface SavedPaymentMethodView {
  tokenId: number;
  is_default: boolean;
  expires: string;
  method: { gateway: string; brand: string; display_brand: string; last4: string };
  type: "cc" | "echeck" | "others";
}

/** An additional checkout field, as the server's settings define it (spec §2, §3 locations). */
export type CheckoutFieldDefinition = CheckoutFieldSetting;

/** What the checkout page reads from the server besides the cart. */
/** The shopper's notes and payment method kept on the cart's draft order. */
export interface CheckoutDraft {
  customerNote: string;
  paymentMethod: string;
}

/**
 * The pay-for-order page's order (`/checkout/order-pay/{id}?key=…`): payable, with whether a guest
 * must type the billing e-mail (not the session that placed it); or why not.
 */
export type OrderToPay =
  /** `askEmail`: the shopper types the billing e-mail the pay call needs; `billingEmail`: the page sends it (this session answered it, or the owner). */
  | { state: "payable"; order: AccountOrder; key: string; askEmail: boolean; billingEmail?: string }
  /** Paid already (or refunded): the order-received page shows it. */
  | { state: "paid"; receivedUrl: string }
  /** On hold, cancelled: not awaiting a payment here. */
  | { state: "not-payable"; status: OrderView["status"]; receivedUrl: string }
  /** An account's order, and the shopper is not signed in as that account. */
  | { state: "sign-in" }
  /** A guest's order this session may not see yet: the order-received page's email question (decision 0083). */
  | { state: "confirm-email" }
  | { state: "wrong-key" }
  | { state: "not-found" };

export interface StorefrontCheckout {
  /** The order a shopper came to pay, for its signed-in customer or whoever holds its key (decision 0085). */
  orderToPay(id: number, key: string | null): Promise<OrderToPay>;
  additionalFields(): CheckoutFieldDefinition[];
  /** The shop's locale ("en", "de_DE"…), for the case of labels inside field messages (spec §5). */
  locale(): string;
  /** The country codes each address allows (null: every country); names and states come from @cartwright/commerce. */
  countries(): CheckoutCountryCodes;
  /** The methods this shop accepts, in its order (express ones included, flagged). */
  paymentMethods(): CheckoutPaymentMethod[];
  savedMethods(): Promise<SavedPaymentMethodView[]>;
  customer(): Promise<{ id: number; email: string; billing: Partial<StoreAddress>; shipping: Partial<StoreAddress> } | null>;
  /** What the cart's draft order keeps from an earlier visit (PUT /checkout): its notes and chosen method; null without one. */
  draft(): Promise<CheckoutDraft | null>;
  /** The editor preview's sample cart (spec §9) when the signed-in customer is the shop owner; null for anyone else. */
  preview(): Promise<StoreCart | null>;
}

/** The page's contact widgets (decision 0020): the settings root.tsx renders, and the loader's address. */
export interface StorefrontContactWidgets {
  page: WidgetPage;
  /** The built loader under /widget/ (hashed name). */
  loaderSrc: string;
}

/** What a form's page post (no JavaScript) came to (decision 0026). */
export type FormPostOutcome =
  | { kind: "not-found" }
  /** The page again: the kept values, the errors beside their fields; 422, or 413 for a body over the limits. */
  | {
      kind: "failed";
      status: 413 | 422;
      values: FormValues;
      errors: { field: Record<string, string | Record<string, string>>; general: { header?: string; footer?: string; recaptcha?: string } };
    }
  /** The confirmation message (allowlisted markup) in place of the form. */
  | { kind: "confirmation"; message: string }
  /** A 303 to the confirmation page or address. */
  | { kind: "redirect"; url: string };

/** The public forms' pages (issue 17). */
export interface StorefrontForms {
  /** A published form's payload with a fresh token; null for an unknown or unpublished one. */
  page(slug: string): Promise<FormPagePayload | null>;
  /** The values a resume link's key brings back to the form (decision 0030); null when expired, used or wrong. */
  resumed(slug: string, key: string): Promise<FormValues | null>;
  /** A post of the form's page, read within the /ajax limits and checked as forms_submit checks it. */
  submit(slug: string, body: Request): Promise<FormPostOutcome>;
  /** The forms runtime's script address (/forms/static/…), or null while it is not built. */
  runtimeScript(): string | null;
}

export interface Storefront {
  settings: StorefrontSettings;
  catalog: StorefrontCatalog;
  reviews: StorefrontReviews;
  cart: StorefrontCart;
  account: StorefrontAccount;
  checkout: StorefrontCheckout;
  /** What the shop remembers about this visitor (dismissed banners). */
  visitor: { meta(): Promise<{ coming_soon_banner_dismissed?: "yes" | "no" }> };
  /** Order attribution's settings for the page's consent listener and the checkout; null when it is off (decision 0014). */
  attribution: BrowserAttribution | null;
  /** The Store API nonce for this visitor's session, for the browser's writes. */
  nonce: string;
  /** Nonce for inline scripts, matching the page's Content-Security-Policy. */
  cspNonce: string;
  /** The active contact widgets for this visitor; null when none shows or the widget is not built. */
  contactWidgets(): Promise<StorefrontContactWidgets | null>;
  forms: StorefrontForms;
  /**
   * Writes a page's failure to the server's log, against this request (React Router would print it to stderr). `status`
   * is the reply's when React Router answered with one (a 405 for a method no route takes): under 500, the request's fault.
   */
  logError(error: unknown, status?: number): void;
}
