/** Request schemas of the cart calls (spec §7 "Cart calls"). */

import { ADDRESS_FIELD_MAX_LENGTH } from "@cartwright/commerce";
import { Type } from "typebox";
import { IdSchema } from "../../http/input.ts";

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
