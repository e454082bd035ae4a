/**
 * The owner API's settings (under /api/admin/v1, behind requireOwner), one GET and one PUT per
 * group the console shows: the owner's alone, as MANAGER_AREAS leaves them out (decision 0042).
 * A PUT replaces its whole group; rules the schema cannot state are checked by the service.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type TSchema, Type } from "typebox";
import { readSettingsGroup, SETTINGS_GROUPS, type SettingsGroupName, saveSettingsGroup } from "./settings.admin.ts";

const tags = ["owner"];
const text = (maxLength: number, description = "") => Type.String({ maxLength, description });
const object = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });

const Store = object({
  site_title: text(200, "The shop's name, in page titles and e-mails"),
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

const BODIES: Record<SettingsGroupName, TSchema> = {
  store: Store,
  currency: Currency,
  taxes: Taxes,
  pages: Pages,
  notices: Notices,
  checkout: Checkout,
};
const SUMMARIES: Record<SettingsGroupName, string> = {
  store: "the store's details",
  currency: "the currency and its format",
  taxes: "the tax settings",
  pages: "the store pages",
  notices: "the store notice and the coming-soon banner",
  checkout: "the checkout settings and additional fields",
};

export const settingsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const name of Object.keys(SETTINGS_GROUPS) as SettingsGroupName[]) {
    app.get(`/settings/${name}`, { schema: { tags, summary: `Read ${SUMMARIES[name]}` } }, async (request) =>
      readSettingsGroup(request.ctx, name),
    );
    app.put(`/settings/${name}`, { schema: { tags, summary: `Replace ${SUMMARIES[name]}`, body: BODIES[name] } }, async (request) =>
      saveSettingsGroup(request.ctx, name, request.body as never),
    );
  }
};
