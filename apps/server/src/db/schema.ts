/** Table types for Kysely. Money is integer minor units; flags are 0/1 integers in both dialects. */
import type { OrderStatus } from "@cartwright/commerce";
import type { ColumnType, Generated, Kysely } from "kysely";

export type Flag = 0 | 1;

export interface ProductsTable {
  id: Generated<number>;
  parent_id: number | null;
  type: "simple" | "variable" | "variation";
  /** A draft stays out of the shop (migration 025); variations follow their parent's. */
  status: "publish" | "draft";
  name: string;
  slug: string;
  sku: string;
  short_description: string;
  description: string;
  /** For variable products the parent's price is derived from its variations. */
  regular_price: number | null;
  sale_price: number | null;
  /** The sale price holds from this instant (ISO-8601 UTC) until `sale_ends_at`, each null when open (migration 030). */
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  manage_stock: Flag;
  stock_quantity: number | null;
  /** Kept only for products that do not manage stock; managed stock derives it from the quantity. */
  stock_status: "instock" | "outofstock" | "onbackorder";
  backorders: "no" | "notify" | "yes";
  low_stock_amount: number | null;
  quantity_min: number;
  quantity_max: number | null;
  quantity_step: number;
  sold_individually: Flag;
  catalog_visibility: "visible" | "catalog" | "search" | "hidden";
  virtual: Flag;
  weight_grams: number | null;
  featured: Flag;
  menu_order: number;
  total_sales: number;
  /** Average rating × 100 (e.g. 450 = 4.50), to stay an integer. */
  rating_x100: number;
  review_count: number;
  created_at: string;
  updated_at: string;
  /** taxable, shipping (only its shipping is taxed) or none (migration 027). */
  tax_status: Generated<"taxable" | "shipping" | "none">;
  /** '' = standard, a tax_classes slug, or 'parent' for a variation that takes its parent's. */
  tax_class: Generated<string>;
  /** A downloadable product's files are granted to its paid orders (migration 037, decision 0094). */
  downloadable: Generated<Flag>;
  /** Downloads each buyer may make of each file, and days they may make them in; null: no limit. */
  download_limit: Generated<number | null>;
  download_expiry_days: Generated<number | null>;
  /** A product's shipping class (null: none); a variation's own (null: its parent's) (migration 048). */
  shipping_class_id: Generated<number | null>;
}

export interface MediaTable {
  id: Generated<number>;
  filename: string;
  content_type: string;
  alt: string;
  /** The image as served at its own name: an upload's cleaned copy (metadata stripped, turned upright), or the demo's SVG. */
  bytes: Uint8Array;
  created_at: string;
  /** Pixels of `bytes` (an SVG's declared size); null when unknown. Migration 028. */
  width: Generated<number | null>;
  height: Generated<number | null>;
  /** The first 10 hex digits of the SHA-256 of `bytes`, in the resized files' names. */
  hash: Generated<string>;
}

/** One resized file of an image (migration 028, decision 0045): made on upload, or on first request. */
export interface MediaVariantsTable {
  media_id: number;
  width: number;
  format: "avif" | "webp" | "jpeg" | "png";
  height: number;
  bytes: Uint8Array;
}

