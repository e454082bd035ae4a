import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, variationId } from "../../../../../test/store-client.ts";

let shop: TestShop;
const SLUGS = [
  "classic-t-shirt",
  "beanie",
  "hoodie",
  "limited-print",
  "gift-card",
  "socks-3-pack",
  "pre-order-poster",
  "signed-book",
  "discontinued-mug",
  "secret-item",
] as const;
/** Product ids by slug, read once from the API. */
const ids = {} as Record<(typeof SLUGS)[number], number>;
beforeAll(async () => {
  shop = await createTestShop();
  for (const slug of SLUGS) {
    ids[slug] = await productId(shop.app, slug);
  }
});
afterAll(() => shop?.close());

const client = () => new StoreClient(shop.app);

describe("GET /cart", () => {
  it("answers an empty cart with every field and the session headers", async () => {
    const response = await client().get("/cart");
    expect(response.statusCode).toBe(200);
    for (const header of ["nonce", "nonce-timestamp", "cart-token", "cart-hash", "user-id"])
      expect(response.headers[header], header).toBeTruthy();
    expect(response.headers["user-id"]).toBe("0");
    const cart = response.json();
    expect(Object.keys(cart).sort()).toEqual(
      [
        "items",
        "coupons",
        "fees",
        "totals",
        "shipping_address",
        "billing_address",
        "needs_payment",
        "needs_shipping",
        "payment_requirements",
        "has_calculated_shipping",
        "shipping_rates",
        "items_count",
        "items_weight",
        "cross_sells",
        "errors",
        "payment_methods",
        "extensions",
      ].sort(),
    );
    expect(cart).toMatchObject({ items: [], items_count: 0, needs_shipping: false, needs_payment: false, has_calculated_shipping: false });
    expect(cart.totals).toMatchObject({
      total_items: "0",
      total_price: "0",
      currency_code: "USD",
      currency_minor_unit: 2,
      currency_prefix: "$",
    });
    expect(Object.keys(cart.billing_address)).toEqual(
      expect.arrayContaining([
        "first_name",
        "last_name",
        "company",
        "address_1",
        "address_2",
        "city",
        "state",
        "postcode",
        "country",
        "phone",
        "email",
      ]),
    );
  });
});

