/** Request schemas of the checkout calls (spec §7 "Checkout calls"). */
import { Type } from "typebox";
import { IdSchema } from "../../http/input.ts";
import { nullable } from "../../http/openapi.ts";
import { AddressWithFieldsSchema, BillingAddressReply, CartReplySchema, ShippingAddressReply } from "../cart/index.ts";
import { CurrencySchemaFields, MoneySchema } from "../catalog/index.ts";
import { saveKey, TEST_CARD_FIELDS, tokenKey } from "../payments/index.ts";

/** What each built-in method reads from payment_data, so an API client need not guess the keys. */
const PAYMENT_DATA_DESCRIPTION = [
  "Entries the chosen payment method reads, as {key, value} pairs.",
  `test_card: "${TEST_CARD_FIELDS.number}" (the card number; 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 declined),`,
  `"${TEST_CARD_FIELDS.expiry}" (MM/YY), "${TEST_CARD_FIELDS.cvc}" (the security code).`,
  `A saved method instead: "${tokenKey("{gateway}")}" (the saved method's id, signed-in customers);`,
  `"${saveKey("{gateway}")}": true keeps a new card for next time.`,
  "cod, bacs and cheque read nothing.",
].join(" ");

const PaymentData = Type.Array(
  Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Union([Type.String({ maxLength: 500 }), Type.Boolean()]) }),
  {
    maxItems: 50,
    default: [],
    description: PAYMENT_DATA_DESCRIPTION,
    examples: [
      [
        { key: TEST_CARD_FIELDS.number, value: "4242 4242 4242 4242" },
        { key: TEST_CARD_FIELDS.expiry, value: "12/30" },
        { key: TEST_CARD_FIELDS.cvc, value: "123" },
      ],
    ],
  },
);

/** An address as placed: the standard fields plus additional address fields under their 'namespace/field' ids. */
const PlacedAddress = AddressWithFieldsSchema;

const Bag = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { default: {} });

/** What the page showed when the order was placed (decision 0168): an order is never placed for a cart another tab changed. */
const ExpectedCart = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        key: Type.String({ minLength: 1, maxLength: 64, description: "Cart item key" }),
        quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
      }),
      { maxItems: 500 },
    ),
    coupons: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
    totals: Type.Optional(
      Type.Object(
        {
          total_price: Type.Union(
            [Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ pattern: "^[0-9]{1,15}$" })],
            { description: "The total shown, in the currency's minor units, as the cart's totals.total_price (text or a number)" },
          ),
          currency_code: Type.String({ minLength: 1, maxLength: 10, description: "As the cart's totals.currency_code" }),
        },
        { description: "The total the shopper was shown and its currency (decision 0168, amended); absent, it is not compared." },
      ),
    ),
    shipping_rates: Type.Optional(
      Type.Array(
        Type.Object({
          package_id: Type.Integer({ minimum: 0, maximum: 1000 }),
          rate_id: Type.String({ minLength: 1, maxLength: 100, description: "The package's selected rate" }),
        }),
        {
          maxItems: 100,
          description:
            "The rate chosen in each of the cart's packages as shown (none when no rate was chosen); absent, they are not compared.",
        },
      ),
    ),
  },
  {
    description:
      "The cart as the shopper last saw it: its lines' keys and quantities, its coupon codes and, optionally, its total with the currency " +
      "and the rate chosen in each package. When sent and the cart priced for the order holds anything else (another tab or device " +
      "changed it, or the owner changed a price, a tax rate, a shipping cost or a coupon), nothing is placed: 409 cw_rest_cart_changed, " +
      "with the cart as it now stands, priced with the addresses sent (data.cart), and why (data.reason): cart (its lines, their " +
      "quantities or a coupon named), address (the addresses sent moved its taxes or shipping) or prices (anything else moved its " +
      "total or a chosen rate); the message says the same in words.",
  },
);

export const PlaceOrderBody = Type.Object({
  billing_address: PlacedAddress,
  shipping_address: Type.Optional(PlacedAddress),
  customer_note: Type.Optional(Type.String({ maxLength: 5000 })),
  create_account: Type.Optional(Type.Boolean()),
  customer_password: Type.Optional(Type.String({ maxLength: 200 })),
  payment_method: Type.Optional(Type.String({ maxLength: 100 })),
  payment_data: PaymentData,
  additional_fields: Bag,
  extensions: Bag,
  expected_cart: Type.Optional(ExpectedCart),
});