export interface ProductImagesTable {
  product_id: number;
  media_id: number;
  position: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  description: string;
  menu_order: number;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

/** Brands (migration 038): shaped as categories are. */
export type BrandsTable = CategoriesTable;

export interface ProductBrandsTable {
  product_id: number;
  brand_id: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface ProductTagsTable {
  product_id: number;
  tag_id: number;
}

export interface AttributesTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface AttributeTermsTable {
  id: Generated<number>;
  attribute_id: number;
  name: string;
  slug: string;
  menu_order: number;
}

export interface ProductAttributesTable {
  product_id: number;
  attribute_id: number;
  position: number;
  used_for_variations: Flag;
}

export interface ProductAttributeTermsTable {
  product_id: number;
  term_id: number;
}

/** Which term of each attribute a variation stands for. */
export interface VariationAttributesTable {
  variation_id: number;
  attribute_id: number;
  term_id: number;
}

export interface CrossSellsTable {
  product_id: number;
  cross_sell_id: number;
  position: number;
}

/** Products offered on a product's page in its place, in this order (migration 033). */
export interface UpsellsTable {
  product_id: number;
  upsell_id: number;
  position: number;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

export interface CartsTable {
  id: string;
  customer_id: number | null;
  /** JSON text of the address objects, the selected rate per package and extension data. */
  billing_address: string;
  shipping_address: string;
  selected_rates: string;
  extensions: string;
  has_calculated_shipping: Flag;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** Moved by triggers on any write to the cart, its lines or coupons (migration 010); random, never + 1. */
  version: number;
}

export interface CartItemsTable {
  cart_id: string;
  key: string;
  product_id: number;
  variation_id: number | null;
  quantity: number;
  /** JSON [{attribute, value}] and [{key, value}] */
  variation: string;
  item_data: string;
  /** The price when the item was added, to tell the shopper when it changed. */
  price_when_added: number | null;
  position: number;
  added_at: string;
}

export interface CartCouponsTable {
  cart_id: string;
  code: string;
  position: number;
}

export interface CouponsTable {
  id: Generated<number>;
  /** Stored lower-case; codes match case-insensitively. */
  code: string;
  description: string;
  type: "percent" | "fixed_cart" | "fixed_product";
  /** Percent coupons: basis points (1000 = 10 %); fixed ones: minor units. */
  amount: number;
  enabled: Flag;
  free_shipping: Flag;
  individual_use: Flag;
  exclude_sale_items: Flag;
  /** JSON number arrays. */
  product_ids: string;
  excluded_product_ids: string;
  category_ids: string;
  excluded_category_ids: string;
  minimum_spend: number | null;
  maximum_spend: number | null;
  expires_at: string | null;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  /** JSON string array. */
  allowed_emails: string;
  usage_count: number;
  created_at: string;
}

export interface TaxRatesTable {
  id: Generated<number>;
  country: string;
  state: string;
  /** JSON string arrays. */
  postcodes: string;
  cities: string;
  /** Percent as a decimal string with four places, e.g. "7.2500". */
  rate: string;
  name: string;
  priority: number;
  compound: Flag;
  shipping: Flag;
  tax_class: string;
  sort_order: number;
}

/** The owner's tax classes besides the standard one ('', no row), in their order (migration 027). */
export interface TaxClassesTable {
  slug: string;
  name: string;
  sort_order: number;
}

export interface ShippingZonesTable {
  id: Generated<number>;
  name: string;
  sort_order: number;
}

export interface ShippingZoneLocationsTable {
  zone_id: number;
  type: string;
  code: string;
}

export interface ShippingMethodsTable {
  id: Generated<number>;
  /** null: the zone for everywhere no other zone covers. */
  zone_id: number | null;
  method_id: string;
  title: string;
  enabled: Generated<Flag>;
  settings: string;
  sort_order: number;
}

/** Groups of products whose shipping a flat rate prices apart (migration 048, decision 0106). */
export interface ShippingClassesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: Generated<string>;
}

/** Counters bumped by triggers on every write to a group of tables (migration 003). */
/** How far a job driven by the clock alone has done its work (migration 047): `sale_webhooks` for scheduled sales told to webhooks. */
export interface JobMarksTable {
  name: string;
  /** ISO instant: the job's work up to here is done. */
  at: string;
}

export interface RevisionsTable {
  name: string;
  value: number;
}

export interface VisitorMetaTable {
  owner: string;
  key: string;
  value: string;
  updated_at: string;
}

/** A shopper's account (migration 005). */
export interface CustomersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** 'scrypt$N$r$p$salt$hash', salt and hash base64url. */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** JSON text of the saved address objects. */
  billing_address: string;
  shipping_address: string;
  /** 'customer' (a shopper), 'owner' (the shop's owner) or 'manager' (staff the owner invited, decision 0032). */
  role: ColumnType<CustomerRole, CustomerRole | undefined, CustomerRole>;
  created_at: string;
  updated_at: string;
}

export type CustomerRole = "customer" | "owner" | "manager";

/** A role that signs into the owner console (decision 0032). */
export type StaffRole = Exclude<CustomerRole, "customer">;

/** An invitation to join the shop's staff (migration 021, decision 0032): the link's token is kept only as its hash. */
export interface StaffInvitesTable {
  id: Generated<number>;
  /** Trimmed and lower-cased, as customers.email. */
  email: string;
  role: "manager";
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  /** Set once, when the invitation is accepted; the link then works no more. */
  accepted_at: string | null;
}

/** A password reset a shopper asked for by e-mail (migration 032): the link's token is kept only as its hash. */
export interface PasswordResetsTable {
  id: Generated<number>;
  customer_id: number;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set once, when a new password is chosen through it; the link then works no more. */
  used_at: string | null;
}

/** One sign-in (migration 012, decision 0017): its id travels in the signed-in token as `lid`. */
export interface CustomerSessionsTable {
  id: string;
  customer_id: number;
  created_at: string;
  /** Moved at most once an hour while the session is used. */
  last_used_at: string;
  /** Set by signing out, a password change or signing out everywhere; null while the session stands. */
  revoked_at: string | null;
}

/** The statuses are the storefront contract's (@cartwright/commerce). */
export type { OrderStatus };

export interface OrdersTable {
  id: Generated<number>;
  cart_id: string;
  status: OrderStatus;
  order_key: string;
  customer_id: number | null;
  billing_email: string;
  /** JSON addresses, lines and maps. */
  billing_address: string;
  shipping_address: string;
  customer_note: string;
  payment_method: string;
  payment_method_title: string;
  payment_details: string;
  transaction_id: string;
  currency: string;
  total: number;
  total_tax: number;
  total_shipping: number;
  total_discount: number;
  totals: string;
  shipping_lines: string;
  fee_lines: string;
  additional_fields: string;
  extensions: string;
  stock_taken: Flag;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** The idempotency key of the payment asked for and not yet recorded; empty otherwise (migration 013). */
  payment_attempt: string;
  /** 1 from the moment the order settles until a process claims its e-mails (migration 013). */
  emails_due: Flag;
  /** Minor units refunded so far; never above total (migration 019: one conditional update per refund). */
  total_refunded: number;
  /**
   * 1 once a member of staff changed the order (its items, status or an address; migration 042):
   * the shopper's next checkout from its cart makes a new order rather than rewrite it (decision 0101).
   */
  staff_edited: Flag;
}

/** Charges the built-in online gateways made, by idempotency key: their side of a payment (migration 013). */
export interface GatewayChargesTable {
  gateway: string;
  idempotency_key: string;
  order_id: number;
  amount: number;
  currency: string;
  /** The PaymentOutcome answered, as JSON. */
  outcome: string;
  created_at: string;
  /** Minor units refunded of this charge so far, never above its amount (migration 020). */
  refunded: Generated<number>;
}

/** A built-in gateway's refunds (migration 020), by their idempotency key, against one charge. */
export interface GatewayRefundsTable {
  gateway: string;
  idempotency_key: string;
  /** The charge's idempotency key. */
  charge_key: string;
  order_id: number;
  amount: number;
  /** The RefundOutcome answered, as JSON. */
  outcome: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variation_id: number | null;
  name: string;
  sku: string;
  quantity: number;
  variation: string;
  subtotal: number;
  subtotal_tax: number;
  total: number;
  total_tax: number;
  position: number;
  /** Units and minor units of this line refunded so far (migration 019). */
  refunded_quantity: number;
  refunded_total: number;
  /** Units of this line a refund put back on the shelf (migration 020): a later release returns only the rest. */
  restocked_quantity: number;
}

/** One word an order is found by in the owner's search (migration 022, decision 0039; db/order-search.ts writes them). */
export interface OrderSearchTermsTable {
  order_id: number;
  term: string;
}

/** Who acted on an order: the shop's staff (owner, manager), the shopper, a gateway or the shop itself (sweeps). */
export type OrderActorType = "owner" | "manager" | "customer" | "guest" | "gateway" | "shop";

/**
 * One thing that happened to an order, for the owner's timeline (migration 019). `data` is JSON
 * whose shape depends on `type` (modules/orders/events.ts names them).
 */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  actor_type: OrderActorType;
  /** The account (staff or customer) that acted; null for a guest, a gateway or the shop. */
  actor_id: number | null;
  data: string;
  created_at: string;
}