describe("POST /cart/add-item", () => {
  it("adds a product and prices it with tax and shipping for the shop's base location", async () => {
    const response = await client().post("/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 });
    expect(response.statusCode).toBe(201);
    const cart = response.json();
    expect(cart.items).toHaveLength(1);
    const [item] = cart.items;
    expect(item).toMatchObject({
      id: ids["classic-t-shirt"],
      quantity: 2,
      name: "Classic T-Shirt",
      type: "simple",
      quantity_limits: { minimum: 1, maximum: 99, multiple_of: 1, editable: true },
    });
    expect(item.prices).toMatchObject({
      price: "2000",
      regular_price: "2000",
      currency_code: "USD",
      raw_prices: { precision: 6, price: "20000000" },
    });
    expect(item.totals).toMatchObject({ line_subtotal: "4000", line_total: "4000", line_subtotal_tax: "290", line_total_tax: "290" });
    expect(cart.totals).toMatchObject({
      total_items: "4000",
      total_items_tax: "290",
      total_shipping: "500",
      total_shipping_tax: "36",
      total_tax: "326",
      total_price: "4826",
    });
    expect(cart.needs_shipping).toBe(true);
    expect(cart.needs_payment).toBe(true);
    expect(cart.items_count).toBe(2);
    expect(cart.cross_sells.map((p: { slug: string }) => p.slug)).toEqual(["beanie"]);
    const rates = cart.shipping_rates[0].shipping_rates;
    expect(rates.map((r: { rate_id: string }) => r.rate_id.split(":")[0])).toEqual(["flat_rate", "pickup_location", "pickup_location"]);
    expect(rates.find((r: { selected: boolean }) => r.selected).method_id).toBe("flat_rate");
  });

  it("adds to an existing line instead of duplicating it", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids["classic-t-shirt"] });
    const cart = await shopper.cart("POST", "/cart/add-item", { id: ids["classic-t-shirt"], quantity: 3 });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(4);
  });

  it("resolves a variation from the chosen attributes", async () => {
    const cart = await client().cart("POST", "/cart/add-item", {
      id: ids.hoodie,
      variation: [
        { attribute: "Color", value: "red" },
        { attribute: "pa_size", value: "L" },
      ],
    });
    expect(cart.items[0]).toMatchObject({ id: await variationId(shop.app, "hoodie", ["red", "l"]), type: "variation", name: "Hoodie" });
    expect(cart.items[0].variation).toEqual([
      { attribute: "Color", value: "Red" },
      { attribute: "Size", value: "L" },
    ]);
    expect(cart.items[0].prices.price).toBe("3900");
  });

  it.each([
    ["an unknown product", () => ({ id: 999999 }), 400, "cw_rest_cart_invalid_product"],
    ["missing variation data", () => ({ id: ids.hoodie }), 400, "cw_rest_missing_variation_data"],
    [
      "an invalid variation value",
      () => ({
        id: ids.hoodie,
        variation: [
          { attribute: "color", value: "green" },
          { attribute: "size", value: "s" },
        ],
      }),
      400,
      "cw_rest_invalid_variation_data",
    ],
    [
      "an out-of-stock variation",
      () => ({
        id: ids.hoodie,
        variation: [
          { attribute: "color", value: "blue" },
          { attribute: "size", value: "s" },
        ],
      }),
      400,
      "cw_rest_product_out_of_stock",
    ],
    ["an out-of-stock product", () => ({ id: ids["discontinued-mug"] }), 400, "cw_rest_product_out_of_stock"],
    ["more than the stock", () => ({ id: ids["limited-print"], quantity: 4 }), 400, "cw_rest_product_partially_out_of_stock"],
    ["below the minimum", () => ({ id: ids["socks-3-pack"], quantity: 1 }), 400, "cw_rest_invalid_quantity"],
    ["not a multiple", () => ({ id: ids["socks-3-pack"], quantity: 3 }), 400, "cw_rest_invalid_quantity"],
    ["above the maximum", () => ({ id: ids["socks-3-pack"], quantity: 14 }), 400, "cw_rest_invalid_quantity"],
    ["a zero quantity", () => ({ id: ids.beanie, quantity: 0 }), 400, "rest_invalid_param"],
    ["a quantity in a list", () => ({ id: ids.beanie, quantity: [1] }), 400, "rest_invalid_param"],
    ["an id in a list", () => ({ id: [ids.beanie], quantity: 1 }), 400, "rest_invalid_param"],
    ["a missing id", () => ({ quantity: 1 }), 400, "rest_missing_callback_param"],
  ])("refuses %s", async (_name, body, status, code) => {
    const response = await client().post("/cart/add-item", body());
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(response.json().data.status).toBe(status);
  });

  it("stops at the first field the schema refuses (only the owner's routes report them all)", async () => {
    const response = await client().post("/cart/add-item", { id: [ids.beanie], quantity: 0 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.details)).toHaveLength(1);
  });

  it("takes backorders beyond stock and shows the backorder badge", async () => {
    const cart = await client().cart("POST", "/cart/add-item", { id: ids["pre-order-poster"], quantity: 2 });
    expect(cart.items[0]).toMatchObject({ backorders_allowed: true, show_backorder_badge: true });
  });

  it("adds one of a sold-individually product when asked for more, and refuses another once it is in the cart", async () => {
    const shopper = client();
    const cart = await shopper.cart("POST", "/cart/add-item", { id: ids["signed-book"], quantity: 2 });
    expect(cart.items.map((item: { name: string; quantity: number }) => [item.name, item.quantity])).toEqual([["Signed Book", 1]]);
    expect(cart.items_count).toBe(1);
    for (const quantity of [1, 2]) {
      const response = await shopper.post("/cart/add-item", { id: ids["signed-book"], quantity });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "cw_rest_product_sold_individually",
        message: "You cannot add another “Signed Book” to your cart.",
      });
    }
    expect((await shopper.cart("GET", "/cart")).items[0]?.quantity).toBe(1);
    // Nor is its line's quantity for the shopper to change.
    const raised = await shopper.post("/cart/update-item", { key: cart.items[0]?.key, quantity: 2 });
    expect(raised.json().code).toBe("cw_rest_readonly_quantity");
  });

  it("needs no shipping for a virtual cart", async () => {
    const cart = await client().cart("POST", "/cart/add-item", { id: ids["gift-card"] });
    expect(cart.needs_shipping).toBe(false);
    expect(cart.shipping_rates).toEqual([]);
    expect(cart.totals.total_shipping).toBeNull();
  });
});

