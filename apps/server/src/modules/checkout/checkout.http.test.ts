/** POST/GET/PUT /checkout and GET /order/{id} on SQLite and PostgreSQL (issue 5). */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let limitedPrint: number;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop();
  limitedPrint = await productId(shop.app, "limited-print");
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

const address = TEST_ADDRESS;
const billing = testBilling;
const card = (number: string) => [
  { key: "cw-test-card-number", value: number },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

async function shopperWith(id: number, quantity = 1, mode: "token" | "browser" = "token") {
  const client = new StoreClient(shop.app, mode);
  if (mode === "browser") await client.get("/cart");
  await client.cart("POST", "/cart/add-item", { id, quantity });
  return client;
}

const stockOf = async (id: number) =>
  Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity);
// The status follows the quantity, as every stock move keeps it (db/stock-status.ts).
const setStock = (id: number, quantity: number) =>
  sql`update products set stock_quantity = ${quantity}, stock_status = ${quantity > 0 ? "instock" : "outofstock"} where id = ${id}`.execute(
    shop.db,
  );

describe("POST /checkout", () => {
  it("places a guest order paid on delivery, empties the cart, and shows the order to its key and email only", async () => {
    const shopper = await shopperWith(tShirt, 2);
    const cartBefore = await shopper.cart("GET", "/cart");
    const response = await shopper.post("/checkout", {
      billing_address: billing(),
      payment_method: "cod",
      customer_note: " Leave it by the door ",
    });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      status: "processing",
      customer_id: 0,
      customer_note: "Leave it by the door",
      payment_method: "cod",
      billing_address: { email: "ada@example.com", postcode: "90001" },
      payment_result: { payment_status: "success", redirect_url: `/checkout/order-received/${order.order_id}?key=${order.order_key}` },
    });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect((await shopper.cart("GET", "/cart")).items).toEqual([]);

    const view = await shopper.get(`/order/${order.order_id}?key=${order.order_key}&billing_email=ADA@example.com`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ id: order.order_id, status: "processing", items: [{ name: "Classic T-Shirt", quantity: 2 }] });
    expect(view.json().totals.total_price).toBe(cartBefore.totals.total_price);

    const stranger = new StoreClient(shop.app);
    expect((await stranger.get(`/order/${order.order_id}`)).json().code).toBe("cw_rest_invalid_order");
    expect((await stranger.get(`/order/${order.order_id}?key=wrong&billing_email=ada@example.com`)).statusCode).toBe(401);
    const wrongEmail = await stranger.get(`/order/${order.order_id}?key=${order.order_key}&billing_email=eve@example.com`);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongEmail.json().code).toBe("cw_rest_invalid_billing_email");
  });

  it("keeps no value in a field the country hides (spec §5): the company, and the state in Germany", async () => {
    const shopper = await shopperWith(tShirt);
    const sent = { ...billing(), company: "Acme", country: "DE", state: "BE", postcode: "10115", city: "Berlin" };
    const response = await shopper.post("/checkout", {
      billing_address: sent,
      shipping_address: { ...address, company: "Acme" },
      payment_method: "cod",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().billing_address).toMatchObject({ company: "", state: "", country: "DE", city: "Berlin" });
    expect(response.json().shipping_address).toMatchObject({ company: "", state: "CA" });
    const stored = await shop.db
      .selectFrom("orders")
      .select(["billing_address", "shipping_address"])
      .where("id", "=", response.json().order_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.billing_address)).toMatchObject({ company: "", state: "" });
    expect(JSON.parse(stored.shipping_address)).toMatchObject({ company: "" });
  });

  it("puts bank transfer and check orders on hold with their instructions", async () => {
    for (const method of ["bacs", "cheque"]) {
      const shopper = await shopperWith(tShirt);
      const order = (await shopper.post("/checkout", { billing_address: billing(), payment_method: method })).json();
      expect(order.status).toBe("on-hold");
      expect(order.payment_result.payment_details.some((d: { key: string }) => d.key === "instructions")).toBe(true);
    }
  });

  it("pays by test card, keeping only brand and last four digits", async () => {
    const shopper = await shopperWith(tShirt);
    const order = (
      await shopper.post("/checkout", {
        billing_address: billing(),
        payment_method: "test_card",
        payment_data: card("4242 4242 4242 4242"),
      })
    ).json();
    expect(order.status).toBe("processing");
    expect(order.payment_result.payment_details).toEqual([
      { key: "card_brand", value: "Visa" },
      { key: "card_last4", value: "4242" },
    ]);
    const stored = await shop.db.selectFrom("orders").selectAll().where("id", "=", order.order_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
  });

  it("keeps the cart and the stock after a declined card, and the same order is paid on delivery next", async () => {
    await setStock(limitedPrint, 3);
    const shopper = await shopperWith(limitedPrint);
    const declined = await shopper.post("/checkout", {
      billing_address: billing(),
      payment_method: "test_card",
      payment_data: card("4000000000000002"),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      code: "cw_rest_checkout_process_payment_error",
      message: "Your card was declined. Please use another card or payment method.",
      data: { payment_result: { payment_status: "failure" } },
    });
    expect(declined.json().data.cart.items).toHaveLength(1);
    expect(await stockOf(limitedPrint)).toBe(3);
    const failedId = declined.json().data.order_id;
    expect((await shop.db.selectFrom("orders").select("status").where("id", "=", failedId).executeTakeFirstOrThrow()).status).toBe(
      "failed",
    );

    const retried = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().order_id).toBe(failedId);
    expect(await stockOf(limitedPrint)).toBe(2);
  });

  it("refuses bad payment data, a missing or switched-off method, an empty cart and bad addresses, writing nothing", async () => {
    const shopper = await shopperWith(tShirt);
    const orders = async () =>
      Number(
        (
          await shop.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    const cases: [unknown, number, string][] = [
      [
        { billing_address: billing(), payment_method: "test_card", payment_data: card("1234") },
        400,
        "cw_rest_checkout_invalid_payment_data",
      ],
      [{ billing_address: billing() }, 400, "cw_rest_checkout_missing_payment_method"],
      [{ billing_address: billing(), payment_method: "bitcoin" }, 400, "cw_rest_checkout_payment_method_disabled"],
      [{ billing_address: { ...address, email: "" }, payment_method: "cod" }, 400, "cw_rest_missing_email_address"],
      [{ billing_address: { ...address, email: "not-an-email" }, payment_method: "cod" }, 400, "cw_rest_invalid_email_address"],
      [{ billing_address: { ...billing(), postcode: "ABC" }, payment_method: "cod" }, 400, "cw_rest_invalid_address"],
      [{ payment_method: "cod" }, 400, "rest_missing_callback_param"],
    ];
    for (const [body, status, code] of cases) {
      const response = await shopper.post("/checkout", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const invalid = await shopper.post("/checkout", { billing_address: { ...billing(), postcode: "ABC" }, payment_method: "cod" });
    expect(invalid.json().data.errors.billing.postcode).toBeTruthy();
    expect(await orders()).toBe(before);
    expect((await shopper.cart("GET", "/cart")).items).toHaveLength(1);

    const empty = new StoreClient(shop.app);
    const response = await empty.post("/checkout", { billing_address: billing(), payment_method: "cod" });
    expect(response.json()).toMatchObject({ code: "cw_rest_cart_empty", data: { status: 400 } });
  });

  it("sends the Cart-Hash of the cart it leaves: emptied on success, as it stands after a refusal (spec §7)", async () => {
    const hashNow = async (shopper: StoreClient) => (await shopper.request("GET", "/cart")).headers["cart-hash"];
    await setStock(limitedPrint, 3);
    const shopper = await shopperWith(limitedPrint);
    const before = await hashNow(shopper);

    const invalid = await shopper.post("/checkout", { billing_address: { ...billing(), postcode: "ABC" }, payment_method: "cod" });
    expect(invalid.json().data.cart).toBeUndefined();
    expect(invalid.headers["cart-hash"]).toBe(before);
    const declined = await shopper.post("/checkout", {
      billing_address: billing(),
      payment_method: "test_card",
      payment_data: card("4000000000000002"),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.headers["cart-hash"]).toBe(await hashNow(shopper));

    const calculated = await shopper.request("PUT", "/checkout?__experimental_calc_totals=true", { payment_method: "cod" });
    expect(calculated.headers["cart-hash"]).toBe(await hashNow(shopper));

    const placed = await shopper.post("/checkout", { billing_address: billing(), payment_method: "bacs" });
    expect(placed.statusCode).toBe(200);
    expect(placed.headers["cart-hash"]).not.toBe(before);
    expect(placed.headers["cart-hash"]).toBe(await hashNow(shopper));

    // Sold out meanwhile: the 409 carries the cart as it now stands, and its hash.
    const late = await shopperWith(limitedPrint);
    await setStock(limitedPrint, 0);
    const conflict = await late.post("/checkout", { billing_address: billing(), payment_method: "cod" });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.headers["cart-hash"]).toBe(await hashNow(late));
  });

  it("places nothing for a cart another tab changed since the page showed it, and tells the shopper (decision 0168)", async () => {
    const shopper = await shopperWith(tShirt);
    const shown = await shopper.cart("GET", "/cart");
    const expected_cart = {
      items: shown.items.map((item: { key: string; quantity: number }) => ({ key: item.key, quantity: item.quantity })),
      coupons: shown.coupons.map((coupon: { code: string }) => coupon.code),
    };
    const ordersBefore = await shop.db.selectFrom("orders").select(shop.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const beanie = await productId(shop.app, "beanie");
    const placeAsShown = () => shopper.post("/checkout", { billing_address: billing(), payment_method: "cod", expected_cart });

    // Another tab adds a line, takes a coupon the page showed off, changes the shown line's quantity: each time nothing is placed.
    await shopper.cart("POST", "/cart/add-item", { id: beanie, quantity: 1 });
    const added = await placeAsShown();
    expect(added.statusCode).toBe(409);
    expect(added.json()).toMatchObject({
      code: "cw_rest_cart_changed",
      message: "Your cart was changed in another window or on another device. Please check your order below and place it again.",
      data: { status: 409, reason: "cart", cart: { items: [{ name: "Classic T-Shirt" }, { name: "Beanie" }] } },
    });
    const beanieLine = (await shopper.cart("GET", "/cart")).items.find((item: { name: string }) => item.name === "Beanie");
    await shopper.cart("POST", "/cart/remove-item", { key: beanieLine.key });
    await shopper.cart("POST", "/cart/apply-coupon", { code: "5OFF" });
    const withCoupon = { ...expected_cart, coupons: ["5off"] };
    await shopper.cart("POST", "/cart/remove-coupon", { code: "5off" });
    const couponTakenOff = await shopper.post("/checkout", {
      billing_address: billing(),
      payment_method: "cod",
      expected_cart: withCoupon,
    });
    expect([couponTakenOff.json().code, couponTakenOff.json().data.reason]).toEqual(["cw_rest_cart_changed", "cart"]);
    await shopper.cart("POST", "/cart/update-item", { key: expected_cart.items[0]?.key, quantity: 3 });
    const moreOfTheLine = (await placeAsShown()).json();
    expect([moreOfTheLine.code, moreOfTheLine.data.reason]).toEqual(["cw_rest_cart_changed", "cart"]);
    const ordersAfter = await shop.db.selectFrom("orders").select(shop.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(ordersAfter.n)).toBe(Number(ordersBefore.n));

    // The cart the page now shows (the reply's) is placed, and a client that sends none places the cart as it stands.
    await shopper.cart("POST", "/cart/update-item", { key: expected_cart.items[0]?.key, quantity: 1 });
    const placed = await placeAsShown();
    expect(placed.statusCode).toBe(200);
    const other = await shopperWith(tShirt, 2);
    expect((await other.post("/checkout", { billing_address: billing(), payment_method: "cod" })).statusCode).toBe(200);
  });

  it("places the order the page showed without a coupon that stopped applying, and refuses one the page counted", async () => {
    const minimumSpendNotMet = async () => {
      const shopper = await shopperWith(tShirt, 3);
      await shopper.cart("POST", "/cart/apply-coupon", { code: "MIN50" });
      const line = (await shopper.cart("GET", "/cart")).items[0];
      const lowered = await shopper.cart("POST", "/cart/update-item", { key: line.key, quantity: 2 });
      // The cart shows why the coupon does not count, and counts it nowhere.
      expect(lowered.coupons).toEqual([]);
      expect(lowered.errors).toEqual([{ code: "cw_rest_cart_coupon_error", message: 'The minimum spend for coupon "min50" is $50.00.' }]);
      return {
        shopper,
        expected_cart: { items: [{ key: line.key, quantity: 2 }], coupons: [] as string[] },
        total: lowered.totals.total_price,
      };
    };
    const min50 = await shop.db.selectFrom("coupons").select(["id", "usage_count"]).where("code", "=", "min50").executeTakeFirstOrThrow();

    // The page showed the cart without it: the order is placed as shown, and the coupon leaves the cart.
    const asShown = await minimumSpendNotMet();
    const placed = await asShown.shopper.post("/checkout", {
      billing_address: billing(),
      payment_method: "cod",
      expected_cart: asShown.expected_cart,
    });
    expect(placed.statusCode).toBe(200);
    const order = await shop.db
      .selectFrom("orders")
      .select(["id", "total"])
      .where("id", "=", placed.json().order_id)
      .executeTakeFirstOrThrow();
    expect(order.total).toBe(Number(asShown.total));
    expect(await shop.db.selectFrom("order_coupons").select("code").where("order_id", "=", order.id).execute()).toEqual([]);
    expect((await asShown.shopper.cart("GET", "/cart")).errors).toEqual([]);
    const after = await shop.db.selectFrom("coupons").select("usage_count").where("id", "=", min50.id).executeTakeFirstOrThrow();
    expect(after.usage_count).toBe(min50.usage_count);

    // A client that sent no cart, or a page that showed the coupon counted, is refused once, the coupon taken off.
    for (const shown of [undefined, ["min50"]]) {
      const { shopper, expected_cart } = await minimumSpendNotMet();
      const body = { billing_address: billing(), payment_method: "cod" };
      const refused = await shopper.post("/checkout", shown ? { ...body, expected_cart: { ...expected_cart, coupons: shown } } : body);
      expect(refused.statusCode, JSON.stringify(shown)).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "cw_rest_cart_coupon_errors",
        data: { removed_coupons: ["min50"], cart: { coupons: [] } },
      });
      expect((await shopper.post("/checkout", body)).statusCode).toBe(200);
    }
  });

  it("refuses a country the shop does not sell or ship to, naming the countries it does", async () => {
    const { updateSettings, getSettings } = await import("../settings/index.ts");
    const { sellToCountries, shipToCountries } = await getSettings(shop.db);
    const shopper = await shopperWith(tShirt);
    const refused = async (body: Record<string, unknown>) => {
      const response = await shopper.post("/checkout", { payment_method: "cod", ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return response.json() as { code: string; message: string; data: { allowed_countries?: string[]; errors?: unknown } };
    };
    // Selling everywhere: a code that is no country is refused with the whole list, not an empty one.
    expect(sellToCountries).toEqual([]);
    const nowhere = await refused({ billing_address: { ...billing(), country: "XX" } });
    expect(nowhere).toMatchObject({
      code: "cw_rest_invalid_address_country",
      message: "Sorry, we do not allow orders to the provided billing country.",
    });
    expect(nowhere.data.allowed_countries).toEqual(expect.arrayContaining(["US", "CA", "FR", "DE", "JP"]));
    expect(nowhere.data.allowed_countries?.length).toBeGreaterThan(200);
    try {
      await updateSettings(shop.db, { sellToCountries: ["US", "CA"], shipToCountries: ["US"] });
      const billingRefused = await refused({ billing_address: { ...billing(), country: "FR", state: "", postcode: "75001" } });
      expect(billingRefused).toMatchObject({
        code: "cw_rest_invalid_address_country",
        data: {
          allowed_countries: ["US", "CA"],
          errors: { billing: { country: "Sorry, we do not allow orders from the selected country" } },
        },
      });
      expect(billingRefused.data.errors).not.toHaveProperty("shipping");
      const shippingRefused = await refused({
        billing_address: billing(),
        shipping_address: { ...address, country: "CA", state: "ON", postcode: "K1A 0B1" },
      });
      expect(shippingRefused).toMatchObject({
        code: "cw_rest_invalid_address_country",
        message: "Sorry, we do not allow orders to the provided shipping country.",
        // Named as the shipping address's, so the page shows it there and not under billing.
        data: { allowed_countries: ["US"], errors: { shipping: { country: "Sorry, we do not ship orders to the selected country" } } },
      });
      expect(shippingRefused.data.errors).not.toHaveProperty("billing");
    } finally {
      await updateSettings(shop.db, { sellToCountries, shipToCountries });
    }
    expect((await shopper.cart("GET", "/cart")).items).toHaveLength(1);
  });

  it("needs the nonce from a browser", async () => {
    const shopper = await shopperWith(tShirt, 1, "browser");
    const response = await shopper.request("POST", "/checkout", { billing_address: billing(), payment_method: "cod" }, { nonce: "" });
    expect(response.statusCode).toBe(401);
    expect((await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" })).statusCode).toBe(200);
  });
});

describe("accounts at checkout", () => {
  it("creates an account with the order and signs the shopper in", async () => {
    const shopper = await shopperWith(tShirt);
    const response = await shopper.post("/checkout", {
      billing_address: billing("new.customer@example.com"),
      payment_method: "cod",
      create_account: true,
      customer_password: "a-long-password-1",
    });
    expect(response.statusCode).toBe(200);
    const customerId = response.json().customer_id;
    expect(customerId).toBeGreaterThan(0);
    expect(response.headers["user-id"]).toBe(String(customerId));
    const account = await shopper.get("/account");
    expect(account.json()).toMatchObject({ id: customerId, email: "new.customer@example.com" });
    const order = await shopper.get(`/order/${response.json().order_id}`);
    expect(order.statusCode).toBe(200);
    // The order's addresses fill in the account's, for the next checkout.
    const saved = await shop.db
      .selectFrom("customers")
      .select(["billing_address", "shipping_address"])
      .where("id", "=", customerId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saved.billing_address)).toMatchObject({ email: "new.customer@example.com", postcode: "90001", city: "Los Angeles" });
    expect(JSON.parse(saved.shipping_address)).toMatchObject({ address_1: "1 Test Street", country: "US" });

    const again = await shopperWith(tShirt);
    const taken = await again.post("/checkout", {
      billing_address: billing("new.customer@example.com"),
      payment_method: "cod",
      create_account: true,
      customer_password: "another-password",
    });
    expect(taken.json().code).toBe("registration-error-email-exists");
    expect((await again.cart("GET", "/cart")).items).toHaveLength(1);
  });

  it("refuses guests when the shop asks shoppers to sign in", async () => {
    const { updateSettings } = await import("../settings/index.ts");
    await updateSettings(shop.db, { checkoutAllowsGuest: false });
    try {
      const shopper = await shopperWith(tShirt);
      const response = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("cw_rest_checkout_login_required");
    } finally {
      await updateSettings(shop.db, { checkoutAllowsGuest: true });
    }
  });
});

describe("no oversell, no double use, no double order", () => {
  it("20 parallel checkouts of Limited Print (stock 3) place exactly 3 orders; the rest are told it is out of stock", async () => {
    await setStock(limitedPrint, 3);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith(limitedPrint)));
    const responses = await Promise.all(shoppers.map((s) => s.post("/checkout", { billing_address: billing(), payment_method: "cod" })));
    const placed = responses.filter((r) => r.statusCode === 200);
    expect(placed).toHaveLength(3);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Limited Print/);
      expect(refused.json().message).toMatch(/stock/);
      expect(refused.json().data.cart).toBeTruthy();
    }
    expect(await stockOf(limitedPrint)).toBe(0);
  });

  it("ONCE (usage limit 1) used by two parallel checkouts gives one discounted order; the other loses the coupon", async () => {
    const shoppers = await Promise.all([shopperWith(tShirt), shopperWith(tShirt)]);
    for (const s of shoppers) await s.cart("POST", "/cart/apply-coupon", { code: "ONCE" });
    const responses = await Promise.all(shoppers.map((s) => s.post("/checkout", { billing_address: billing(), payment_method: "cod" })));
    const placed = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.statusCode).toBe(409);
    expect(refused[0]?.json()).toMatchObject({ code: "cw_rest_cart_coupon_errors", data: { removed_coupons: ["once"] } });
    expect(refused[0]?.json().data.cart.coupons).toEqual([]);
    const order = await shop.db.selectFrom("order_coupons").selectAll().where("order_id", "=", placed[0]?.json().order_id).execute();
    expect(order).toMatchObject([{ code: "once" }]);
    expect(order[0]?.discount).toBeGreaterThan(0);
    const coupon = await shop.db.selectFrom("coupons").select("usage_count").where("code", "=", "once").executeTakeFirstOrThrow();
    expect(coupon.usage_count).toBe(1);
  });

  it("a double submit, and a repeat after success, answer with the same single order", async () => {
    const shopper = await shopperWith(tShirt);
    const body = { billing_address: billing(), payment_method: "cod" };
    const [first, second] = await Promise.all([shopper.post("/checkout", body), shopper.post("/checkout", body)]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(second?.json().order_id).toBe(first?.json().order_id);
    const again = await shopper.post("/checkout", body);
    expect(again.json().order_id).toBe(first?.json().order_id);
    // Each answer tells the shopper how to pay, as the first did.
    const instructions = { key: "instructions", value: "Pay with cash when your order is delivered." };
    for (const reply of [first?.json(), second?.json(), again.json()]) expect(reply.payment_result.payment_details).toEqual([instructions]);
    const count = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cart_id", "=", shopper.sessionId())
      .where("status", "<>", "checkout-draft")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe("GET and PUT /checkout: the draft order", () => {
  it("holds the draft's stock against other shoppers for a while", async () => {
    await setStock(limitedPrint, 2);
    const holder = await shopperWith(limitedPrint, 2);
    // Another shopper's cart took its print before the draft began: its cart counts holds from then on (decision 0096).
    const other = await shopperWith(limitedPrint, 1);
    const draft = await holder.get("/checkout");
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ status: "checkout-draft", payment_result: null });

    const refused = await other.post("/checkout", { billing_address: billing("bo@example.com"), payment_method: "cod" });
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(limitedPrint)).toBe(2);

    const placed = await holder.post("/checkout", { billing_address: billing(), payment_method: "cod" });
    expect(placed.json().order_id).toBe(draft.json().order_id);
    expect(await stockOf(limitedPrint)).toBe(0);
  });

  it("a draft holds nothing the shelf cannot give it, and an attempt that found its stock sold gives its hold back", async () => {
    const heldBy = async (client: StoreClient) => {
      const order = await client.get("/checkout");
      const rows = await shop.db.selectFrom("stock_holds").select("quantity").where("order_id", "=", order.json().order_id).execute();
      return rows.reduce((sum, row) => sum + row.quantity, 0);
    };
    await setStock(limitedPrint, 3);
    const greedy = await shopperWith(limitedPrint, 3);
    // One sold elsewhere: wanting 3 of 2, the draft holds none, and the 2 stay for sale.
    await setStock(limitedPrint, 2);
    expect(await heldBy(greedy)).toBe(0);
    const buyer = await shopperWith(limitedPrint, 1);
    expect((await buyer.post("/checkout", { billing_address: billing("bo@example.com"), payment_method: "cod" })).statusCode).toBe(200);

    // A draft of 1 holds it, until its own order finds it sold (the stock set lower meanwhile, as an owner's edit would).
    const late = await shopperWith(limitedPrint, 1);
    expect(await heldBy(late)).toBe(1);
    await setStock(limitedPrint, 0);
    const refused = await late.post("/checkout", { billing_address: billing("late@example.com"), payment_method: "cod" });
    expect(refused.statusCode).toBe(409);
    const left = await shop.db.selectFrom("stock_holds").select("quantity").execute();
    expect(left).toEqual([]);
  });

  it("keeps notes and the chosen method on the draft, and recalculates on request", async () => {
    const shopper = await shopperWith(tShirt);
    const updated = await shopper.request("PUT", "/checkout?__experimental_calc_totals=true", {
      order_notes: "Gift wrap, please",
      payment_method: "cheque",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: "checkout-draft", customer_note: "Gift wrap, please", payment_method: "cheque" });
    expect(updated.json().__experimentalCart.items).toHaveLength(1);
    const plain = await shopper.request("PUT", "/checkout", { payment_method: "nope" });
    expect(plain.json().code).toBe("cw_rest_checkout_payment_method_disabled");
  });

  it("lists the available payment methods on the cart", async () => {
    const cart = await (await shopperWith(tShirt)).cart("GET", "/cart");
    expect(cart.payment_methods).toEqual(["test_card", "bacs", "cheque", "cod", "demo_express"]);
  });
});

describe("unpaid orders", () => {
  it("an order left waiting for its payment past the hold time is cancelled and its stock returned", async () => {
    const { registerPaymentGateway } = await import("../payments/index.ts");
    const { updateSettings, getSettings } = await import("../settings/index.ts");
    const { cancelUnpaidOrders } = await import("../orders/index.ts");
    const unregister = registerPaymentGateway({
      id: "pay_later",
      title: "Pay later",
      description: "A gateway that waits for a notification which never comes.",
      supports: ["products"],
      process: async () => ({ status: "pending", orderStatus: "pending", redirectUrl: "https://pay.example/123" }),
    });
    const payments = (await getSettings(shop.db)).payments;
    await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "pay_later"] } });
    try {
      await setStock(limitedPrint, 3);
      const shopper = await shopperWith(limitedPrint, 2);
      const order = (await shopper.post("/checkout", { billing_address: billing(), payment_method: "pay_later" })).json();
      expect(order).toMatchObject({
        status: "pending",
        payment_result: { payment_status: "pending", redirect_url: "https://pay.example/123" },
      });
      expect(await stockOf(limitedPrint)).toBe(1);

      expect(await cancelUnpaidOrders(shop.db, 60, new Date(Date.now() + 30 * 60 * 1000))).toBe(0);
      expect(await cancelUnpaidOrders(shop.db, 60, new Date(Date.now() + 61 * 60 * 1000))).toBe(1);
      expect(await stockOf(limitedPrint)).toBe(3);
      const row = await shop.db.selectFrom("orders").select("status").where("id", "=", order.order_id).executeTakeFirstOrThrow();
      expect(row.status).toBe("cancelled");
    } finally {
      unregister();
      await updateSettings(shop.db, { payments });
    }
  });

  it("cancelling an order on hold gives back its stock and its coupon use; a paid order cannot be cancelled", async () => {
    const { cancelOrder } = await import("../orders/index.ts");
    await setStock(limitedPrint, 3);
    await sql`update coupons set usage_count = 0 where code = 'save10'`.execute(shop.db);
    const shopper = await shopperWith(limitedPrint);
    await shopper.cart("POST", "/cart/apply-coupon", { code: "SAVE10" });
    const onHold = (await shopper.post("/checkout", { billing_address: billing(), payment_method: "bacs" })).json();
    // The order took the cart's line and its coupon with it.
    expect(await shopper.cart("GET", "/cart")).toMatchObject({ items: [], coupons: [] });
    expect(await stockOf(limitedPrint)).toBe(2);
    const uses = async () =>
      (await shop.db.selectFrom("coupons").select("usage_count").where("code", "=", "save10").executeTakeFirstOrThrow()).usage_count;
    expect(await uses()).toBe(1);
    expect(await cancelOrder(shop.db, onHold.order_id)).toBe(true);
    expect(await stockOf(limitedPrint)).toBe(3);
    expect(await uses()).toBe(0);
    expect(await cancelOrder(shop.db, onHold.order_id)).toBe(false);

    const paid = (await (await shopperWith(tShirt)).post("/checkout", { billing_address: billing(), payment_method: "cod" })).json();
    expect(paid.status).toBe("processing");
    expect(await cancelOrder(shop.db, paid.order_id)).toBe(false);
  });
});

