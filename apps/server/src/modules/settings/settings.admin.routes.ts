/**
 * The owner API's settings (under /api/admin/v1, behind requireOwner), one GET and one PUT per
 * group the console shows: the owner's alone, as MANAGER_AREAS leaves them out (decision 0042).
 * A PUT replaces its whole group; rules the schema cannot state are checked by the service.
 */
import { SETTINGS_GROUP_NAMES, SWITCHABLE_EMAILS } from "@cartwright/commerce";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TObject, type TSchema, Type } from "typebox";
import { VersionField } from "../../http/edit-version.ts";
import { readSettingsGroup, type SettingsGroupName, saveSettingsGroup } from "./settings.admin.ts";

const tags = ["owner"];
const text = (maxLength: number, description = "") => Type.String({ maxLength, description });
const object = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });

const Store = object({
  site_title: text(200, "The shop's name, in page titles and emails"),
  site_locale: text(35, "Language tag: en, en_US, de-AT…"),
  base_location: object({ country: text(2, "ISO 3166-1 alpha-2"), state: text(50, "The country's state code, where it has states") }),
  store_address: object({
    address_1: text(200),
    address_2: text(200),
    city: text(100),
    postcode: text(20),
    email: text(254, "Printed on invoices; empty for none"),
  }),
  add_to_cart_behaviour: Type.Union([Type.Literal("open_drawer"), Type.Literal("navigate"), Type.Literal("none")]),
  products_per_page: Type.Integer({ minimum: 1, maximum: 100 }),
  time_zone: Type.Optional(text(64, 'An IANA time zone ("Europe/Paris", "America/Los_Angeles") or "UTC"; kept as it is when left out')),
});
const Currency = object({
  code: text(3, "ISO 4217"),
  symbol: text(10),
  symbol_position: Type.Union([Type.Literal("left"), Type.Literal("left_space"), Type.Literal("right"), Type.Literal("right_space")]),
  decimal_separator: text(3),
  thousand_separator: text(3, "Empty for none"),
  decimals: Type.Integer({
    minimum: 0,
    maximum: 4,
    description:
      "Digits after the separator; amounts are stored in these minor units, so it cannot change once the shop has products or orders",
  }),
});
const Taxes = object({
  taxes_enabled: Type.Boolean({ description: "Tax rates apply" }),
  prices_include_tax: Type.Boolean({ description: "Prices are entered with tax included" }),
  display_cart_prices_including_tax: Type.Boolean({ description: "The cart and checkout show prices with tax" }),
  display_itemized_taxes: Type.Boolean({ description: "The totals list each tax rate" }),
  display_shop_prices_including_tax: Type.Boolean({
    description: "The shop's product prices (listing, product pages, Store API) include the base location's tax",
  }),
  price_display_suffix: text(60, "Plain text after product prices in the shop, such as incl. VAT; empty for none"),
});
const Pages = object({
  shop: text(200, "/shop or a category's page"),
  cart: text(200, "/cart"),
  checkout: text(200, "/checkout"),
  myaccount: text(200, "/my-account"),
  privacy: text(200, "/privacy or /terms"),
  terms: text(200, "/privacy or /terms"),
});
const Toggle = (description: string) => object({ enabled: Type.Boolean(), text: text(1000, description) });
const Notices = object({
  store_notice: Toggle("The dismissible notice above every page"),
  coming_soon: Toggle("The footer banner while the shop is being prepared"),
});
// Any JSON here: the service checks each rule is a usable schema (fieldRulesProblem), with the reason beside it.
const JsonSchemaValue = Type.Unsafe<boolean | Record<string, unknown>>({
  description: "A JSON Schema (draft 2020-12) over the checkout's {cart, checkout, customer} document",
});
const Field = object({
  id: text(100, "namespace/field-name"),
  label: text(200),
  location: Type.Union([Type.Literal("contact"), Type.Literal("order"), Type.Literal("address")]),
  type: Type.Union([Type.Literal("text"), Type.Literal("select"), Type.Literal("checkbox")]),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(object({ value: text(100), label: text(200) }), { maxItems: 100 })),
  errorMessage: Type.Optional(text(500, "Replaces the validation rule's messages")),
  rules: Type.Optional(
    Type.Unsafe<{ required?: unknown; hidden?: unknown; validation?: unknown }>({
      type: "object",
      properties: { required: JsonSchemaValue, hidden: JsonSchemaValue, validation: JsonSchemaValue },
      description: "required, hidden and validation, each a JSON Schema; anything else is refused beside the field",
    }),
  ),
});
const Checkout = object({
  guest_checkout: Type.Boolean({ description: "Shoppers may order without an account" }),
  account_creation: Type.Boolean({ description: "Shoppers may create an account at the checkout" }),
  hold_stock_minutes: Type.Integer({ minimum: 1, maximum: 10_080, description: "How long an unpaid order holds its stock" }),
  additional_fields: Type.Array(Field, { maxItems: 50 }),
});

