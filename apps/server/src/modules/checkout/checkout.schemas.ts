/** Request schemas of the checkout calls (spec §7 "Checkout calls"). */
import { Type } from "typebox";
import { AddressSchema } from "../cart/index.ts";

const PaymentData = Type.Array(
  Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Union([Type.String({ maxLength: 500 }), Type.Boolean()]) }),
  { maxItems: 50, default: [] },
);

/** An address as placed: the standard fields plus additional address fields under their 'namespace/field' ids. */
const PlacedAddress = Type.Object(AddressSchema.properties, {
  additionalProperties: false,
  patternProperties: { "^[a-z0-9-]+/[a-z0-9-]+$": Type.Union([Type.String({ maxLength: 1000 }), Type.Boolean()]) },
});

const Bag = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { default: {} });

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
});

export const UpdateDraftBody = Type.Object({
  additional_fields: Type.Optional(Bag),
  order_notes: Type.Optional(Type.String({ maxLength: 5000 })),
  payment_method: Type.Optional(Type.String({ maxLength: 100 })),
});

export const CalcTotalsQuery = Type.Object({ __experimental_calc_totals: Type.Optional(Type.Boolean()) });

export const OrderParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const OrderQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 100 })),
  billing_email: Type.Optional(Type.String({ maxLength: 200 })),
});