/** A refund of an order, whole or in part (migration 019). */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  amount: number;
  reason: string;
  /** 'gateway' (refunded through the payment's gateway) or 'manual' (the owner paid it back by hand). */
  method: "gateway" | "manual";
  restocked: Flag;
  gateway_refund_id: string;
  actor_id: number | null;
  /** Who refunded: owner or manager (migration 020). */
  actor_type: OrderActorType;
  /** 'pending': reserved, the gateway not yet answered (migration 020, decision 0031); 'done': refunded. */
  status: "pending" | "done";
  created_at: string;
  /** The API key the refund was asked with, "API key <description>" (decision 0098; migration 047); null from the console. */
  via: string | null;
}

/** The lines a refund covered: units and minor units of each order line. */
export interface OrderRefundItemsTable {
  refund_id: number;
  order_item_id: number;
  quantity: number;
  amount: number;
}

export interface OrderCouponsTable {
  order_id: number;
  coupon_id: number;
  code: string;
  discount: number;
  discount_tax: number;
  usage_counted: Flag;
}

export interface StockHoldsTable {
  order_id: number;
  product_id: number;
  quantity: number;
  expires_at: string;
}

export interface PaymentTokensTable {
  id: Generated<number>;
  customer_id: number;
  gateway: string;
  token: string;
  type: string;
  brand: string;
  last4: string;
  expiry_month: number | null;
  expiry_year: number | null;
  is_default: Flag;
  created_at: string;
}

