import { describe, expect, it } from "vitest";
import { addressesToAdopt } from "./customer.ts";

const cart = (billing: object, shipping: object) => ({
  billing_address: JSON.stringify(billing),
  shipping_address: JSON.stringify(shipping),
});
const saved = {
  billing: {
    first_name: "Jane",
    address_1: "1 Market Street",
    city: "San Francisco",
    postcode: "94105",
    country: "US",
    email: "jane@example.com",
  },
  shipping: { first_name: "Jane", address_1: "1 Market Street", city: "San Francisco", postcode: "94105", country: "US" },
};

describe("addressesToAdopt", () => {
  it("fills an empty cart's addresses whole, and keeps its own e-mail", () => {
    const fields = addressesToAdopt(cart({ email: "typed@example.com" }, {}), saved);
    expect(JSON.parse(fields?.billing_address ?? "{}")).toMatchObject({ city: "San Francisco", email: "typed@example.com" });
    expect(JSON.parse(fields?.shipping_address ?? "{}")).toMatchObject({ postcode: "94105", country: "US" });
    expect(fields?.has_calculated_shipping).toBe(1);
  });

  it("never mixes an address with another: a cart with a place of its own keeps it, taking only a missing e-mail", () => {
    const fields = addressesToAdopt(cart({ postcode: "SW1A 1AA", country: "GB" }, { country: "GB", postcode: "SW1A 1AA" }), saved);
    expect(Object.keys(fields ?? {})).toEqual(["billing_address"]);
    expect(JSON.parse(fields?.billing_address ?? "{}")).toEqual(
      emptyBillingWith({ postcode: "SW1A 1AA", country: "GB", email: "jane@example.com" }),
    );
  });

  it("replaces the cart's with `replace` (a guest's newer addresses), and answers null when there is nothing to take", () => {
    const replaced = addressesToAdopt(
      cart(saved.billing, saved.shipping),
      { billing: {}, shipping: { country: "GB", city: "London" } },
      true,
    );
    expect(JSON.parse(replaced?.shipping_address ?? "{}")).toMatchObject({ country: "GB", city: "London", address_1: "" });
    expect(replaced?.billing_address).toBeUndefined();
    expect(addressesToAdopt(cart(saved.billing, saved.shipping), saved)).toBeNull();
  });
});

/** A stored billing address: every field, empty unless given. */
function emptyBillingWith(values: Record<string, string>) {
  const keys = ["first_name", "last_name", "company", "address_1", "address_2", "city", "state", "postcode", "country", "phone", "email"];
  return { ...Object.fromEntries(keys.map((key) => [key, ""])), ...values };
}
