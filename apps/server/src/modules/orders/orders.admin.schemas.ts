/** The owner API's order list and order view (issue 18): queries checked, replies documented for the console. */
import type { Readable } from "node:stream";
import { FEE_PERCENT_MAX, FEE_PERCENT_MIN } from "@cartwright/commerce";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { nullable } from "../../http/openapi.ts";
import { pagedListReply, pagingQuery } from "../../http/paging.ts";
import { AddressSchema } from "../cart/index.ts";

/** Every status an order row can hold (OrderStatus), in the order the tabs show them. */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  "pending",
  "processing",
  "on-hold",
  "completed",
  "cancelled",
  "refunded",
  "failed",
  "checkout-draft",
];

const Status = Type.Unsafe<OrderStatus>(Type.String({ enum: [...ORDER_STATUSES] }));
const Day = (description: string) => Type.Optional(Type.String({ format: "date", description }));

export const OrderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/** The list's filters, which its CSV export takes as they are. */
const OrderFilterFields = {
  status: Type.Optional(
    Type.Union([Type.Literal("all"), Status], { description: "A status tab; all (the default) is every status but checkout-draft" }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "#12: that order number only; otherwise the number, or words that each start a word of the billing email, billing name or a line's product name, or a run of the billing phone's digits (a phone typed with its punctuation is searched by its digits) (case and accents ignored, every word required)",
    }),
  ),
  from: Day("First day the order was placed, in the shop's time zone, included"),
  to: Day("Last day the order was placed, in the shop's time zone, included"),
  payment_method: Type.Optional(Type.String({ maxLength: 100, description: "A payment method id (cod, bacs, test_card…)" })),
  source_type: Type.Optional(
    Type.Union(
      [
        Type.Literal("utm"),
        Type.Literal("organic"),
        Type.Literal("referral"),
        Type.Literal("typein"),
        Type.Literal("admin"),
        Type.Literal("unknown"),
      ],
      {
        description:
          "The origin's kind (decision 0014); admin: orders made in the console (decision 0089); unknown: orders without attribution data or without a source type in it",
      },
    ),
  ),
  source: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "The origin's source (utm_source: google, (direct)…), with source_type; (none): origins that kept no source",
    }),
  ),
};

export const OrderFilterQuery = Type.Object(OrderFilterFields);

export const OrderListQuery = Type.Object({
  ...OrderFilterFields,
  orderby: Type.Optional(Type.Union([Type.Literal("date"), Type.Literal("total")], { description: "date unless told" })),
  order: Type.Optional(Type.Union([Type.Literal("desc"), Type.Literal("asc")], { description: "desc unless told" })),
  ...pagingQuery(20),
});

const Customer = Type.Object({
  id: nullable(Type.Integer({ description: "The account's id; null for a guest" })),
  guest: Type.Boolean(),
  name: Type.String({ description: "The billing name" }),
  email: Type.String({ description: "The billing email" }),
});

/** The shop keeps amounts in its own decimals for its currency (its settings), which need not be ISO 4217's. */
const MinorUnit = Type.Integer({ description: "Decimals of the amounts' minor units: 2 means 2682 is 26.82" });

export const OrderRow = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  status: Status,
  date_created: Type.String({ format: "date-time" }),
  customer: Customer,
  item_count: Type.Integer({ description: "Units over all lines" }),
  total: Type.Integer({ description: "Minor units of currency" }),
  refunded: Type.Integer({
    description: "Minor units refunded so far (the order view's totals.refunded); sales count total less refunded",
  }),
  currency: Type.String(),
  currency_minor_unit: MinorUnit,
  payment_method: Type.String(),
  payment_method_title: Type.String(),
  origin: Type.String({ description: "The origin label (Direct, Source: Google, Unknown…)" }),
  date_modified: Type.String({
    format: "date-time",
    description: "Sent back with a bulk status change: an order changed since is left as it is",
  }),
});

export const StatusCounts = Type.Object(
  { all: Type.Integer(), ...Object.fromEntries(ORDER_STATUSES.map((status) => [status, Type.Integer()])) },
  { description: "Orders per status tab, whatever the other filters" },
);