describe("saved cards", () => {
  async function signedIn(email: string, password: string) {
    const client = new StoreClient(shop.app);
    const response = await client.post("/account/sign-in", { email, password });
    expect(response.statusCode).toBe(200);
    return { client, id: response.json().id as number };
  }

  it("Jane pays with her saved card, and saves a new one for next time", async () => {
    const { listPaymentTokens, setDefaultPaymentToken, deletePaymentToken } = await import("../payments/index.ts");
    const jane = await signedIn("jane@example.com", "demo-jane-2026");
    const [saved] = await listPaymentTokens(shop.db, jane.id);
    expect(saved).toMatchObject({
      is_default: true,
      expires: "12/30",
      method: { gateway: "test_card", brand: "Visa", last4: "4242" },
      type: "cc",
    });

    await jane.client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const paid = await jane.client.post("/checkout", {
      billing_address: billing("jane@example.com"),
      payment_method: "test_card",
      payment_data: [{ key: "cw-test_card-payment-token", value: String(saved?.tokenId) }],
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: "processing", customer_id: jane.id });
    expect(paid.json().payment_result.payment_details).toContainEqual({ key: "card_last4", value: "4242" });

    await jane.client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const newCard = await jane.client.post("/checkout", {
      billing_address: billing("jane@example.com"),
      payment_method: "test_card",
      payment_data: [...card("5555 5555 5555 4444"), { key: "cw-test_card-new-payment-method", value: true }],
    });
    expect(newCard.statusCode).toBe(200);
    const methods = await listPaymentTokens(shop.db, jane.id);
    expect(methods.map((m) => [m.method.brand, m.method.last4, m.is_default])).toEqual([
      ["Visa", "4242", true],
      ["Mastercard", "4444", false],
    ]);
    const stored = await shop.db.selectFrom("payment_tokens").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("5555555555554444");

    const mastercard = methods[1]?.tokenId as number;
    expect(await setDefaultPaymentToken(shop.db, jane.id, mastercard)).toBe(true);
    expect((await listPaymentTokens(shop.db, jane.id))[0]?.method.last4).toBe("4444");
    expect(await deletePaymentToken(shop.db, jane.id, mastercard)).toBe(true);
    expect(await listPaymentTokens(shop.db, jane.id)).toMatchObject([{ is_default: true, method: { last4: "4242" } }]);
  });

  it("a guest cannot use or save a card token, and nobody can use another customer's", async () => {
    const { listPaymentTokens } = await import("../payments/index.ts");
    const janeId = (await shop.db.selectFrom("customers").select("id").where("email", "=", "jane@example.com").executeTakeFirstOrThrow())
      .id;
    const [saved] = await listPaymentTokens(shop.db, janeId);
    const tokenData = [{ key: "cw-test_card-payment-token", value: String(saved?.tokenId) }];

    const guest = await shopperWith(tShirt);
    const refused = await guest.post("/checkout", { billing_address: billing(), payment_method: "test_card", payment_data: tokenData });
    expect(refused.json()).toMatchObject({
      code: "cw_rest_checkout_invalid_payment_data",
      message: "The saved payment method could not be found.",
    });

    const other = new StoreClient(shop.app);
    const registered = await other.post("/account/register", { email: "other.customer@example.com", password: "other-password-1" });
    await other.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const notTheirs = await other.post("/checkout", {
      billing_address: billing("other.customer@example.com"),
      payment_method: "test_card",
      payment_data: tokenData,
    });
    expect(notTheirs.json().code).toBe("cw_rest_checkout_invalid_payment_data");

    const guestSave = await guest.post("/checkout", {
      billing_address: billing(),
      payment_method: "test_card",
      payment_data: [...card("4242424242424242"), { key: "cw-test_card-new-payment-method", value: true }],
    });
    expect(guestSave.statusCode).toBe(200);
    expect(await listPaymentTokens(shop.db, registered.json().id)).toEqual([]);
    const count = await shop.db
      .selectFrom("payment_tokens")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("customer_id", "<>", janeId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe("additional checkout fields", () => {
  it("checks the shop's extra fields, keeps only the known ones, and refuses a bad id", async () => {
    const { updateSettings } = await import("../settings/index.ts");
    const { registerCheckoutField } = await import("./index.ts");
    await updateSettings(shop.db, {
      checkoutFields: [
        { id: "cw-demo/gift-message", label: "Gift message", location: "order", type: "text", required: false },
        {
          id: "cw-demo/delivery-window",
          label: "Delivery window",
          location: "order",
          type: "select",
          required: true,
          options: [
            { value: "morning", label: "Morning" },
            { value: "evening", label: "Evening" },
          ],
        },
      ],
    });
    try {
      const shopper = await shopperWith(tShirt);
      const missing = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: "cw_rest_checkout_invalid_additional_field",
        message: "Please select a valid option",
        data: { field: "cw-demo/delivery-window", location: "order" },
      });
      const wrong = await shopper.post("/checkout", {
        billing_address: billing(),
        payment_method: "cod",
        additional_fields: { "cw-demo/delivery-window": "midnight" },
      });
      expect(wrong.json().code).toBe("cw_rest_checkout_invalid_additional_field");

      const placed = await shopper.post("/checkout", {
        billing_address: billing(),
        payment_method: "cod",
        additional_fields: {
          "cw-demo/delivery-window": "evening",
          "cw-demo/gift-message": "  Happy birthday! ",
          "someone/else": "dropped",
        },
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().additional_fields).toEqual({ "cw-demo/delivery-window": "evening", "cw-demo/gift-message": "Happy birthday!" });
      // The order keeps them: its view answers them too.
      const { order_id, order_key } = placed.json();
      const view = await shopper.get(`/order/${order_id}?key=${order_key}&billing_email=ada@example.com`);
      expect(view.json().additional_fields).toEqual({ "cw-demo/delivery-window": "evening", "cw-demo/gift-message": "Happy birthday!" });
    } finally {
      await updateSettings(shop.db, { checkoutFields: [] });
    }
    expect(() => registerCheckoutField({ id: "no-namespace", label: "Bad", location: "order", type: "text", required: false })).toThrow(
      "namespace/field-name",
    );
  });

  it("takes additional address fields through update-customer too: kept on the cart, checked and used at checkout", async () => {
    const { updateSettings } = await import("../settings/index.ts");
    await updateSettings(shop.db, {
      checkoutFields: [{ id: "cw-demo/gate-code", label: "Gate code", location: "address", type: "text", required: true }],
    });
    try {
      const shopper = await shopperWith(tShirt);
      const cart = await shopper.cart("POST", "/cart/update-customer", {
        billing_address: { ...billing(), "cw-demo/gate-code": "B-12" },
        shipping_address: { ...address, "cw-demo/gate-code": "4711" },
      });
      expect(cart.billing_address).toMatchObject({ first_name: "Ada", "cw-demo/gate-code": "B-12" });
      expect(cart.shipping_address).toMatchObject({ "cw-demo/gate-code": "4711" });
      // A standard field sent later keeps the shop's own values.
      const later = await shopper.cart("POST", "/cart/update-customer", { shipping_address: { first_name: "Grace" } });
      expect(later.shipping_address).toMatchObject({ first_name: "Grace", "cw-demo/gate-code": "4711" });
      for (const bad of [{ gate_code: "1" }, { "CW/Gate": "1" }, { "cw-demo/gate-code": { nested: 1 } }]) {
        const refused = await shopper.post("/cart/update-customer", { shipping_address: { ...address, ...bad } });
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
        expect(refused.json().code, JSON.stringify(bad)).toBe("rest_invalid_param");
      }
      const tooLong = await shopper.post("/cart/update-customer", { shipping_address: { "cw-demo/gate-code": "9".repeat(1001) } });
      expect(tooLong.json().message).toBe("Invalid parameter(s): shipping_address");
      expect(tooLong.json().data.params.shipping_address).toBe(
        "shipping_address.cw-demo/gate-code must NOT have more than 1000 characters",
      );
      expect((await shopper.cart("GET", "/cart")).shipping_address["cw-demo/gate-code"]).toBe("4711");

      const placed = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().billing_address).toMatchObject({ "cw-demo/gate-code": "B-12" });
      expect(placed.json().shipping_address).toMatchObject({ first_name: "Grace", "cw-demo/gate-code": "4711" });
    } finally {
      await updateSettings(shop.db, { checkoutFields: [] });
    }
  });

  it("checks address fields in each address used, keeps them with the order's addresses, and names every problem", async () => {
    const { updateSettings } = await import("../settings/index.ts");
    await updateSettings(shop.db, {
      checkoutFields: [
        { id: "cw-demo/gate-code", label: "Gate code", location: "address", type: "text", required: true },
        { id: "cw-demo/leave-safe", label: "Leave in a safe place", location: "address", type: "checkbox", required: false },
      ],
    });
    try {
      const shopper = await shopperWith(tShirt);
      const shippingAddress = { ...address, first_name: "Grace" };
      const missing = await shopper.post("/checkout", {
        billing_address: billing(),
        shipping_address: { ...shippingAddress, "cw-demo/gate-code": " " },
        payment_method: "cod",
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: "cw_rest_invalid_address",
        data: {
          errors: {
            billing: { "cw-demo/gate-code": "Please enter a valid gate code" },
            shipping: { "cw-demo/gate-code": "Please enter a valid gate code" },
          },
        },
      });
      const unknownKey = await shopper.post("/checkout", {
        billing_address: { ...billing(), gate_code: "1234" },
        payment_method: "cod",
      });
      expect(unknownKey.statusCode).toBe(400);
      expect(unknownKey.json().code).toBe("rest_invalid_param");

      const placed = await shopper.post("/checkout", {
        billing_address: { ...billing(), "cw-demo/gate-code": "B-12", "someone/else": "dropped" },
        shipping_address: { ...shippingAddress, "cw-demo/gate-code": " 4711 ", "cw-demo/leave-safe": true },
        payment_method: "cod",
      });
      expect(placed.statusCode).toBe(200);
      const order = placed.json();
      expect(order.billing_address).toMatchObject({ first_name: "Ada", "cw-demo/gate-code": "B-12", "cw-demo/leave-safe": false });
      expect(order.billing_address["someone/else"]).toBeUndefined();
      expect(order.shipping_address).toMatchObject({ first_name: "Grace", "cw-demo/gate-code": "4711", "cw-demo/leave-safe": true });
      const view = await shopper.get(`/order/${order.order_id}?key=${order.order_key}&billing_email=ada@example.com`);
      expect(view.json().shipping_address["cw-demo/gate-code"]).toBe("4711");
      // The cart keeps the plain address: the extra values belong to the order.
      const cart = await shopper.cart("GET", "/cart");
      expect(cart.billing_address["cw-demo/gate-code"]).toBeUndefined();
    } finally {
      await updateSettings(shop.db, { checkoutFields: [] });
    }
  });

  it("keeps the label's case in its messages when the shop's locale is German", async () => {
    const { updateSettings } = await import("../settings/index.ts");
    await updateSettings(shop.db, {
      siteLocale: "de_DE",
      checkoutFields: [{ id: "cw-demo/gift-message", label: "Gift message", location: "order", type: "text", required: true }],
    });
    try {
      const shopper = await shopperWith(tShirt);
      const noName = await shopper.post("/checkout", {
        billing_address: { ...billing(), first_name: "" },
        payment_method: "cod",
        additional_fields: { "cw-demo/gift-message": "Hi" },
      });
      expect(noName.json().data.errors.billing.first_name).toBe("Please enter a valid First name");
      const noMessage = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
      expect(noMessage.json().message).toBe("Please enter a valid Gift message");
      await updateSettings(shop.db, { siteLocale: "en_GB" });
      const english = await shopper.post("/checkout", { billing_address: billing(), payment_method: "cod" });
      expect(english.json().message).toBe("Please enter a valid gift message");
    } finally {
      await updateSettings(shop.db, { siteLocale: "en", checkoutFields: [] });
    }
  });
});