describe("update-item and remove-item", () => {
  it("changes a quantity within the limits and removes a line", async () => {
    const shopper = client();
    const added = await shopper.cart("POST", "/cart/add-item", { id: ids["socks-3-pack"], quantity: 2 });
    const key = added.items[0].key;
    const updated = await shopper.cart("POST", "/cart/update-item", { key, quantity: 6 });
    expect(updated.items[0].quantity).toBe(6);
    const over = await shopper.post("/cart/update-item", { key, quantity: 7 });
    expect(over.json().code).toBe("cw_rest_invalid_quantity");
    const removed = await shopper.cart("POST", "/cart/remove-item", { key });
    expect(removed.items).toEqual([]);
  });

  it("removes a line updated to quantity 0", async () => {
    const shopper = client();
    const added = await shopper.cart("POST", "/cart/add-item", { id: ids.beanie });
    const updated = await shopper.cart("POST", "/cart/update-item", { key: added.items[0].key, quantity: 0 });
    expect(updated.items).toEqual([]);
  });

  it("answers 409 with the current cart for a key that is gone", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    for (const [path, body] of [
      ["/cart/remove-item", { key: "nope" }],
      ["/cart/update-item", { key: "nope", quantity: 2 }],
    ] as const) {
      const response = await shopper.post(path, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe("cw_rest_cart_invalid_key");
      expect(response.json().data.cart.items).toHaveLength(1);
    }
  });
});

describe("the reply to every write", () => {
  // Writes price their reply from the cart as they changed it in memory; a fresh read must agree.
  it("is the cart a following GET /cart answers", async () => {
    const shopper = client();
    const steps: [string, unknown][] = [
      ["/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 }],
      ["/cart/add-item", { id: ids.beanie, quantity: 1 }],
      ["/cart/add-item", { id: ids.beanie, quantity: 2 }],
      ["/cart/apply-coupon", { code: "SAVE10" }],
      ["/cart/update-customer", { shipping_address: { country: "US", state: "CA", postcode: "90001", city: "Los Angeles" } }],
      ["/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:1" }],
      ["/cart/update-item", { key: "{first}", quantity: 3 }],
      ["/cart/remove-coupon", { code: "SAVE10" }],
      ["/cart/remove-item", { key: "{first}" }],
      ["/cart/update-item", { key: "{first}", quantity: 0 }],
    ];
    for (const [path, body] of steps) {
      const before = await shopper.cart("GET", "/cart");
      const sent = JSON.parse(JSON.stringify(body).replace("{first}", before.items[0]?.key ?? ""));
      const reply = await shopper.post(path, sent);
      expect(reply.statusCode, `${path} ${reply.body}`).toBeLessThan(300);
      const after = await shopper.get("/cart");
      expect(reply.json(), path).toEqual(after.json());
      expect(reply.headers["cart-hash"], path).toBe(after.headers["cart-hash"]);
    }
  });
});