export const OrderListReply = pagedListReply({ orders: Type.Array(OrderRow), counts: StatusCounts });

const Money = Type.Integer({ description: "Minor units of currency" });
const KeyValue = Type.Object({ key: Type.String(), value: Type.String() });
/** Address fields by name; the shop's own address fields (checkboxes) may be true or false. */
const Address = Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]));

const Line = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  variation_id: nullable(Type.Integer()),
  name: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  price: Type.Number({ description: "Unit price before discounts and tax (subtotal / quantity), minor units" }),
  subtotal: Money,
  subtotal_tax: Money,
  total: Money,
  total_tax: Money,
  variation: Type.Array(Type.Object({ attribute: Type.String(), value: Type.String() })),
  refunded_quantity: Type.Integer({ description: "Units of this line refunded so far" }),
  refunded_total: Type.Integer({ description: "Minor units of this line refunded so far (tax included)" }),
});

const FeeTaxStatus = Type.Union([Type.Literal("taxable"), Type.Literal("none")]);

/** A fee as the order keeps it (decision 0101): its line's id on the order, and the tax status and class it is priced in. */
const FeeLine = Type.Object({
  id: Type.String({ description: "The fee line's id on this order (fee-1, fee-2…)" }),
  name: Type.String(),
  total: Money,
  total_tax: Money,
  tax_status: FeeTaxStatus,
  tax_class: Type.String({ description: "The tax class's slug; empty for the standard class (and for a fee not taxed)" }),
});

/** On the order's page: the class's name too ("Standard rate", "Reduced rate"; "" for a fee not taxed). */
const OrderFeeLine = Type.Object({
  ...FeeLine.properties,
  tax_class_name: Type.String({
    description: "The class's name as the shop calls it now (its slug when the class was deleted); empty when not taxed",
  }),
});

const Totals = Type.Object({
  currency: Type.String(),
  currency_minor_unit: MinorUnit,
  items: Money,
  items_tax: Money,
  discount: Money,
  discount_tax: Money,
  coupons: Type.Array(Type.Object({ code: Type.String(), discount: Money, discount_tax: Money })),
  shipping: Money,
  shipping_tax: Money,
  fees: Type.Array(OrderFeeLine),
  tax: Money,
  tax_lines: Type.Array(Type.Object({ name: Type.String(), rate: Type.String(), amount: Money }), {
    description: "Taxes as the order shows them: by rate when the shop itemised taxes, else one line without a rate",
  }),
  taxes_by_rate: Type.Array(
    Type.Object({
      rate_id: Type.Integer(),
      name: Type.String(),
      rate: Type.String(),
      tax_total: Money,
      shipping_tax_total: Money,
    }),
    {
      description:
        "Every rate the order was charged at, whatever the shop shows (decision 0152): tax on items and fees, and on shipping; they add up to tax and shipping_tax. Empty for an order placed before they were kept",
    },
  ),
  total: Money,
  refunded: Type.Integer({
    description:
      "Minor units refunded so far, never above the total (with a gateway refund still awaiting its gateway's answer: decision 0031)",
  }),
});

const Actor = Type.Object({
  type: Type.Union(
    [
      Type.Literal("customer"),
      Type.Literal("guest"),
      Type.Literal("gateway"),
      Type.Literal("owner"),
      Type.Literal("manager"),
      Type.Literal("shop"),
    ],
    { description: "owner and manager: the shop's staff; shop: the shop itself (a sweep, a checkout step)" },
  ),
  id: Type.Optional(Type.Union([Type.Integer(), Type.String()], { description: "The account's id, or the gateway's" })),
  email: Type.Optional(Type.String({ description: "The account's email (a guest's billing email)" })),
  via: Type.Optional(Type.String({ description: 'How staff acted when not from the console: "API key <description>" (decision 0098)' })),
});

/** Every kind of timeline line: what the order keeps, then the events recorded by migration 019 (modules/orders/events.ts). */
export const TIMELINE_TYPES = ["placed", "payment_attempt", "paid", "status", "note", "email", "address", "refund"] as const;