const Emails = object({
  sender_name: text(100, "The name emails come from; empty for the shop's name"),
  sender_address: text(254, "The address emails come from; empty for the server's MAIL_FROM, else shop@ the shop's host"),
  owner_recipient: text(254, "Where the owner's notices go; empty for the server's SHOP_OWNER_EMAIL, else the owner's account"),
  sent: Type.Object(Object.fromEntries(SWITCHABLE_EMAILS.map((name) => [name, Type.Optional(Type.Boolean())])) as Record<string, TSchema>, {
    additionalProperties: false,
    description: "Which emails the shop sends; one left out stays on",
  }),
});
const Consent = object({
  attribution_enabled: Type.Boolean({ description: "Track where visitors come from and keep it with their orders" }),
  tracking_consent: Type.Union([Type.Literal("required"), Type.Literal("not-required")], {
    description: "required: tracking cookies only after the visitor consents; not-required: until they withdraw it",
  }),
  lifetime_months: Type.Integer({
    minimum: 0,
    maximum: 24,
    description: "How long attribution lasts, in 30-day months; 0 until the browser closes",
  }),
  cookie_domain: text(253, "Share the cookies with subdomains (example.com); empty for the page's host only"),
  field_prefix: text(40, "The checkout's hidden attribution inputs are named with it"),
  promo_code: Type.Boolean({ description: "Give each new visitor a random promo code" }),
});
const Countries = Type.Array(text(2, "ISO 3166-1 alpha-2"), { maxItems: 300 });
const CountriesGroup = object({
  sell_to: object({
    mode: Type.Union([Type.Literal("all"), Type.Literal("all_except"), Type.Literal("specific")]),
    countries: Countries,
  }),
  ship_to: object({
    mode: Type.Union([Type.Literal("sell_to"), Type.Literal("all"), Type.Literal("all_except"), Type.Literal("specific")], {
      description: "sell_to: wherever the shop sells",
    }),
    countries: Countries,
  }),
  shipping_enabled: Type.Boolean({ description: "Off: nothing is shipped, and the checkout asks for no shipping address" }),
});
const Inventory = object({
  low_stock_amount: Type.Integer({ minimum: 1, maximum: 1_000_000, description: "Tracked stock at or below it shows as low" }),
  out_of_stock_amount: Type.Integer({ minimum: 0, maximum: 1_000_000, description: "Tracked stock at or below it is out of stock" }),
  hide_out_of_stock: Type.Boolean({ description: "Leave out-of-stock products out of the shop's listings" }),
  low_stock_notices: Type.Optional(
    Type.Boolean({ description: "E-mail the owner when an order brings a product down to low stock; kept when left out" }),
  ),
  out_of_stock_notices: Type.Optional(
    Type.Boolean({ description: "E-mail the owner when an order brings a product down to out of stock; kept when left out" }),
  ),
  backorder_notices: Type.Optional(
    Type.Boolean({
      description: "E-mail the owner when an order takes more than is in stock of a product that allows backorders; kept when left out",
    }),
  ),
  stock_notice_recipient: Type.Optional(text(254, "Where stock notices go; empty for the owner's notices' recipient; kept when left out")),
  stock_format: Type.Optional(
    Type.Union([Type.Literal("always"), Type.Literal("when_low"), Type.Literal("never")], {
      description:
        'How the product page shows a tracked quantity: always ("12 in stock"), when_low ("Only 2 left in stock", else "In stock") or never ("In stock"); kept when left out',
    }),
  ),
});
const Reviews = object({
  reviews_enabled: Type.Boolean({ description: "Shoppers may read and write product reviews" }),
  verified_owners_only: Type.Boolean({ description: "Only a shopper with a paid order of the product may review it" }),
  ratings_enabled: Type.Boolean({ description: "Reviews carry 1-5 stars" }),
  ratings_required: Type.Boolean({ description: "A review needs its stars (while ratings are on)" }),
  hold_for_approval: Type.Boolean({ description: "New reviews wait for approval before they show" }),
  show_verified_label: Type.Boolean({ description: 'Show "Verified owner" beside verified owners\' reviews' }),
});

