/** Rules of additional checkout fields (spec §3, §5 "Schema errors", §6) when an order is placed, on SQLite and PostgreSQL. */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { type CheckoutFieldSetting, updateSettings } from "../settings/index.ts";
import { registerCheckoutField } from "./index.ts";

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop();
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterEach(() => updateSettings(shop.db, { checkoutFields: [] }));
afterAll(() => shop.close());

const paysWith = (method: string) => ({ properties: { checkout: { properties: { payment_method: { const: method } } } } });

/** Required when paying on delivery, hidden for a bank transfer, four digits when given. */
const doorCode: CheckoutFieldSetting = {
  id: "cw-demo/door-code",
  label: "Door code",
  location: "order",
  type: "text",
  required: false,
  rules: {
    required: paysWith("cod"),
    hidden: paysWith("bacs"),
    validation: {
      properties: { checkout: { properties: { additional_fields: { properties: { "cw-demo/door-code": { pattern: "^[0-9]{4}$" } } } } } },
    },
  },
};

async function shopper() {
  const client = new StoreClient(shop.app, "token");
  await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  return client;
}

const place = (client: StoreClient, body: Record<string, unknown>) => client.post("/checkout", { billing_address: testBilling(), ...body });

describe("field rules when an order is placed", () => {
  it("makes a field required for one payment method, checks its pattern, and drops it when hidden", async () => {
    await updateSettings(shop.db, { checkoutFields: [doorCode] });
    const client = await shopper();

    const missing = await place(client, { payment_method: "cod" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "cw_rest_checkout_invalid_additional_field",
      message: "Please enter a valid door code",
      data: { field: "cw-demo/door-code", location: "order" },
    });
    const badPattern = await place(client, { payment_method: "cod", additional_fields: { "cw-demo/door-code": "12a" } });
    expect(badPattern.statusCode).toBe(400);
    expect(badPattern.json()).toMatchObject({
      message: "Door code must match the pattern ^[0-9]{4}$",
      data: { field: "cw-demo/door-code", location: "order" },
    });

    const hidden = await place(client, { payment_method: "bacs", additional_fields: { "cw-demo/door-code": "12a" } });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().additional_fields).toEqual({});

    const again = await shopper();
    const kept = await place(again, { payment_method: "cod", additional_fields: { "cw-demo/door-code": " 1234 " } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().additional_fields).toEqual({ "cw-demo/door-code": "1234" });

    const optional = await shopper();
    const cheque = await place(optional, { payment_method: "cheque" });
    expect(cheque.statusCode).toBe(200);
  });

  it("checks an address field against the address it belongs to, with the field's own error message", async () => {
    await updateSettings(shop.db, {
      checkoutFields: [
        {
          id: "cw-demo/tax-id",
          label: "Tax id",
          location: "address",
          type: "text",
          required: false,
          errorMessage: "A tax id is two letters and digits.",
          rules: {
            required: {
              properties: { customer: { properties: { address: { properties: { country: { const: "GB" } }, required: ["country"] } } } },
            },
            validation: {
              properties: { customer: { properties: { address: { properties: { "cw-demo/tax-id": { pattern: "^[A-Z]{2}[0-9]+$" } } } } } },
            },
          },
        },
      ],
    });
    const client = await shopper();
    const london = {
      first_name: "Grace",
      last_name: "Hopper",
      address_1: "1 Baker Street",
      city: "London",
      postcode: "NW1 6XE",
      country: "GB",
      phone: "020 7946 0000",
    };
    const refused = await place(client, {
      payment_method: "cod",
      billing_address: { ...testBilling(), "cw-demo/tax-id": "12" },
      shipping_address: london,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "cw_rest_invalid_address",
      data: {
        errors: {
          billing: { "cw-demo/tax-id": "A tax id is two letters and digits." },
          shipping: { "cw-demo/tax-id": "Please enter a valid tax id" },
        },
      },
    });

    const placed = await place(client, { payment_method: "cod", shipping_address: { ...london, "cw-demo/tax-id": "GB123" } });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().shipping_address).toMatchObject({ country: "GB", "cw-demo/tax-id": "GB123" });
    expect(placed.json().billing_address["cw-demo/tax-id"]).toBeUndefined();
  });

  it("refuses a broken rule when saved or registered, and treats one already stored as not matching", async () => {
    const broken = { ...doorCode, rules: { required: { type: "strnig" } } } as unknown as CheckoutFieldSetting;
    await expect(updateSettings(shop.db, { checkoutFields: [broken] })).rejects.toThrow(
      "checkoutFields: the field 'cw-demo/door-code': the required rule is not a valid JSON Schema (check #/type)",
    );
    expect(() => registerCheckoutField({ ...broken, id: "cw-test/broken" })).toThrow(
      "The checkout field 'cw-test/broken' has rules that cannot be used: the required rule is not a valid JSON Schema (check #/type).",
    );

    // A value written around the settings check, as an old or hand-edited shop might hold.
    await sql`insert into settings (key, value) values ('checkoutFields', ${JSON.stringify([
      { ...doorCode, rules: { required: { pattern: "(" }, validation: { $ref: "#/nowhere" } } },
    ])}) on conflict (key) do update set value = excluded.value`.execute(shop.db);
    const client = await shopper();
    const placed = await place(client, { payment_method: "cod", additional_fields: { "cw-demo/door-code": "anything" } });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().additional_fields).toEqual({ "cw-demo/door-code": "anything" });
  });
});