const TimelineEvent = Type.Object(
  {
    at: Type.String({ format: "date-time" }),
    type: Type.Unsafe<(typeof TIMELINE_TYPES)[number]>(Type.String({ enum: [...TIMELINE_TYPES] })),
    actor: nullable(Actor),
    status: Type.Optional(Type.String({ description: "The status reached (status), or the attempt's outcome (payment_attempt)" })),
    from: Type.Optional(Type.String({ description: "status: the status left" })),
    amount: Type.Optional(Money),
    message: Type.Optional(Type.String({ description: "A note's text, a refund's reason, a failed attempt's message" })),
    to_customer: Type.Optional(Type.Boolean({ description: "note: sent to the customer by email" })),
    email: Type.Optional(Type.String({ description: "email: which email was sent" })),
    to: Type.Optional(Type.String({ description: "email: the address it went to" })),
    skipped: Type.Optional(
      Type.Unsafe<"switched_off">(Type.String({ enum: ["switched_off"], description: "email: not sent, as the owner switched it off" })),
    ),
    which: Type.Optional(Type.String({ description: "address: billing or shipping" })),
    before: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    after: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    refund_id: Type.Optional(Type.Integer()),
    method: Type.Optional(Type.String({ description: "refund: gateway or manual" })),
    restocked: Type.Optional(Type.Boolean()),
    stock_returned: Type.Optional(Type.Boolean({ description: "status: the order's stock went back on the shelf" })),
    coupons_returned: Type.Optional(Type.Array(Type.String(), { description: "status: coupons whose use was given back" })),
  },
  { additionalProperties: false },
);

/** Amounts a column of the databases holds (32-bit integers on PostgreSQL). */
const MAX_MINOR = 2_147_483_647;
const REFUND_METHODS = ["gateway", "manual"] as const;
const RefundMethod = Type.Unsafe<(typeof REFUND_METHODS)[number]>(
  Type.String({ enum: [...REFUND_METHODS], description: "gateway: through the payment's gateway; manual: the owner pays back by hand" }),
);

export const Refund = Type.Object({
  id: Type.Integer(),
  amount: Money,
  reason: Type.String(),
  method: RefundMethod,
  restocked: Type.Boolean({ description: "Its lines' units went back on the shelf" }),
  gateway_refund_id: Type.String({ description: "The gateway's id of the refund; empty for a manual one" }),
  actor: nullable(
    Type.Object({
      type: Type.String({ description: "owner or manager" }),
      id: nullable(Type.Integer()),
      email: Type.String(),
    }),
  ),
  created_at: Type.String({ format: "date-time" }),
  lines: Type.Array(Type.Object({ line_id: Type.Integer(), quantity: Type.Integer(), amount: Money })),
});

export const RefundBody = Type.Object(
  {
    amount: Type.Integer({
      minimum: 1,
      maximum: MAX_MINOR,
      description: "Minor units: the whole refund (lines, shipping, fees, goodwill)",
    }),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            line_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
            quantity: Type.Integer({ minimum: 0, maximum: MAX_MINOR, description: "Units of the line refunded" }),
            amount: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: MAX_MINOR,
                description: "Minor units for this line; omitted: the units' even share of what is left of the line",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500, description: "Their amounts add up to no more than amount" },
      ),
    ),
    restock: Type.Boolean({ description: "Put the lines' units back on the shelf" }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    method: RefundMethod,
  },
  { additionalProperties: false },
);

export const RefundList = Type.Object({ refunds: Type.Array(Refund) });

