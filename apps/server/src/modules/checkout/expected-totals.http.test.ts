/**
 * An order is placed only at the total the page showed (decision 0168, amended), on SQLite and PostgreSQL: the owner
 * changes a price, a tax rate, a shipping cost or a coupon between the cart's reply and Place Order, and the
 * checkout answers 409 with the cart as it now is, having written nothing of the order, saying that the prices moved
 * (decision 0175); an address sent with the order that moves taxes or shipping is told as such; the next press,
 * sending the new total, places it.
 */
import { expectedCartOf } from "@cartwright/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling, testCard } from "../../../../../test/store-client.ts";

let shop: TestShop;
let owner: StoreClient;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

interface ShownCart {
  items: { key: string; quantity: number }[];
  coupons: { code: string }[];
  totals: { total_price: string; currency_code: string; total_items: string; total_shipping: string | null };
  errors: { code: string; message: string }[];
  shipping_rates: { package_id: number; shipping_rates: { rate_id: string; selected: boolean }[] }[];
}

/** What the 409 says, by its reason (decision 0175). */
const SAID = {
  prices: "Prices, taxes or shipping costs for your order have changed. Please check your order below and place it again.",
  address: "Taxes and shipping were updated for the address you entered. Please check your order below and place it again.",
};

/** A shopper with T-shirts in the cart, priced for the Los Angeles address as the page has sent it: the cart it shows. */
async function shopperShown(quantity = 1, coupon?: string) {
  const shopper = new StoreClient(shop.app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity });
  if (coupon) await shopper.cart("POST", "/cart/apply-coupon", { code: coupon });
  const shown: ShownCart = await shopper.cart("POST", "/cart/update-customer", {
    billing_address: testBilling(),
    shipping_address: TEST_ADDRESS,
  });
  return { shopper, shown };
}

/** Place Order as the page presses it, paying by test card, for the cart it shows. */
const placeAsShown = (shopper: StoreClient, shown: ShownCart, address: Record<string, string> = TEST_ADDRESS) =>
  shopper.post("/checkout", {
    billing_address: { ...address, email: "ada@example.com" },
    shipping_address: address,
    payment_method: "test_card",
    payment_data: testCard(),
    expected_cart: expectedCartOf(shown),
  });

/** The owner raises the T-shirt's price by `by` minor units; answers the new price. */
async function raisePrice(by: number): Promise<number> {
  const product = (await adminCall(owner, "GET", `/products/${tShirt}`)).json();
  const saved = await adminCall(owner, "PATCH", `/products/${tShirt}`, { regular_price: product.regular_price + by });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().regular_price;
}