describe("coupons", () => {
  it("applies SAVE10 (any case) and removes it", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 });
    const cart = await shopper.cart("POST", "/cart/apply-coupon", { code: " Save10 " });
    expect(cart.coupons).toMatchObject([{ code: "save10", discount_type: "percent", totals: { total_discount: "400" } }]);
    expect(cart.totals).toMatchObject({
      total_discount: "400",
      total_items_tax: "290",
      total_discount_tax: "29",
      total_tax: "297",
      total_price: "4397",
    });
    const again = await shopper.post("/cart/apply-coupon", { code: "SAVE10" });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("cw_rest_cart_coupon_error");
    const removed = await shopper.cart("POST", "/cart/remove-coupon", { code: "SAVE10" });
    expect(removed.coupons).toEqual([]);
    const notApplied = await shopper.post("/cart/remove-coupon", { code: "SAVE10" });
    expect(notApplied.statusCode).toBe(409);
    expect(notApplied.json().code).toBe("cw_rest_cart_coupon_invalid_code");
  });

  it.each([
    ["NOPE", "cw_rest_cart_coupon_error", /does not exist/],
    ["EXPIRED", "cw_rest_cart_coupon_error", /expired/i],
    ["MIN50", "cw_rest_cart_coupon_error", /minimum spend/i],
  ])("refuses %s with a clear message", async (code, errorCode, message) => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    const response = await shopper.post("/cart/apply-coupon", { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(errorCode);
    expect(response.json().message).toMatch(message);
  });

  it("lists codes in the order applied, a code taken off and applied again last", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 });
    const codes = (cart: { coupons: { code: string }[] }) => cart.coupons.map((c) => c.code);
    await shopper.post("/cart/apply-coupon", { code: "5OFF" });
    await shopper.post("/cart/apply-coupon", { code: "TSHIRT2" });
    await shopper.post("/cart/remove-coupon", { code: "5OFF" });
    expect(codes(await shopper.cart("POST", "/cart/apply-coupon", { code: "5OFF" }))).toEqual(["tshirt2", "5off"]);
    expect(codes(await shopper.cart("POST", "/cart/apply-coupon", { code: "SAVE10" }))).toEqual(["tshirt2", "5off", "save10"]);
    expect(codes(await shopper.cart("GET", "/cart"))).toEqual(["tshirt2", "5off", "save10"]);
    // The rows hold that order too, for a process that reads them afresh.
    const rows = await shop.db.selectFrom("cart_coupons").select(["code", "position"]).where("cart_id", "=", shopper.sessionId()).execute();
    const positions = new Map(rows.map((row) => [row.code, row.position]));
    expect(Number(positions.get("tshirt2"))).toBeLessThan(Number(positions.get("5off")));
    expect(Number(positions.get("5off"))).toBeLessThan(Number(positions.get("save10")));
  });

  it("takes 5OFF, TSHIRT2 and FREESHIP", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 });
    let cart = await shopper.cart("POST", "/cart/apply-coupon", { code: "TSHIRT2" });
    expect(cart.totals.total_discount).toBe("400");
    cart = await shopper.cart("POST", "/cart/apply-coupon", { code: "5OFF" });
    expect(cart.totals.total_discount).toBe("900");
    cart = await shopper.cart("POST", "/cart/apply-coupon", { code: "FREESHIP" });
    const free = cart.shipping_rates[0].shipping_rates.find((r: { method_id: string }) => r.method_id === "free_shipping");
    expect(free).toBeTruthy();
  });
});