/** Where an order came from (decision 0014); a missing value is null, never "(none)". */
export interface OrderAttributionTable {
  order_id: number;
  source_type: string | null;
  referrer: string | null;
  utm_campaign: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_content: string | null;
  utm_id: string | null;
  utm_term: string | null;
  utm_source_platform: string | null;
  utm_creative_format: string | null;
  utm_marketing_tactic: string | null;
  session_entry: string | null;
  session_start_time: string | null;
  session_pages: number | null;
  session_count: number | null;
  user_agent: string | null;
  /** "Mobile", "Tablet" or "Desktop", from the user agent. */
  device_type: string | null;
}

/** One rate-limit counter (migration 011, decision 0016). */
export interface RateLimitsTable {
  /** The limit's name, e.g. 'sign-in:address'. */
  name: string;
  /** Whom it counts: a client address, a session id, a hashed e-mail and an address. */
  subject: string;
  /** Epoch ms: the GCRA's theoretical arrival time, or when a remembered fact expires; the row is void after it. */
  until_ms: number;
  refused: ColumnType<number, number | undefined, number>;
}

/** A contact widget (migration 014): settings, triggers and channels are JSON documents (@cartwright/commerce/contact-widget). */
export interface ContactWidgetsTable {
  id: Generated<number>;
  identifier: string;
  active: number;
  /** JSON string[]. */
  allowed_origins: string;
  settings: string;
  triggers: string;
  channels: string;
  created_at: string;
  updated_at: string;
}

/** Views and clicks per widget, channel ('' for the widget itself), UTC quarter hour and device (migration 034). */
export interface ContactWidgetStatsTable {
  widget_id: number;
  channel: string;
  /** The UTC quarter hour counted, "YYYY-MM-DDTHH:MM" (migration 034; a day counted before it is its UTC noon). */
  slot: string;
  device: "desktop" | "mobile";
  views: ColumnType<number, number | undefined, number>;
  clicks: ColumnType<number, number | undefined, number>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  widget_id: number;
  channel_index: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** JSON [{slug, label, type, value}]. */
  custom_fields: string;
  ref_url: string;
  page_id: string;
  page_title: string;
  ip: string;
  user_agent: string;
  created_at: string;
  read_at: string | null;
}

export interface ContactMessageFilesTable {
  id: Generated<number>;
  message_id: number;
  field: string;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer | Uint8Array;
  created_at: string;
}

/** A captcha solution already used, kept until it expires (replays are refused). */
export interface CaptchaSolutionsTable {
  signature: string;
  expires_ms: number;
}

