import { describe, expect, it } from "vitest";
import type { StoreCart } from "../store-api.ts";
import { type FieldRuleDocument, fieldRuleDocument, withAddress } from "./document.ts";
import { fieldRulesProblem, fieldState, type RuledField, type RuleError } from "./rules.ts";
import { schemaProblem } from "./schema-check.ts";

const rate = (rate_id: string, method_id: string, selected: boolean) => ({ rate_id, method_id, selected });
const cart = {
  items: [{ id: 12, quantity: 2, name: "Beanie" }],
  items_count: 2,
  coupons: [{ code: "save10" }],
  totals: { total_items: "3600", total_discount: "360", total_shipping: "500", total_tax: "0", total_price: "3740" },
  needs_shipping: true,
  shipping_rates: [{ shipping_rates: [rate("flat_rate:1", "flat_rate", false), rate("pickup_location:0", "pickup_location", true)] }],
} as unknown as StoreCart;

const document = (paymentMethod = "cod", fields: Record<string, unknown> = {}): FieldRuleDocument =>
  fieldRuleDocument({
    cart,
    checkout: { payment_method: paymentMethod, additional_fields: fields },
    customer: { id: 7, billing_address: { country: "US", company: "" }, shipping_address: { country: "GB" } },
  });

/** A schema saying something about the checkout's payment method. */
const paysWith = (method: string) => ({ properties: { checkout: { properties: { payment_method: { const: method } } } } });
const orderValue = (id: string, schema: object) => ({
  properties: { checkout: { properties: { additional_fields: { properties: { [id]: schema } } } } },
});

const field = (rules: RuledField["rules"], extra: Partial<RuledField> = {}): RuledField => ({
  id: "cw/vat-number",
  label: "VAT number",
  location: "order",
  required: false,
  rules,
  ...extra,
});

describe("the rules document", () => {
  it("holds the cart in minor units, the chosen rates, the checkout and the customer", () => {
    const built = document("bacs", { "cw/vat-number": "  GB123 ", "cw/empty": " ", "cw/gift": true });
    expect(built).toEqual({
      cart: {
        items: [{ id: 12, quantity: 2 }],
        items_count: 2,
        coupons: ["save10"],
        totals: { total_items: 3600, total_discount: 360, total_shipping: 500, total_tax: 0, total_price: 3740 },
        needs_shipping: true,
        shipping_rates: ["pickup_location:0"],
        shipping_methods: ["pickup_location"],
        prefers_collection: true,
      },
      checkout: {
        payment_method: "bacs",
        create_account: false,
        customer_note: "",
        additional_fields: { "cw/vat-number": "GB123", "cw/gift": true },
      },
      customer: { id: 7, billing_address: { country: "US" }, shipping_address: { country: "GB" } },
    });
  });

  it("puts the address being checked, with its field values, under customer.address", () => {
    expect(withAddress(document(), { country: "DE", "cw/door": "B" }).customer.address).toEqual({ country: "DE", "cw/door": "B" });
  });
});