describe("shipping", () => {
  it("offers free shipping in the US from 100.00 and keeps the chosen rate", async () => {
    const shopper = client();
    const cart = await shopper.cart("POST", "/cart/add-item", { id: ids["classic-t-shirt"], quantity: 5 });
    const rates = cart.shipping_rates[0].shipping_rates;
    const free = rates.find((r: { method_id: string }) => r.method_id === "free_shipping");
    expect(free).toMatchObject({ price: "0", name: "Free shipping" });
    const chosen = await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: free.rate_id });
    expect(chosen.shipping_rates[0].shipping_rates.find((r: { selected: boolean }) => r.selected).rate_id).toBe(free.rate_id);
    expect(chosen.totals.total_shipping).toBe("0");
    // Below the minimum the free rate disappears and another is chosen.
    const fewer = await shopper.cart("POST", "/cart/update-item", { key: cart.items[0].key, quantity: 1 });
    expect(fewer.shipping_rates[0].shipping_rates.find((r: { selected: boolean }) => r.selected).method_id).toBe("flat_rate");
  });

  it("chooses free shipping when a free-shipping coupon is applied, and keeps a rate the shopper picks after it", async () => {
    const shopper = client();
    const selectedOf = (cart: { shipping_rates: { shipping_rates: { selected: boolean; method_id: string; rate_id: string }[] }[] }) =>
      cart.shipping_rates[0]?.shipping_rates.find((r) => r.selected);
    let cart = await shopper.cart("POST", "/cart/add-item", { id: ids.beanie });
    const flat = selectedOf(cart);
    expect(flat?.method_id).toBe("flat_rate");
    // A pickup chosen before the coupon: applying it chooses the rates afresh, as WooCommerce does.
    await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:1" });
    cart = await shopper.cart("POST", "/cart/apply-coupon", { code: "FREESHIP" });
    expect(selectedOf(cart)?.method_id).toBe("free_shipping");
    expect(cart.totals.total_shipping).toBe("0");
    expect((await shopper.cart("GET", "/cart")).totals.total_shipping).toBe("0");
    // The shopper's own choice afterwards holds, free shipping still offered.
    cart = await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: flat?.rate_id });
    expect(selectedOf(cart)?.rate_id).toBe(flat?.rate_id);
    expect(cart.totals.total_shipping).toBe("500");
    // Without the coupon the free rate goes, and so does a choice of it.
    await shopper.cart("POST", "/cart/select-shipping-rate", {
      package_id: 0,
      rate_id: cart.shipping_rates[0].shipping_rates.find((r: { method_id: string }) => r.method_id === "free_shipping").rate_id,
    });
    cart = await shopper.cart("POST", "/cart/remove-coupon", { code: "FREESHIP" });
    expect(selectedOf(cart)?.method_id).toBe("flat_rate");
    expect(cart.totals.total_shipping).toBe("500");
    // A coupon without free shipping leaves the choice alone.
    await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:2" });
    cart = await shopper.cart("POST", "/cart/apply-coupon", { code: "SAVE10" });
    expect(selectedOf(cart)?.rate_id).toBe("pickup_location:2");
  });

  it("offers each pickup location as described by the spec", async () => {
    const shopper = client();
    const cart = await shopper.cart("POST", "/cart/add-item", { id: ids.beanie });
    const pickup = cart.shipping_rates[0].shipping_rates.filter((r: { method_id: string }) => r.method_id === "pickup_location");
    expect(pickup.map((r: { rate_id: string; name: string; price: string }) => [r.rate_id, r.name, r.price])).toEqual([
      ["pickup_location:1", "Local pickup (Main Street Store)", "0"],
      ["pickup_location:2", "Local pickup (Harbor Warehouse)", "0"],
    ]);
    expect(pickup[0].meta_data.map((m: { key: string }) => m.key)).toEqual(["pickup_location", "pickup_address", "pickup_details"]);
    expect(pickup[0].meta_data[1].value).toContain("100 Main Street");
    const chosen = await shopper.cart("POST", "/cart/select-shipping-rate", { rate_id: "pickup_location:2" });
    expect(chosen.totals.total_shipping).toBe("0");
  });

  it("shows each offered rate with the tax it would carry, chosen or not (GB: VAT 20 % on shipping)", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    type Rate = { rate_id: string; method_id: string; price: string; taxes: string; selected: boolean };
    const rateOf = (cart: { shipping_rates: { shipping_rates: Rate[] }[] }, method: string) =>
      cart.shipping_rates[0]?.shipping_rates.find((r) => r.method_id === method);
    const gb = await shopper.cart("POST", "/cart/update-customer", {
      shipping_address: { country: "GB", postcode: "SW1A 1AA", city: "London" },
    });
    expect(rateOf(gb, "flat_rate")).toMatchObject({ price: "1500", taxes: "300", selected: true });
    // Not chosen, the flat rate still names its 3.00 of VAT: a price shown with tax does not move when it is picked.
    const pickedUp = await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:1" });
    expect(rateOf(pickedUp, "flat_rate")).toMatchObject({ price: "1500", taxes: "300", selected: false });
    expect(rateOf(pickedUp, "pickup_location")).toMatchObject({ price: "0", taxes: "0", selected: true });
    expect(pickedUp.totals.total_shipping_tax).toBe("0");
    const back = await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: rateOf(gb, "flat_rate")?.rate_id });
    expect(back.totals.total_shipping_tax).toBe("300");
  });

  it("recomputes rates when the country changes", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    const gb = await shopper.cart("POST", "/cart/update-customer", {
      shipping_address: { country: "GB", postcode: "SW1A 1AA", city: "London" },
    });
    const flat = gb.shipping_rates[0].shipping_rates.find((r: { method_id: string }) => r.method_id === "flat_rate");
    expect(flat.price).toBe("1500");
    expect(gb.has_calculated_shipping).toBe(true);
    expect(gb.totals.total_items_tax).toBe("360");
    const fr = await shopper.cart("POST", "/cart/update-customer", { shipping_address: { country: "JP", postcode: "100-0001" } });
    expect(fr.shipping_rates[0].shipping_rates.find((r: { method_id: string }) => r.method_id === "flat_rate").price).toBe("2500");
    expect(fr.totals.total_tax).toBe("0");
  });

  it.each([
    [{ rate_id: "" }, 400, "cw_rest_cart_missing_rate_id"],
    [{ rate_id: "flat_rate:999" }, 400, "cw_rest_cart_invalid_rate_id"],
    [{ package_id: 7, rate_id: "pickup_location:1" }, 400, "cw_rest_cart_invalid_package_id"],
  ])("refuses %o", async (body, status, code) => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    const response = await shopper.post("/cart/select-shipping-rate", body);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe("POST /cart/update-customer", () => {
  it("stores valid addresses, normalised", async () => {
    const cart = await client().cart("POST", "/cart/update-customer", {
      billing_address: { first_name: " Jane ", email: "jane@example.com", country: "US", state: "california", postcode: "90001" },
    });
    expect(cart.billing_address).toMatchObject({
      first_name: "Jane",
      email: "jane@example.com",
      country: "US",
      state: "CA",
      postcode: "90001",
    });
  });

  it("keeps no value in a field the country hides (spec §5): the company, and the state in Germany", async () => {
    const cart = await client().cart("POST", "/cart/update-customer", {
      billing_address: { company: "Acme", country: "DE", state: "BE", postcode: "10115", city: "Berlin" },
      shipping_address: { company: "Acme", country: "US", state: "CA", postcode: "90001" },
    });
    expect(cart.billing_address).toMatchObject({ company: "", state: "", country: "DE", postcode: "10115", city: "Berlin" });
    expect(cart.shipping_address).toMatchObject({ company: "", state: "CA" });
  });

  it("refuses invalid fields with a detail per address and stores nothing", async () => {
    const shopper = client();
    const response = await shopper.post("/cart/update-customer", {
      billing_address: { email: "not-an-email", country: "US", postcode: "ABCDE" },
      shipping_address: { country: "GB", postcode: "12345" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("rest_invalid_param");
    expect(Object.keys(body.data.details).sort()).toEqual(["billing_address", "shipping_address"]);
    const messages = [body.data.details.billing_address, ...body.data.details.billing_address.additional_errors].map(
      (e: { message: string }) => e.message,
    );
    expect(messages).toEqual(expect.arrayContaining(["Please enter a valid email address", "Please enter a valid postcode"]));
    const cart = await shopper.cart("GET", "/cart");
    expect(cart.billing_address.email).toBe("");
    expect(cart.shipping_address.country).toBe("");
  });
});

describe("nonce and Cart-Token", () => {
  it("refuses a browser write without a nonce (401) or with a wrong one (403), accepts the right one", async () => {
    const browser = new StoreClient(shop.app, "browser");
    await browser.get("/cart");
    const missing = await browser.request("POST", "/cart/add-item", { id: ids.beanie }, { nonce: "" });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const wrong = await browser.request("POST", "/cart/add-item", { id: ids.beanie }, { nonce: "forged-nonce-value-000" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("cw_rest_invalid_nonce");
    const right = await browser.post("/cart/add-item", { id: ids.beanie });
    expect(right.statusCode).toBe(201);
    expect((await browser.cart("GET", "/cart")).items_count).toBe(1);
  });

  it("ignores a tampered Cart-Token and starts a new cart", async () => {
    const shopper = client();
    const first = await shopper.post("/cart/add-item", { id: ids.beanie });
    const token = first.headers["cart-token"] as string;
    const tampered = `${token.slice(0, -2)}xx`;
    const response = await shop.app.inject({ method: "GET", url: "/api/store/v1/cart", headers: { "cart-token": tampered } });
    expect(response.json().items).toEqual([]);
    const write = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/cart/add-item",
      headers: { "cart-token": tampered, "content-type": "application/json" },
      payload: "{}",
    });
    expect(write.statusCode).toBe(401);
  });

  it("changes the Cart-Hash when the cart changes", async () => {
    const shopper = client();
    const a = await shopper.get("/cart");
    const b = await shopper.post("/cart/add-item", { id: ids.beanie });
    const c = await shopper.get("/cart");
    expect(a.headers["cart-hash"]).not.toBe(b.headers["cart-hash"]);
    expect(b.headers["cart-hash"]).toBe(c.headers["cart-hash"]);
  });
});

describe("POST /batch", () => {
  it("runs up to 25 requests in the session and answers each", async () => {
    const shopper = client();
    await shopper.get("/cart");
    const response = await shopper.post("/batch", {
      requests: [
        { path: "/api/store/v1/cart/add-item", method: "POST", body: { id: ids.beanie } },
        { path: "/api/store/v1/cart/add-item", method: "POST", body: { id: ids["classic-t-shirt"], quantity: 2 } },
        { path: "/api/store/v1/cart/apply-coupon", method: "POST", body: { code: "nope" } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { responses } = response.json();
    expect(responses.map((r: { status: number }) => r.status)).toEqual([201, 201, 400]);
    expect(responses[1].body.items_count).toBe(3);
    expect(responses[0].headers.nonce).toBeTruthy();
    expect((await shopper.cart("GET", "/cart")).items_count).toBe(3);
  });

  it("refuses 26 requests and foreign paths", async () => {
    const shopper = client();
    const many = Array.from({ length: 26 }, () => ({ path: "/api/store/v1/cart/add-item", method: "POST", body: { id: ids.beanie } }));
    const tooMany = await shopper.post("/batch", { requests: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe("cw_rest_batch_too_many_requests");
    for (const path of ["/api/health", "/shop", "/api/store/v1/batch", "https://evil.example/api/store/v1/cart"]) {
      const foreign = await shopper.post("/batch", { requests: [{ path, method: "POST", body: {} }] });
      expect(foreign.statusCode, path).toBe(400);
      expect(foreign.json().code).toBe("cw_rest_invalid_path");
    }
  });

  it("gives each refused parameter the detail spec §8 names: code, message, data and additional_errors", async () => {
    const response = await client().post("/cart/add-item", { id: ids.beanie, quantity: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.details).toEqual({
      quantity: { code: "rest_invalid_param", message: "quantity must be >= 1", data: null, additional_errors: [] },
    });
  });

  it("names the methods a batched request may use", async () => {
    const response = await client().post("/batch", { requests: [{ path: "/api/store/v1/cart", method: "GET" }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "rest_invalid_param",
      data: { params: { requests: 'requests.0.method must be one of "POST", "PUT", "PATCH", "DELETE"' } },
    });
  });
});

describe("concurrent writes to one cart", () => {
  it("loses no item, duplicates no line, and adds quantities up", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids.beanie });
    const headers = { "cart-token": (await shopper.get("/cart")).headers["cart-token"] as string, "content-type": "application/json" };
    const add = (id: number, quantity: number) =>
      shop.app.inject({ method: "POST", url: "/api/store/v1/cart/add-item", headers, payload: JSON.stringify({ id, quantity }) });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => add(ids["classic-t-shirt"], 1)),
      ...Array.from({ length: 5 }, () => add(ids.beanie, 2)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
    const cart = await shopper.cart("GET", "/cart");
    expect(cart.items).toHaveLength(2);
    const quantity = (id: number) => cart.items.find((i: { id: number }) => i.id === id).quantity;
    expect(quantity(ids["classic-t-shirt"])).toBe(10);
    expect(quantity(ids.beanie)).toBe(11);
  });
});

describe("cart item errors", () => {
  it("reports stock and price changes after adding", async () => {
    const shopper = client();
    await shopper.post("/cart/add-item", { id: ids["limited-print"], quantity: 3 });
    await shop.db.updateTable("products").set({ stock_quantity: 1 }).where("id", "=", ids["limited-print"]).execute();
    await shop.db.updateTable("products").set({ regular_price: 6500 }).where("id", "=", ids["limited-print"]).execute();
    const cart = await shopper.cart("GET", "/cart");
    expect(cart.errors.map((e: { code: string }) => e.code)).toEqual([
      "cw_rest_product_partially_out_of_stock",
      "cw_rest_cart_item_price_changed",
    ]);
    expect(cart.errors[1].message).toContain("$65.00");
    await shop.db.updateTable("products").set({ stock_quantity: 3, regular_price: 6000 }).where("id", "=", ids["limited-print"]).execute();
  });
});