const Cart = object({
  discounts_sequentially: Type.Boolean({ description: "Each coupon applies to the price the ones before it left" }),
  fees: Type.Array(
    object({
      name: text(100, "As the cart and the order show it"),
      amount: Type.Integer({ minimum: -100_000_000, maximum: 100_000_000, description: "Minor units; below 0 for a discount" }),
      taxable: Type.Boolean(),
      tax_class: text(100, "The tax class's slug; empty for the standard class"),
    }),
    { maxItems: 20, description: "Added to every cart that is not empty" },
  ),
});

const BODIES: Record<SettingsGroupName, TObject> = {
  store: Store,
  currency: Currency,
  taxes: Taxes,
  pages: Pages,
  notices: Notices,
  checkout: Checkout,
  emails: Emails,
  consent: Consent,
  countries: CountriesGroup,
  inventory: Inventory,
  reviews: Reviews,
  cart: Cart,
};
const SUMMARIES: Record<SettingsGroupName, string> = {
  store: "the store's details",
  currency: "the currency and its format",
  taxes: "the tax settings",
  pages: "the store pages",
  notices: "the store notice and the coming-soon banner",
  checkout: "the checkout settings and additional fields",
  emails: "the emails' sender, the owner's recipient and which emails are sent",
  consent: "order attribution and the visitor's consent to tracking",
  countries: "the countries the shop sells and ships to",
  inventory: "the stock amounts, out-of-stock products in listings, the stock notices and how quantities show",
  reviews: "the product reviews' settings",
  cart: "the fees added to every cart and how coupons combine",
};

export const settingsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const name of SETTINGS_GROUP_NAMES) {
    const group = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    // Both answer the group as a replace sends it, with its version (documented only, decision 0173).
    const replies = {
      200: Type.Object({ ...BODIES[name].properties, version: Type.String({ description: "Send it back with a replace" }) }),
    };
    app.get(
      `/settings/${name}`,
      { schema: { operationId: `get${group}Settings`, tags, summary: `Read ${SUMMARIES[name]}`, replies } },
      async (request) => readSettingsGroup(request.ctx, name),
    );
    // A replace may name the version it was made on (decision 0158).
    const body = Type.Object({ ...BODIES[name].properties, version: VersionField }, { additionalProperties: false });
    app.put(
      `/settings/${name}`,
      { schema: { operationId: `replace${group}Settings`, tags, summary: `Replace ${SUMMARIES[name]}`, body, replies } },
      async (request) => {
        const { version, ...group } = request.body as { version?: string };
        return saveSettingsGroup(request.ctx, name, group as never, version);
      },
    );
  }
};