/** Every owner change (DESIGN.md §9): who, when, what, before and after (JSON). */
export interface ChangeLogTable {
  id: Generated<number>;
  actor_id: number;
  entity: string;
  entity_id: string;
  action: "create" | "update" | "delete";
  before: string | null;
  after: string | null;
  created_at: string;
  /** How the change came when not from a console session: "API key <description>" (decision 0098); null otherwise. */
  via: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Read, write or both: what an API key may do (decision 0098). */
export type ApiKeyPermission = "read" | "write" | "read_write";

/** An owner API key for an integration (migration 040, decision 0098): the secret is kept only as its hash. */
export interface ApiKeysTable {
  id: Generated<number>;
  /** The public half ("cwk_…"), sent with every request and looked up. */
  key_id: string;
  /** SHA-256 (hex) of the secret. */
  secret_hash: string;
  /** "cws_…" and the secret's last four characters, for the console to tell keys apart. */
  truncated_key: string;
  description: string;
  /** The staff member the key acts as. */
  customer_id: number;
  permission: ApiKeyPermission;
  created_by: number | null;
  created_at: string;
  /** Written at most once a minute (decision 0098). */
  last_access_at: string | null;
  revoked_at: string | null;
}

/** The kept answer to an owner API write sent with an Idempotency-Key (migration 053, decision 0169). */
export interface IdempotentRepliesTable {
  /** "key:{api key id}" or "staff:{customer id}". */
  caller: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the method, path and body. */
  fingerprint: string;
  /** Null while the first request is being answered. */
  status_code: number | null;
  reply: string | null;
  created_at: string;
}

/** An owner's webhook (migration 039, decision 0097). */
export interface WebhooksTable {
  id: Generated<number>;
  name: string;
  topic: string;
  delivery_url: string;
  secret: string;
  status: "active" | "paused" | "disabled";
  api_version: string;
  failure_count: number;
  disabled_reason: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One event queued for one webhook, and its latest attempt (migration 039). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  topic: string;
  resource: string;
  event: string;
  resource_id: number | null;
  payload: string | null;
  status: "pending" | "delivered" | "failed";
  by_owner: ColumnType<number, number | undefined, number>;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  request_headers: string | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  attempted_at: string | null;
  delivered_at: string | null;
}

/** A public form (issue 17): its definition is one JSON document (decision 0024). */
export interface FormsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  definition: string;
  status: "published" | "draft";
  created_at: string;
  updated_at: string;
}

/** One submission of a form (decision 0025): values of visible fields only, the total computed by the server. */
export interface FormEntriesTable {
  id: Generated<number>;
  form_id: number;
  status: "complete" | "spam";
  /** JSON FormValues of the visible fields. */
  values: string;
  /** Integer minor units of `currency`. */
  payment_total: number;
  payment_status: "" | "pending" | "paid" | "failed";
  currency: string;
  payment_gateway: ColumnType<string, string | undefined, string>;
  /** The idempotency key the charge is made under (`form-entry-{uuid}`). */
  payment_key: ColumnType<string, string | undefined, string>;
  /** The gateway's transaction id once paid. */
  payment_reference: ColumnType<string, string | undefined, string>;
  /** The key the page sent the entry under, unique per form (decision 0184); '' when none was sent. */
  submission_key: ColumnType<string, string | undefined, string>;
  /** The `_formsuuid` cookie, only with consent; '' otherwise. */
  visitor_id: string;
  start_timestamp: string;
  end_timestamp: string;
  page_url: string;
  ip: string;
  user_agent: string;
  created_at: string;
}

/** One field's value of an entry as text (search and CSV). */
export interface FormEntryValuesTable {
  entry_id: number;
  field_id: number;
  value: string;
}

export interface FormFilesTable {
  id: Generated<number>;
  entry_id: number;
  field_id: number;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer | Uint8Array;
  created_at: string;
}

/** A form kept to finish later (decision 0030), under the hash of its resume key. */
export interface FormDraftsTable {
  key_hash: string;
  form_id: number;
  /** JSON FormValues, without files, passwords, card numbers or signatures. */
  values: string;
  created_at: string;
  expires_at: string;
}

/** A downloadable product's file, its bytes kept here (migration 037). */
export interface DownloadFilesTable {
  id: Generated<number>;
  product_id: number;
  /** The name shoppers see. */
  name: string;
  position: number;
  /** The uploaded file's own name, given to the browser that downloads it. */
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
  /** SHA-256 of the bytes, hex: the download's ETag (migration 043). */
  digest: string;
  /** Bytes in each of its chunk rows but the last (migration 043, decision 0100). */
  chunk_bytes: number;
}

/** A download file's bytes in pieces read one at a time (migration 043, decision 0100). */
export interface DownloadFileChunksTable {
  file_id: number;
  /** 0, 1, 2…: the chunk starts at seq × chunk_bytes. */
  seq: number;
  data: Buffer | Uint8Array;
}

/** An upload of a download file while it arrives, a chunk a row (migration 050, decision 0110). */
export interface DownloadUploadChunksTable {
  /** Random, one per upload. */
  upload_id: string;
  seq: number;
  data: Buffer | Uint8Array;
  /** When the upload began (ISO): a leftover of a process that died is swept an hour later. */
  created_at: string;
}

