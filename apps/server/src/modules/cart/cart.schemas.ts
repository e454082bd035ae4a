/** Request schemas of the cart calls (spec §7 "Cart calls") and the cart they answer. */

import { ADDRESS_FIELD_MAX_LENGTH } from "@cartwright/commerce";
import { type TProperties, Type } from "typebox";
import { IdSchema } from "../../http/input.ts";
import { nullable } from "../../http/openapi.ts";
import { CurrencySchemaFields, ImageSchema, MoneySchema, ProductSchema } from "../catalog/index.ts";

const Key = Type.String({ minLength: 1, maxLength: 64, description: "Cart item key" });

export const AddItemBody = Type.Object({
  id: IdSchema("Product or variation id"),
  quantity: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  variation: Type.Array(Type.Object({ attribute: Type.String({ maxLength: 100 }), value: Type.String({ maxLength: 200 }) }), {
    default: [],
    maxItems: 20,
  }),
});

export const RemoveItemBody = Type.Object({ key: Key });

export const UpdateItemBody = Type.Object({ key: Key, quantity: Type.Integer({ minimum: 0, maximum: 100000 }) });

export const CouponBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });

export const SelectRateBody = Type.Object({
  package_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^\\d+$" })])),
  rate_id: Type.String({ maxLength: 100 }),
});

const AddressField = Type.String({ maxLength: ADDRESS_FIELD_MAX_LENGTH });
export const AddressSchema = Type.Object(
  {
    first_name: Type.Optional(AddressField),
    last_name: Type.Optional(AddressField),
    company: Type.Optional(AddressField),
    address_1: Type.Optional(AddressField),
    address_2: Type.Optional(AddressField),
    city: Type.Optional(AddressField),
    state: Type.Optional(AddressField),
    postcode: Type.Optional(AddressField),
    country: Type.Optional(AddressField),
    phone: Type.Optional(AddressField),
    email: Type.Optional(AddressField),
  },
  { additionalProperties: false },
);

/** An additional address field's id: 'namespace/field'. */
export const ADDRESS_FIELD_ID_PATTERN = "^[a-z0-9-]+/[a-z0-9-]+$";

/** An address with the shop's additional address fields under their 'namespace/field' ids, as update-customer and checkout take it. */
export const AddressWithFieldsSchema = Type.Object(AddressSchema.properties, {
  additionalProperties: false,
  patternProperties: { [ADDRESS_FIELD_ID_PATTERN]: Type.Union([Type.String({ maxLength: 1000 }), Type.Boolean()]) },
  // The standard fields and a few dozen of the shop's own: enough for any form, not a store for anything else.
  maxProperties: 60,
});

export const UpdateCustomerBody = Type.Object({
  billing_address: Type.Optional(AddressWithFieldsSchema),
  shipping_address: Type.Optional(AddressWithFieldsSchema),
});

export const ExtensionsBody = Type.Object({
  namespace: Type.String({ minLength: 1, maxLength: 100 }),
  data: Type.Record(Type.String(), Type.Unknown(), { default: {} }),
});

// The cart as every cart call answers it (spec §3 "Cart", StoreCart of @cartwright/commerce): documented, never used to
// serialise (the reply is written when priced, reply-cache.ts), and held to the real reply by openapi.http.test.ts.
const Money = MoneySchema;
const withCurrency = <Properties extends TProperties>(properties: Properties) => Type.Object({ ...properties, ...CurrencySchemaFields });
const ReplyAddress = {
  first_name: Type.String(),
  last_name: Type.String(),
  company: Type.String(),
  address_1: Type.String(),
  address_2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postcode: Type.String(),
  country: Type.String(),
  phone: Type.String(),
};
/** The shop's additional address fields, under their 'namespace/field' ids. */
const additionalAddressFields = { patternProperties: { [ADDRESS_FIELD_ID_PATTERN]: Type.Union([Type.String(), Type.Boolean()]) } };