/** The owner raises the US zone's flat rate by `by` minor units. */
async function raiseFlatRate(by: number): Promise<void> {
  const zone = (await adminCall(owner, "GET", "/shipping-zones")).json().zones[0];
  expect(zone.name).toBe("United States");
  const methods = zone.methods.map((method: { method_id: string; cost?: number }) =>
    method.method_id === "flat_rate" ? { ...method, cost: (method.cost ?? 0) + by } : method,
  );
  const saved = await adminCall(owner, "PUT", `/shipping-zones/${zone.id}`, { name: zone.name, locations: zone.locations, methods });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Everything placing an order writes: orders, charges, the T-shirt's stock, coupon uses. */
async function written() {
  const count = async (table: "orders" | "gateway_charges" | "order_coupons") =>
    Number((await shop.db.selectFrom(table).select(shop.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const stock = await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", tShirt).executeTakeFirstOrThrow();
  const uses = await shop.db.selectFrom("coupons").select(["code", "usage_count"]).orderBy("code").execute();
  return {
    orders: await count("orders"),
    charges: await count("gateway_charges"),
    orderCoupons: await count("order_coupons"),
    stock: Number(stock.stock_quantity),
    uses,
  };
}

/** The 409 a changed cart gets, nothing written, saying why; answers the cart it carries, as the page then shows it. */
async function refusedWithNothingWritten(
  press: () => Promise<{ statusCode: number; json(): unknown }>,
  shown: ShownCart,
  reason: keyof typeof SAID = "prices",
) {
  const before = await written();
  const refused = await press();
  expect(refused.statusCode).toBe(409);
  const body = refused.json() as { code: string; message: string; data: { cart: ShownCart; reason: string } };
  expect([body.code, body.data.reason, body.message]).toEqual(["cw_rest_cart_changed", reason, SAID[reason]]);
  expect(body.data.cart.totals.total_price).not.toBe(shown.totals.total_price);
  expect(await written()).toEqual(before);
  return body.data.cart;
}

/** The order placed at the cart's total, and charged that. */
async function placedAt(response: { statusCode: number; body: string; json(): { order_id: number } }, cart: ShownCart) {
  expect(response.statusCode, response.body).toBe(200);
  const { order_id } = response.json();
  const order = await shop.db.selectFrom("orders").select(["total", "currency"]).where("id", "=", order_id).executeTakeFirstOrThrow();
  const charge = await shop.db.selectFrom("gateway_charges").select("amount").where("order_id", "=", order_id).executeTakeFirstOrThrow();
  expect([Number(order.total), order.currency, Number(charge.amount)]).toEqual([
    Number(cart.totals.total_price),
    cart.totals.currency_code,
    Number(cart.totals.total_price),
  ]);
}

describe("POST /checkout with the total the page showed (decision 0168, amended)", () => {
  it("places nothing when the owner changed the price since; the next press, at the new total, places it", async () => {
    const { shopper, shown } = await shopperShown(2, "5OFF");
    const price = await raisePrice(150);

    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown), shown);
    // Two T-shirts, each 1.50 more, taxed: the reply is the cart the page shows next, the line's new price told.
    expect(Number(now.totals.total_items) - Number(shown.totals.total_items)).toBe(300);
    expect(Number(now.totals.total_price)).toBeGreaterThan(Number(shown.totals.total_price) + 300);
    expect(now.errors.map((e) => e.message)).toEqual([
      `The price of “Classic T-Shirt” has changed since you added it to your cart: it is now $${(price / 100).toFixed(2)}.`,
    ]);
    expect(now).toEqual(await shopper.cart("GET", "/cart"));
    // The page showed the new price: the line that moved since it was added no longer holds the order back.
    await placedAt(await placeAsShown(shopper, now), now);
  });

  it("places nothing when a tax rate changed since", async () => {
    const { shopper, shown } = await shopperShown();
    const rates = (await adminCall(owner, "GET", "/tax-rates?class=standard")).json().rates as { id: number; name: string }[];
    const caTax = rates.find((rate) => rate.name === "CA Tax");
    const { id, order: _order, ...rate } = (await adminCall(owner, "GET", `/tax-rates/${caTax?.id}`)).json();
    const saved = await adminCall(owner, "PUT", `/tax-rates/${id}`, { ...rate, rate: "8.25" });
    expect(saved.statusCode, saved.body).toBe(200);

    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown), shown);
    expect(Number(now.totals.total_price)).toBeGreaterThan(Number(shown.totals.total_price));
    await placedAt(await placeAsShown(shopper, now), now);
    // The demo's rate again, for the tests after this one.
    const current = (await adminCall(owner, "GET", `/tax-rates/${id}`)).json();
    const { id: _id, order: _at, ...back } = current;
    expect((await adminCall(owner, "PUT", `/tax-rates/${id}`, { ...back, rate: "7.25" })).statusCode).toBe(200);
  });

  it("places nothing when the chosen rate's shipping cost changed since", async () => {
    const { shopper, shown } = await shopperShown();
    await raiseFlatRate(200);

    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown), shown);
    expect(Number(now.totals.total_shipping) - Number(shown.totals.total_shipping)).toBe(200);
    expect(Number(now.totals.total_price)).toBeGreaterThan(Number(shown.totals.total_price) + 200);
    await placedAt(await placeAsShown(shopper, now), now);
  });

  it("places nothing when a coupon's amount changed since", async () => {
    const { shopper, shown } = await shopperShown(1, "5OFF");
    const coupon = await shop.db.selectFrom("coupons").select("id").where("code", "=", "5off").executeTakeFirstOrThrow();
    const saved = await adminCall(owner, "PATCH", `/coupons/${coupon.id}`, { amount: 700 });
    expect(saved.statusCode, saved.body).toBe(200);

    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown), shown);
    expect(Number(now.totals.total_price)).toBeLessThan(Number(shown.totals.total_price));
    await placedAt(await placeAsShown(shopper, now), now);
  });

  it("places nothing at the same total in another currency or with another rate chosen than the page showed", async () => {
    const { shopper, shown } = await shopperShown();
    const sent = expectedCartOf(shown);
    const body = { billing_address: testBilling(), payment_method: "cod" };
    const inEuros = { ...sent, totals: { ...sent.totals, currency_code: "EUR" } };
    const refusal = async (expected_cart: unknown) => {
      const { code, data } = (await shopper.post("/checkout", { ...body, expected_cart })).json();
      return [code, data.reason];
    };
    expect(await refusal(inEuros)).toEqual(["cw_rest_cart_changed", "prices"]);
    const pickup = { ...sent, shipping_rates: [{ package_id: 0, rate_id: "pickup_location:0" }] };
    expect(await refusal(pickup)).toEqual(["cw_rest_cart_changed", "prices"]);
    const asText = { ...sent, totals: { ...sent.totals, total_price: Number(sent.totals.total_price) } };
    expect((await shopper.post("/checkout", { ...body, expected_cart: asText })).statusCode).toBe(200);
  });

  it("answers the cart priced with the addresses sent with the order, saying they moved its taxes, so the next press places it", async () => {
    const { shopper, shown } = await shopperShown();
    const newYork = { ...TEST_ADDRESS, city: "New York", state: "NY", postcode: "10001" };
    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown, newYork), shown, "address");
    // NY's 4 % instead of CA's: the cart keeps the addresses the order was sent with, as the page's push would have.
    expect((now as ShownCart & { shipping_address: { state: string } }).shipping_address.state).toBe("NY");
    expect(Number(now.totals.total_price)).toBeLessThan(Number(shown.totals.total_price));
    await placedAt(await placeAsShown(shopper, now, newYork), now);
  });

  it("says the prices moved when the owner changed one and the address sent moved taxes too: the address alone does not explain it", async () => {
    const { shopper, shown } = await shopperShown();
    await raisePrice(100);
    const newYork = { ...TEST_ADDRESS, city: "New York", state: "NY", postcode: "10001" };
    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown, newYork), shown, "prices");
    await placedAt(await placeAsShown(shopper, now, newYork), now);
  });

  it("says the prices moved, not the address, when an address sent differs from the cart's only where no price depends on it", async () => {
    const { shopper, shown } = await shopperShown();
    await raiseFlatRate(100);
    const otherPhone = { ...TEST_ADDRESS, phone: "555-0142" };
    const now = await refusedWithNothingWritten(() => placeAsShown(shopper, shown, otherPhone), shown, "prices");
    await placedAt(await placeAsShown(shopper, now, otherPhone), now);
  });

  it("places the cart as it stands for a client that sends no total, or no expected cart, as before", async () => {
    const { shopper, shown } = await shopperShown();
    const { totals: _totals, shipping_rates: _rates, ...linesOnly } = expectedCartOf(shown);
    await raiseFlatRate(100);
    const placed = await shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod", expected_cart: linesOnly });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await shop.db.selectFrom("orders").select("total").where("id", "=", placed.json().order_id).executeTakeFirstOrThrow();
    expect(Number(order.total)).toBeGreaterThan(Number(shown.totals.total_price) + 100);

    // A price moved since the line was added still holds such a client's order back, with the line's error, as before.
    const other = await shopperShown();
    await raisePrice(100);
    const before = await written();
    for (const _press of [1, 2]) {
      const refused = await other.shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" });
      expect([refused.statusCode, refused.json().code]).toEqual([409, "cw_rest_cart_item_price_changed"]);
    }
    expect(await written()).toEqual(before);
    const fresh = await shopperShown();
    expect((await fresh.shopper.post("/checkout", { billing_address: testBilling(), payment_method: "cod" })).statusCode).toBe(200);
  });

  it("refuses a total that is no amount, by its path", async () => {
    const { shopper, shown } = await shopperShown();
    const sent = expectedCartOf(shown);
    for (const total_price of ["26.81", "-1", "", "abc", 2.5]) {
      const refused = await shopper.post("/checkout", {
        billing_address: testBilling(),
        payment_method: "cod",
        expected_cart: { ...sent, totals: { ...sent.totals, total_price } },
      });
      expect(refused.statusCode, String(total_price)).toBe(400);
      expect(refused.json().code).toBe("rest_invalid_param");
    }
  });

  it("describes the total and the chosen rates in the OpenAPI document's body of POST /checkout", async () => {
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    const body = paths["/api/store/v1/checkout"].post.requestBody.content["application/json"].schema;
    const expected = body.properties.expected_cart;
    expect(body.required).not.toContain("expected_cart");
    expect(expected.required).toEqual(["items", "coupons"]);
    expect(expected.properties.totals.required).toEqual(["total_price", "currency_code"]);
    expect(expected.properties.totals.properties.total_price.anyOf.map((s: { type: string }) => s.type)).toEqual(["integer", "string"]);
    expect(expected.properties.shipping_rates.items.required).toEqual(["package_id", "rate_id"]);
  });
});