export const OrderReply = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  status: Status,
  date_created: Type.String({ format: "date-time" }),
  date_modified: Type.String({ format: "date-time" }),
  date_paid: nullable(Type.String({ format: "date-time" })),
  payment_url: nullable(
    Type.String({
      description: "The customer's payment page (/checkout/order-pay/{id}?key=…) while the order awaits its payment; else null",
    }),
  ),
  customer_note: Type.String(),
  customer: Type.Object({
    id: nullable(Type.Integer()),
    guest: Type.Boolean(),
    email: Type.String(),
    name: Type.String(),
    account: nullable(
      Type.Object({
        id: Type.Integer(),
        email: Type.String(),
        first_name: Type.String(),
        last_name: Type.String(),
        created_at: Type.String(),
      }),
    ),
  }),
  lines: Type.Array(Line),
  totals: Totals,
  billing_address: Address,
  shipping_address: Address,
  shipping: Type.Object({
    lines: Type.Array(Type.Object({ method_id: Type.String(), instance_id: Type.Integer(), name: Type.String(), total: Money })),
    pickup_location: nullable(Type.String({ description: "The pickup location's name when the order is collected" })),
  }),
  payment: Type.Object({
    method: Type.String(),
    title: Type.String(),
    transaction_id: Type.String(),
    details: Type.Array(KeyValue, {
      description: "What the gateway left on the order (card brand, last four digits…); never a card number",
    }),
  }),
  additional_fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()])),
  origin: Type.Object(
    { origin: Type.String() },
    { additionalProperties: true, description: "The origin label and every stored attribution field (decision 0014)" },
  ),
  timeline: Type.Array(TimelineEvent, { description: "Oldest first, built from what the order keeps" }),
  refunds: Type.Array(Refund, { description: "Refunds made, oldest first" }),
  refundable: Type.Integer({ description: "Minor units that may still be refunded (0 when nothing was paid)" }),
  refund_methods: Type.Array(RefundMethod, { description: "gateway only when the order's gateway can refund" }),
});

export const RefundReply = Type.Object({ refund: Refund, order: OrderReply });
export const OrderUpdatesQuery = Type.Object({
  after_id: Type.Integer({ minimum: 0, maximum: MAX_ID, description: "The newest order number the console has shown (0: none yet)" }),
});

export const OrderUpdatesReply = Type.Object({
  latest_id: Type.Integer({ description: "The newest order number answered (after_id when none): the next call's after_id" }),
  orders: Type.Array(OrderRow, { description: "Orders numbered after after_id, newest first, at most 20; never checkout drafts" }),
  counts: StatusCounts,
});

export const OrderDocumentsQuery = Type.Object({
  ids: Type.String({
    pattern: "^[0-9]+(,[0-9]+)*$",
    maxLength: 600,
    description: "Order numbers separated by commas, at most 50, printed in this order",
  }),
});

export const OrderDocumentsReply = Type.Object({
  shop: Type.Object({
    name: Type.String(),
    address: Type.Array(Type.String(), { description: "The store address as label lines (street, city, state and postcode, country)" }),
    email: Type.String({ description: "The store's email, or the owner's when none is set" }),
  }),
  orders: Type.Array(OrderReply),
});

/** A CSV file streamed as it is written. */
export const CsvFile = Type.Unsafe<Readable>({ type: "string", format: "binary" });

export const ErrorReply = Type.Object({
  code: Type.String(),
  message: Type.String(),
  data: Type.Object({}, { additionalProperties: true }),
});

/** Statuses the owner may set: every status but checkout-draft (refunded is refused: refunds reach it). */
const SettableStatus = Type.Unsafe<OrderStatus>(
  Type.String({ enum: ORDER_STATUSES.filter((status) => status !== "checkout-draft"), description: "The status to move the order to" }),
);
const Note = (minLength: number, description: string) => Type.String({ minLength, maxLength: 2000, description });

/** An order's `date_modified` as read (its `GET /orders/{id}` or list row): the copy a change was chosen on. */
const readDateModified = (description?: string) => Type.String({ minLength: 1, maxLength: 40, ...(description ? { description } : {}) });

export const StatusBody = Type.Object(
  {
    status: SettableStatus,
    note: Type.Optional(Note(0, "Why, kept on the status event")),
    date_modified: Type.Optional(
      readDateModified(
        "The order's date_modified as read: an order changed since is refused (409 cw_rest_order_changed); left out, the change is made",
      ),
    ),
  },
  { additionalProperties: false },
);