describe("fieldState", () => {
  const pattern = orderValue("cw/vat-number", { pattern: "^[A-Z]{2}[0-9]+$" });
  it.each([
    {
      name: "no rules: the static required",
      rules: undefined,
      doc: document(),
      value: undefined,
      state: { hidden: false, required: false, invalid: null },
    },
    {
      name: "required rule matches",
      rules: { required: paysWith("cod") },
      doc: document("cod"),
      value: undefined,
      state: { hidden: false, required: true, invalid: null },
    },
    {
      name: "required rule does not match",
      rules: { required: paysWith("cod") },
      doc: document("bacs"),
      value: undefined,
      state: { hidden: false, required: false, invalid: null },
    },
    {
      name: "hidden rule matches",
      rules: { hidden: paysWith("bacs"), required: true },
      doc: document("bacs"),
      value: "x",
      state: { hidden: true, required: false, invalid: null },
    },
    {
      name: "hidden rule does not match",
      rules: { hidden: paysWith("bacs") },
      doc: document("cod"),
      value: "x",
      state: { hidden: false, required: false, invalid: null },
    },
    {
      name: "validation matches",
      rules: { validation: pattern },
      doc: document("cod", { "cw/vat-number": "GB123" }),
      value: "GB123",
      state: { hidden: false, required: false, invalid: null },
    },
    {
      name: "a pattern on the value fails",
      rules: { validation: pattern },
      doc: document("cod", { "cw/vat-number": "123" }),
      value: "123",
      state: { hidden: false, required: false, invalid: "VAT number must match the pattern ^[A-Z]{2}[0-9]+$" },
    },
    {
      name: "another keyword fails",
      rules: { validation: orderValue("cw/vat-number", { maxLength: 3 }) },
      doc: document("cod", { "cw/vat-number": "GB123" }),
      value: "GB123",
      state: { hidden: false, required: false, invalid: "VAT number is invalid" },
    },
    {
      name: "a pattern elsewhere in the document fails",
      rules: { validation: { properties: { checkout: { properties: { payment_method: { pattern: "^b" } } } } } },
      doc: document("cod", { "cw/vat-number": "GB123" }),
      value: "GB123",
      state: { hidden: false, required: false, invalid: "VAT number is invalid" },
    },
    {
      name: "an empty value is not validated",
      rules: { validation: pattern },
      doc: document(),
      value: undefined,
      state: { hidden: false, required: false, invalid: null },
    },
  ])("$name", ({ rules, doc, value, state }) => {
    expect(fieldState(field(rules as RuledField["rules"]), doc, value)).toEqual(state);
  });

  it("keeps the static required whatever the required rule says", () => {
    expect(fieldState(field({ required: paysWith("cod") }, { required: true }), document("bacs"), undefined).required).toBe(true);
  });

  it("uses the field's own errorMessage for schema errors", () => {
    const own = field({ validation: orderValue("cw/vat-number", { pattern: "^GB" }) }, { errorMessage: "Enter a British VAT number." });
    expect(fieldState(own, document("cod", { "cw/vat-number": "DE1" }), "DE1").invalid).toBe("Enter a British VAT number.");
  });

  it("reads an address field's value under customer.address", () => {
    const door = field(
      { validation: { properties: { customer: { properties: { address: { properties: { "cw/door": { pattern: "^[A-Z]$" } } } } } } } },
      {
        id: "cw/door",
        label: "Door",
        location: "address",
      },
    );
    expect(fieldState(door, withAddress(document(), { "cw/door": "12" }), "12").invalid).toBe("Door must match the pattern ^[A-Z]$");
  });

  it.each([
    { name: "not a schema", schema: { type: "strnig" } },
    { name: "a bad regular expression", schema: { pattern: "(" } },
    { name: "a $ref to nothing", schema: { $ref: "#/$defs/missing" } },
  ])("counts a broken rule ($name) as not matching and reports it", ({ schema }) => {
    const errors: RuleError[] = [];
    const broken = field({ required: schema, hidden: schema, validation: schema });
    expect(fieldState(broken, document("cod", { "cw/vat-number": "x" }), "x", (e) => errors.push(e))).toEqual({
      hidden: false,
      required: false,
      invalid: null,
    });
    expect(errors.map((e) => [e.field, e.rule])).toEqual([
      ["cw/vat-number", "hidden"],
      ["cw/vat-number", "required"],
      ["cw/vat-number", "validation"],
    ]);
    expect(errors[0]?.reason).toBeTruthy();
  });
});

describe("schemaProblem and fieldRulesProblem", () => {
  it.each([
    [true, null],
    [{ properties: { a: { type: ["string", "null"], minLength: 1 } }, required: ["a"] }, null],
    [{ $defs: { code: { pattern: "^[0-9]+$" } }, properties: { a: { $ref: "#/$defs/code" } } }, null],
    [Object.freeze({ anyOf: Object.freeze([Object.freeze({ const: 1 })]) }), null],
    ["^[0-9]+$", "a rule must be a JSON Schema (an object, or true or false)"],
    [{ type: "strnig" }, "not a valid JSON Schema (check #/type)"],
    [{ minLength: -1 }, "not a valid JSON Schema (check #/minLength)"],
    [{ properties: { a: { pattern: "[" } } }, "not a valid JSON Schema (check #/properties/a/pattern)"],
    [{ required: "a" }, "not a valid JSON Schema (check #/required)"],
    [{ $ref: "#/$defs/nothing" }, "a $ref points at nothing in the schema"],
  ])("%j: %s", (schema, problem) => {
    expect(schemaProblem(schema)).toBe(problem);
  });

  it("names the rule that is broken, and refuses unknown rule names", () => {
    expect(fieldRulesProblem(undefined)).toBeNull();
    expect(fieldRulesProblem({ required: true, validation: { pattern: "^a" } })).toBeNull();
    expect(fieldRulesProblem({ hidden: { type: 3 } })).toBe("the hidden rule is not a valid JSON Schema (check #/type)");
    expect(fieldRulesProblem({ shown: true })).toBe("'shown' is not a rule (use required, hidden or validation)");
    expect(fieldRulesProblem([])).toBe("rules must be an object of required, hidden and validation schemas");
  });
});
