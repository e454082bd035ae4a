import type { StoreCart } from "@cartwright/commerce";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutFieldDefinition } from "../../context.ts";
import { statesFor } from "./field-rule-evaluation.ts";
import type { RuleInputs } from "./field-rule-states.ts";
import { shownValues } from "./field-rule-states.ts";

const cart = {
  items: [],
  items_count: 1,
  coupons: [],
  totals: { total_price: "1800" },
  needs_shipping: true,
  shipping_rates: [{ shipping_rates: [{ rate_id: "pickup_location:0", method_id: "pickup_location", selected: true }] }],
} as unknown as StoreCart;

const inputs = (paymentMethod: string): RuleInputs => ({
  cart,
  checkout: { payment_method: paymentMethod, additional_fields: {} },
  customer: { id: 0, billing_address: { country: "US" }, shipping_address: { country: "GB" } },
  addressExtra: { billing: {}, shipping: { "cw/door": "x" } },
});

const collecting = { properties: { cart: { properties: { prefers_collection: { const: true } } } } };
const fields: CheckoutFieldDefinition[] = [
  { id: "cw/pin", label: "Pickup PIN", location: "order", type: "text", required: false, rules: { required: collecting } },
  {
    id: "cw/door",
    label: "Door",
    location: "address",
    type: "text",
    required: false,
    rules: { hidden: { properties: { customer: { properties: { address: { properties: { country: { const: "US" } } } } } } } },
  },
  { id: "cw/broken", label: "Broken", location: "contact", type: "text", required: false, rules: { required: { type: "text" } } },
];

afterEach(() => vi.restoreAllMocks());

describe("the page's field states", () => {
  it("evaluates order fields once and address fields per address", () => {
    const states = statesFor(fields, inputs("cod"), false);
    expect(states["order_cw/pin"]).toEqual({ hidden: false, required: true, invalid: null });
    expect(states["billing_cw/door"]?.hidden).toBe(true);
    expect(states["shipping_cw/door"]?.hidden).toBe(false);
    expect(states["contact_cw/broken"]).toEqual({ hidden: false, required: false, invalid: null });
    expect(shownValues({ "cw/door": "x" }, states, ["billing"])).toEqual({});
    expect(shownValues({ "cw/door": "x" }, states, ["shipping"])).toEqual({ "cw/door": "x" });
  });

  it("logs a broken rule for the shop owner only, once", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    statesFor(fields, inputs("cod"), false);
    expect(logged).not.toHaveBeenCalled();
    statesFor(fields, inputs("cod"), true);
    statesFor(fields, inputs("bacs"), true);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe(
      "Checkout field 'cw/broken': its required rule could not be evaluated: not a valid JSON Schema (check #/type)",
    );
  });
});