export const BulkStatusBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { minItems: 1, maxItems: 100 }),
    status: SettableStatus,
    date_modified: Type.Optional(
      Type.Record(Type.String({ pattern: "^[1-9][0-9]{0,15}$" }), readDateModified(), {
        additionalProperties: false,
        maxProperties: 100,
        description:
          "Each order's date_modified as the list showed it, by id: an order changed since is left as it is (cw_rest_order_changed); an order not named here is changed whatever it became",
      }),
    ),
  },
  { additionalProperties: false },
);

export const BulkStatusReply = Type.Object({
  updated: Type.Array(Type.Integer(), { description: "Orders moved, each in its own transaction" }),
  failed: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), message: Type.String() }), {
    description: "Orders left as they were, with the error each would have answered alone",
  }),
});

export const NoteBody = Type.Object(
  {
    note: Note(1, "The note's text"),
    to_customer: Type.Boolean({ description: "Also email it to the shopper (“A note was added to your order”)" }),
  },
  { additionalProperties: false },
);

export const AddressParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  which: Type.Union([Type.Literal("billing"), Type.Literal("shipping")]),
});

/** The resends the owner may ask for (the note e-mail goes with its note). */
export const RESENDABLE_EMAILS = ["customer_confirmation", "owner_notice", "customer_completed", "customer_invoice"] as const;

export const EmailBody = Type.Object(
  {
    email: Type.Union(
      RESENDABLE_EMAILS.map((name) => Type.Literal(name)),
      { description: "Which email to send now" },
    ),
  },
  { additionalProperties: false },
);

/** The longest name a fee added by hand may have, as the order page and invoice print it. */
export const FEE_NAME_MAX = 100;

/** The statuses an order may be made in by hand: waiting for its payment, or already settled with the owner. */
export const HAND_STATUSES = ["pending", "on-hold", "processing", "completed"] as const satisfies readonly OrderStatus[];

/** An order the owner makes by hand (decision 0089): what it holds, never its totals, which the shop prices. */
export const HandOrderBody = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        HAND_STATUSES.map((status) => Type.Literal(status)),
        { description: "pending (awaiting payment) unless told; processing when set_paid" },
      ),
    ),
    customer_id: Type.Optional(
      nullable(Type.Integer({ minimum: 1, maximum: MAX_ID, description: "The customer's account; absent or null: a guest" })),
    ),
    billing: Type.Optional(AddressSchema),
    shipping: Type.Optional(AddressSchema),
    line_items: Type.Array(
      Type.Object(
        {
          product_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
          variation_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: "Required for a variable product" })),
          // At least 1, checked by the service so that the error names the line.
          quantity: Type.Integer({ minimum: -100_000, maximum: 100_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    coupon_lines: Type.Optional(
      Type.Array(Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }), { maxItems: 20 }),
    ),
    shipping_lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            rate_id: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 100,
                description:
                  "One of the shop's rates for these items and this address (/orders/calculate's shipping_rates), priced as the checkout prices it, class costs included; method_title and total, when given, stand instead of the rate's",
              }),
            ),
            method_title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Required without rate_id" })),
            total: Type.Optional(
              Type.Integer({ minimum: 0, maximum: MAX_MINOR, description: "Minor units, before tax; required without rate_id" }),
            ),
          },
          { additionalProperties: false },
        ),
        { maxItems: 1 },
      ),
    ),
    fee_lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ maxLength: FEE_NAME_MAX }),
            total: Type.Optional(
              Type.Integer({
                minimum: -MAX_MINOR,
                maximum: MAX_MINOR,
                description:
                  "Minor units, before tax, as shipping_lines' total; below 0 for a discount (never below a zero order). Give this or percent",
              }),
            ),
            percent: Type.Optional(
              // Its bounds are checked by the pricing, which names the field (`fee_lines.N.percent`).
              Type.Number({
                description: `From ${FEE_PERCENT_MIN} to ${FEE_PERCENT_MAX}: a percentage of the items' total after discounts, before tax (at most 4 decimal places; below 0 for a discount): the fee's amount is worked out when priced and kept as an amount (decision 0101). Give this or total`,
              }),
            ),
            tax_status: Type.Optional(Type.Union([Type.Literal("taxable"), Type.Literal("none")], { description: "taxable unless told" })),
            tax_class: Type.Optional(
              Type.String({ maxLength: 100, description: "A tax class's slug; empty or standard: the standard class" }),
            ),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    customer_note: Type.Optional(Type.String({ maxLength: 2000 })),
    set_paid: Type.Optional(Type.Boolean({ description: "The owner took the payment: the order is marked paid now" })),
  },
  { additionalProperties: false },
);