/** Paying an order placed earlier (WooCommerce's POST /checkout/{id}): its key, a guest's billing e-mail, the method and its data. */
export const PayOrderBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, description: "The order's key (order_key)" }),
  billing_email: Type.Optional(
    Type.String({ maxLength: 200, description: "A guest's order: its billing email, unless this is the session that placed it" }),
  ),
  payment_method: Type.Optional(Type.String({ maxLength: 100 })),
  payment_data: PaymentData,
});

export const UpdateDraftBody = Type.Object({
  additional_fields: Type.Optional(Bag),
  order_notes: Type.Optional(Type.String({ maxLength: 5000 })),
  payment_method: Type.Optional(Type.String({ maxLength: 100 })),
});

export const CalcTotalsQuery = Type.Object({ __experimental_calc_totals: Type.Optional(Type.Boolean()) });

export const OrderParams = Type.Object({ id: IdSchema() });
export const OrderQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 100 })),
  billing_email: Type.Optional(Type.String({ maxLength: 200 })),
});

/** An order as the checkout answers it (CheckoutReply of checkout.service.ts): documented only, never used to serialise. */
export const CheckoutReplySchema = Type.Object({
  order_id: Type.Integer(),
  status: Type.String(),
  order_key: Type.String(),
  order_number: Type.String(),
  customer_note: Type.String(),
  customer_id: Type.Integer({ description: "0 for a guest" }),
  billing_address: BillingAddressReply,
  shipping_address: ShippingAddressReply,
  payment_method: Type.String(),
  payment_result: nullable(
    Type.Object({
      payment_status: Type.String({ description: "success, pending, failure or error" }),
      payment_details: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
      redirect_url: Type.String({ description: "Where to send the shopper next; empty on failure" }),
    }),
    { description: "null until the order is paid for" },
  ),
  additional_fields: Type.Record(Type.String(), Type.Unknown(), { description: "The shop's additional checkout fields, by field id" }),
  extensions: Type.Record(Type.String(), Type.Unknown()),
});

/** PUT /checkout's reply: the draft order, with the cart when ?__experimental_calc_totals asked for it. */
export const DraftUpdateReplySchema = Type.Object({
  ...CheckoutReplySchema.properties,
  __experimentalCart: Type.Optional(CartReplySchema),
});

const OrderLineTotals = Type.Object({
  line_subtotal: MoneySchema,
  line_subtotal_tax: MoneySchema,
  line_total: MoneySchema,
  line_total_tax: MoneySchema,
  ...CurrencySchemaFields,
});

/** GET /order/{id}'s reply: a placed order as its shopper sees it (OrderView of @cartwright/commerce), documented only. */
export const StoreOrderReplySchema = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  status: Type.String(),
  customer_id: Type.Integer({ description: "0 for a guest" }),
  customer_note: Type.String(),
  additional_fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]), {
    description: "The shop's additional contact and order fields, by field id",
  }),
  date_created: Type.String(),
  date_paid: nullable(Type.String()),
  billing_address: BillingAddressReply,
  shipping_address: ShippingAddressReply,
  payment_method: Type.String(),
  payment_method_title: Type.String(),
  payment_details: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      product_id: Type.Integer(),
      variation_id: Type.Integer({ description: "0 for a product without variations" }),
      name: Type.String(),
      sku: Type.String(),
      quantity: Type.Integer(),
      variation: Type.Array(Type.Object({ attribute: Type.String(), value: Type.String() })),
      totals: OrderLineTotals,
    }),
  ),
  coupons: Type.Array(
    Type.Object({
      code: Type.String(),
      totals: Type.Object({ total_discount: MoneySchema, total_discount_tax: MoneySchema, ...CurrencySchemaFields }),
    }),
  ),
  shipping_lines: Type.Array(Type.Unknown()),
  fees: Type.Array(Type.Object({ name: Type.String(), total: Type.Integer(), total_tax: Type.Integer() })),
  totals: CartReplySchema.properties.totals,
  refunds: Type.Array(
    Type.Object({ id: Type.Integer(), total: MoneySchema, reason: Type.String(), date_created: Type.String(), ...CurrencySchemaFields }),
  ),
  attribution: Type.Object({ origin: Type.String() }, { additionalProperties: Type.Union([Type.String(), Type.Number(), Type.Null()]) }),
});