export const ShippingAddressReply = Type.Object(ReplyAddress, additionalAddressFields);
export const BillingAddressReply = Type.Object({ ...ReplyAddress, email: Type.String() }, additionalAddressFields);

const CartItemReply = Type.Object({
  key: Type.String(),
  id: Type.Integer(),
  type: Type.String(),
  quantity: Type.Integer(),
  name: Type.String(),
  summary: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  sku: Type.String(),
  permalink: Type.String(),
  catalog_visibility: Type.String(),
  low_stock_remaining: nullable(Type.Integer()),
  backorders_allowed: Type.Boolean(),
  show_backorder_badge: Type.Boolean(),
  sold_individually: Type.Boolean(),
  quantity_limits: Type.Object({ minimum: Type.Integer(), maximum: Type.Integer(), multiple_of: Type.Integer(), editable: Type.Boolean() }),
  images: Type.Array(ImageSchema),
  variation: Type.Array(Type.Object({ attribute: Type.String(), value: Type.String() })),
  item_data: Type.Array(Type.Object({ key: Type.String(), value: Type.String(), display: Type.Optional(Type.String()) })),
  prices: withCurrency({
    price: Money,
    regular_price: Money,
    sale_price: Money,
    price_range: Type.Null(),
    raw_prices: Type.Object({ precision: Type.Integer(), price: Money, regular_price: Money, sale_price: Money }),
  }),
  totals: withCurrency({ line_subtotal: Money, line_subtotal_tax: Money, line_total: Money, line_total_tax: Money }),
  extensions: Type.Record(Type.String(), Type.Unknown(), { description: "What extensions add to the line, by namespace" }),
});

const ShippingRateReply = withCurrency({
  rate_id: Type.String(),
  instance_id: Type.Integer(),
  method_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  delivery_time: Type.String(),
  price: Money,
  taxes: Money,
  selected: Type.Boolean(),
  meta_data: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
});

export const CartReplySchema = Type.Object({
  items: Type.Array(CartItemReply),
  coupons: Type.Array(
    Type.Object({
      code: Type.String(),
      label: Type.String(),
      discount_type: Type.String(),
      totals: withCurrency({ total_discount: Money, total_discount_tax: Money }),
    }),
  ),
  fees: Type.Array(
    Type.Object({ id: Type.String(), key: Type.String(), name: Type.String(), totals: withCurrency({ total: Money, total_tax: Money }) }),
  ),
  totals: withCurrency({
    total_items: Money,
    total_items_tax: Money,
    total_fees: Money,
    total_fees_tax: Money,
    total_discount: Money,
    total_discount_tax: Money,
    total_shipping: nullable(Money, { description: "null until shipping is calculated" }),
    total_shipping_tax: nullable(Money),
    total_price: Money,
    total_tax: Money,
    tax_lines: Type.Array(Type.Object({ name: Type.String(), rate: Type.String(), price: Money })),
  }),
  shipping_address: ShippingAddressReply,
  billing_address: BillingAddressReply,
  needs_payment: Type.Boolean(),
  needs_shipping: Type.Boolean(),
  payment_requirements: Type.Array(Type.String()),
  has_calculated_shipping: Type.Boolean(),
  shipping_rates: Type.Array(
    Type.Object({
      package_id: Type.Integer(),
      name: Type.String(),
      destination: Type.Pick(Type.Object(ReplyAddress), ["address_1", "address_2", "city", "state", "postcode", "country"]),
      items: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), quantity: Type.Integer() })),
      shipping_rates: Type.Array(ShippingRateReply),
    }),
  ),
  items_count: Type.Integer(),
  items_weight: Type.Number(),
  cross_sells: Type.Array(ProductSchema),
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
  payment_methods: Type.Array(Type.String()),
  extensions: Type.Record(Type.String(), Type.Unknown(), { description: "What extensions add to the cart, by namespace" }),
});