const HandLine = Type.Object({
  product_id: Type.Integer(),
  variation_id: nullable(Type.Integer()),
  name: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  variation: Type.Array(Type.Object({ attribute: Type.String(), value: Type.String() })),
  subtotal: Money,
  subtotal_tax: Money,
  total: Money,
  total_tax: Money,
});

export const HandOrderCalculation = Type.Object({
  shipping_rates: Type.Array(
    Type.Object({
      rate_id: Type.String({ description: "What shipping_lines' rate_id takes" }),
      method_id: Type.String(),
      instance_id: Type.Integer(),
      name: Type.String(),
      cost: Type.Integer({ description: "Minor units, before tax, as the checkout prices it for these items (class costs included)" }),
    }),
    { description: "The shop's rates for the order's items and shipping address (else its base location), as the cart offers them" },
  ),
  lines: Type.Array(HandLine),
  coupons: Type.Array(Type.Object({ code: Type.String(), discount: Money, discount_tax: Money })),
  fees: Type.Array(FeeLine),
  totals: Type.Object({
    currency: Type.String(),
    currency_minor_unit: MinorUnit,
    items: Money,
    items_tax: Money,
    discount: Money,
    discount_tax: Money,
    shipping: Money,
    shipping_tax: Money,
    fees: Money,
    fees_tax: Money,
    tax: Money,
    total: Money,
  }),
});

const { line_items, coupon_lines, shipping_lines, fee_lines } = HandOrderBody.properties;

/** The `date_modified` an edit was made on: the order's as `GET /orders/{id}` or `GET /orders/{id}/items` answered it. */
const DateModified = Type.String({
  minLength: 1,
  maxLength: 40,
  description: "The order's date_modified as read before editing: a save on an order changed since is refused (409)",
});

/** An edit of an unpaid order's items (decision 0092): its lines, coupons, shipping line and fees, as an order made by hand sends them. */
export const EditItemsBody = Type.Object(
  { date_modified: DateModified, line_items, coupon_lines, shipping_lines, fee_lines },
  { additionalProperties: false },
);

/** The same, priced without writing: `date_modified` optional (when sent, a stale one is refused as the save refuses it). */
export const EditItemsPreviewBody = Type.Object(
  { date_modified: Type.Optional(DateModified), line_items, coupon_lines, shipping_lines, fee_lines },
  { additionalProperties: false },
);

export const EditItemsCalculation = Type.Object({
  ...HandOrderCalculation.properties,
  previous_total: Type.Integer({ description: "The order's total before the edit, minor units" }),
});

/** What the console's item editor starts from. */
export const EditItemsForm = Type.Object({
  editable: Type.Boolean(),
  reason: nullable(Type.String({ description: "Why the items cannot be changed (paid, ended, a payment under way); null when they can" })),
  date_modified: Type.String({ format: "date-time" }),
  line_items: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      variation_id: nullable(Type.Integer()),
      quantity: Type.Integer(),
      name: Type.String(),
      sku: Type.String(),
      variation: Type.Array(Type.Object({ attribute: Type.String(), value: Type.String() })),
    }),
  ),
  coupon_lines: Type.Array(Type.Object({ code: Type.String() })),
  shipping_lines: Type.Array(
    Type.Object({
      method_title: Type.String(),
      total: Money,
      method_id: Type.String({
        description:
          "The line's method: `manual` for a line typed by hand, else the shop's rate it was (sent back as it is, the line keeps it)",
      }),
    }),
  ),
  fee_lines: Type.Array(Type.Object({ name: Type.String(), total: Money, tax_status: FeeTaxStatus, tax_class: Type.String() })),
});