/** Leave to download one file of one order line (migration 037). */
export interface DownloadPermissionsTable {
  id: Generated<number>;
  /** Random, in the download link. */
  download_key: string;
  order_id: number;
  /** null: granted by the owner to the order for a product that is not one of its lines (migration 043). */
  order_item_id: number | null;
  file_id: number;
  product_id: number;
  customer_id: number | null;
  email: string;
  /** null: unlimited. */
  downloads_remaining: number | null;
  /** ISO-8601 UTC instant; null: never. */
  access_expires: string | null;
  download_count: Generated<number>;
  granted_at: string;
  /**
   * How far (bytes from the file's start) the sending of the last counted download, with its
   * continuations, has reached; null: none counted (migration 050, decision 0100 amended).
   */
  resume_reached: Generated<number | null>;
}

/** A notice a stock move owes the owner (migration 041, decision 0099), sent after its transaction's commit. */
export interface StockAlertsTable {
  id: Generated<number>;
  /** The product or variation whose stock moved. */
  product_id: number;
  kind: "low" | "out" | "backorder";
  /** The order that took the stock. */
  order_id: number | null;
  /** The quantity the move left. */
  stock: number;
  created_at: string;
  state: Generated<"due" | "sent" | "skipped" | "lapsed" | "failed">;
  /** Where it went, once sent. */
  sent_to: Generated<string>;
}

/** One download made (migration 037): when, and the client's address shortened. */
export interface DownloadLogTable {
  id: Generated<number>;
  permission_id: number;
  at: string;
  ip: string;
}

/** A shopper's review of a product (migration 035, decision 0090). */
export interface ProductReviewsTable {
  id: Generated<number>;
  product_id: number;
  customer_id: number | null;
  reviewer_name: string;
  reviewer_email: string;
  rating: number | null;
  content: string;
  status: "pending" | "approved" | "spam" | "trash";
  previous_status: "pending" | "approved" | "spam" | null;
  verified: number;
  reply: string | null;
  reply_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  products: ProductsTable;
  product_reviews: ProductReviewsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  product_images: ProductImagesTable;
  categories: CategoriesTable;
  product_categories: ProductCategoriesTable;
  brands: BrandsTable;
  product_brands: ProductBrandsTable;
  tags: TagsTable;
  product_tags: ProductTagsTable;
  attributes: AttributesTable;
  attribute_terms: AttributeTermsTable;
  product_attributes: ProductAttributesTable;
  product_attribute_terms: ProductAttributeTermsTable;
  variation_attributes: VariationAttributesTable;
  cross_sells: CrossSellsTable;
  upsells: UpsellsTable;
  settings: SettingsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_coupons: CartCouponsTable;
  coupons: CouponsTable;
  tax_rates: TaxRatesTable;
  tax_classes: TaxClassesTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_locations: ShippingZoneLocationsTable;
  shipping_methods: ShippingMethodsTable;
  shipping_classes: ShippingClassesTable;
  revisions: RevisionsTable;
  visitor_meta: VisitorMetaTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_search_terms: OrderSearchTermsTable;
  order_coupons: OrderCouponsTable;
  order_events: OrderEventsTable;
  order_refunds: OrderRefundsTable;
  order_refund_items: OrderRefundItemsTable;
  stock_holds: StockHoldsTable;
  payment_tokens: PaymentTokensTable;
  order_attribution: OrderAttributionTable;
  gateway_charges: GatewayChargesTable;
  gateway_refunds: GatewayRefundsTable;
  customers: CustomersTable;
  customer_sessions: CustomerSessionsTable;
  staff_invites: StaffInvitesTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  contact_widgets: ContactWidgetsTable;
  contact_widget_stats: ContactWidgetStatsTable;
  contact_messages: ContactMessagesTable;
  contact_message_files: ContactMessageFilesTable;
  captcha_solutions: CaptchaSolutionsTable;
  change_log: ChangeLogTable;
  forms: FormsTable;
  form_entries: FormEntriesTable;
  form_entry_values: FormEntryValuesTable;
  form_files: FormFilesTable;
  form_drafts: FormDraftsTable;
  download_files: DownloadFilesTable;
  download_file_chunks: DownloadFileChunksTable;
  download_upload_chunks: DownloadUploadChunksTable;
  download_permissions: DownloadPermissionsTable;
  download_log: DownloadLogTable;
  stock_alerts: StockAlertsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_keys: ApiKeysTable;
  idempotent_replies: IdempotentRepliesTable;
  job_marks: JobMarksTable;
}

/** The shop's database in either dialect. */
export type Db = Kysely<Database>;
