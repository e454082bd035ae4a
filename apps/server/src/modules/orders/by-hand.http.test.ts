/**
 * Orders the owner makes by hand (POST /api/admin/v1/orders and /orders/calculate, decision 0089)
 * on SQLite and PostgreSQL: priced as the checkout prices the same cart, stock taken (never below
 * zero when two race) and coupon uses counted, each bad field named, who may, and the customer's
 * payment page paying the order with the test card.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { insertCoupon } from "../../../../../test/coupons.ts";
import { ADMIN, adminCall, fieldMessages, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, testBilling, testCard, variationId } from "../../../../../test/store-client.ts";
import { PLACED_STATUSES } from "../../db/placed-orders.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { updateSettings } from "../settings/index.ts";
import { mailsOf, newOutbox, outboxMailer, ownerOn, readMail } from "./actions.test-support.ts";
import { cancelUnpaidOrders } from "./index.ts";
import { BY_HAND_CART_PREFIX, PAID_STATUSES } from "./orders.repo.ts";

let shop: TestShop;
let owner: StoreClient;
let hoodie: number;
let redL: number;
let tShirt: number;
let print: number;
let mug: number;

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
  hoodie = await productId(shop.app, "hoodie");
  redL = await variationId(shop.app, "hoodie", ["red", "l"]);
  tShirt = await productId(shop.app, "classic-t-shirt");
  print = await productId(shop.app, "limited-print");
  mug = await productId(shop.app, "discontinued-mug");
}, 60_000);
afterAll(() => shop?.close());

const stockOf = async (id: number) =>
  (await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity;
const usesOf = async (code: string) =>
  (await shop.db.selectFrom("coupons").select("usage_count").where("code", "=", code).executeTakeFirstOrThrow()).usage_count;

const create = (body: Record<string, unknown>, client = owner) => adminCall(client, "POST", "/orders", body);

describe("pricing", () => {
  it("prices lines, a coupon, a shipping line and taxes as the checkout prices the same cart", async () => {
    for (const [country, state, postcode] of [
      ["US", "CA", "90001"],
      ["GB", "", "SW1A 1AA"],
    ] as const) {
      const address = { ...TEST_ADDRESS, country, state, postcode, city: "Town" };
      // The shopper's cart: the same lines, coupon and address, the flat rate chosen.
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", {
        id: hoodie,
        quantity: 2,
        variation: [
          { attribute: "color", value: "red" },
          { attribute: "size", value: "l" },
        ],
      });
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      await shopper.cart("POST", "/cart/apply-coupon", { code: "save10" });
      await shopper.cart("POST", "/cart/update-customer", {
        billing_address: { ...address, email: "cart@example.com" },
        shipping_address: address,
      });
      let cart = await shopper.cart("GET", "/cart");
      const flat = cart.shipping_rates[0].shipping_rates.find((rate: { method_id: string }) => rate.method_id === "flat_rate");
      cart = await shopper.cart("POST", "/cart/select-shipping-rate", { package_id: 0, rate_id: flat.rate_id });
      expect(flat.price).toBe(country === "US" ? "500" : "1500");

      const body = {
        billing: { ...address, email: "phone@example.com" },
        shipping: address,
        line_items: [
          { product_id: hoodie, variation_id: redL, quantity: 2 },
          { product_id: tShirt, quantity: 1 },
        ],
        coupon_lines: [{ code: "SAVE10" }],
        shipping_lines: [{ method_title: "Flat rate", total: Number(flat.price) }],
      };
      const calculated = await adminCall(owner, "POST", "/orders/calculate", body);
      expect(calculated.statusCode).toBe(200);
      const { totals, lines, coupons } = calculated.json();
      expect(totals).toMatchObject({
        items: Number(cart.totals.total_items),
        items_tax: Number(cart.totals.total_items_tax),
        discount: Number(cart.totals.total_discount),
        shipping: Number(cart.totals.total_shipping),
        shipping_tax: Number(cart.totals.total_shipping_tax),
        tax: Number(cart.totals.total_tax),
        total: Number(cart.totals.total_price),
      });
      expect(totals.tax).toBeGreaterThan(0);
      expect(lines.map((line: { total: number }) => line.total)).toEqual(
        cart.items.map((item: { totals: { line_total: string } }) => Number(item.totals.line_total)),
      );
      expect(coupons).toEqual([
        { code: "save10", discount: Number(cart.totals.total_discount), discount_tax: Number(cart.totals.total_discount_tax) },
      ]);

      // What is made is what was calculated, whatever else the body says.
      const made = await create(body);
      expect(made.statusCode).toBe(201);
      const order = made.json();
      expect(order.status).toBe("pending");
      expect(order.totals).toMatchObject({ total: totals.total, tax: totals.tax, discount: totals.discount, shipping: totals.shipping });
      expect(order.lines.map((line: { variation_id: number | null }) => line.variation_id)).toEqual([redL, null]);
      expect(order.shipping.lines).toEqual([{ method_id: "manual", instance_id: 0, name: "Flat rate", total: Number(flat.price) }]);
    }
  });

  it("calculates without writing: no order, no stock taken, no coupon use", async () => {
    await insertCoupon(shop.db, "calcnone");
    const count = async () =>
      Number(
        (
          await shop.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [orders, stock] = [await count(), await stockOf(tShirt)];
    const body = { billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 3 }], coupon_lines: [{ code: "calcnone" }] };
    const calculated = await adminCall(owner, "POST", "/orders/calculate", body);
    expect(calculated.statusCode).toBe(200);
    expect(calculated.json().totals.discount).toBe(600);
    expect([await count(), await stockOf(tShirt), await usesOf("calcnone")]).toEqual([orders, stock, 0]);
    // Its refusals are the create's, by field.
    const refused = await adminCall(owner, "POST", "/orders/calculate", { ...body, line_items: [{ product_id: hoodie, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(refused))).toEqual(["line_items.0.variation_id"]);
  });

  it("keeps a rate chosen by its id as the checkout keeps it: its method on the order, the owner's own name and amount standing", async () => {
    const body = { billing: testBilling("rate-id@example.com"), line_items: [{ product_id: tShirt, quantity: 1 }] };
    const offered = (await adminCall(owner, "POST", "/orders/calculate", body)).json();
    const flat = offered.shipping_rates.find((rate: { method_id: string }) => rate.method_id === "flat_rate");
    expect(flat).toMatchObject({ name: "Flat rate", cost: 500 });
    // As the console sends a rate chosen then renamed: its id, and the name the owner typed over the rate's.
    const response = await create({ ...body, shipping_lines: [{ rate_id: flat.rate_id, method_title: "Courier" }] });
    expect(response.statusCode, response.body).toBe(201);
    const order = (await adminCall(owner, "GET", `/orders/${response.json().id}`)).json();
    expect(order.shipping.lines).toEqual([{ method_id: "flat_rate", instance_id: flat.instance_id, name: "Courier", total: 500 }]);
    expect(order.totals.shipping).toBe(500);
    // The owner's own line, without a rate, is "manual".
    const own = (await create({ ...body, shipping_lines: [{ method_title: "Courier", total: 500 }] })).json();
    expect(own.shipping.lines).toEqual([{ method_id: "manual", instance_id: 0, name: "Courier", total: 500 }]);
  });

  it("refuses totals sent by the client", async () => {
    const response = await create({ billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 1 }], total: 1 });
    expect(response.statusCode).toBe(400);
  });
});

describe("fees added by hand", () => {
  const base = () => ({ billing: testBilling("fees@example.com"), line_items: [{ product_id: tShirt, quantity: 1 }] });
  const calculate = async (body: Record<string, unknown>) => {
    const response = await adminCall(owner, "POST", "/orders/calculate", body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("taxes a fee by the address and its class as the cart taxes the shop's own fee of the same amount", async () => {
    // The shop's cart fee, priced on a shopper's cart at the same address.
    await updateSettings(shop.db, { cartFees: [{ name: "Handling", amount: 333, taxable: true, taxClass: "" }] });
    let cartFee: { totals: { total: string; total_tax: string } };
    try {
      const shopper = new StoreClient(shop.app);
      await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
      await shopper.cart("POST", "/cart/update-customer", {
        billing_address: testBilling("cart-fee@example.com"),
        shipping_address: TEST_ADDRESS,
      });
      cartFee = (await shopper.cart("GET", "/cart")).fees[0];
    } finally {
      await updateSettings(shop.db, { cartFees: [] });
    }
    expect(Number(cartFee.totals.total_tax)).toBeGreaterThan(0);

    const without = await calculate(base());
    const taxed = await calculate({ ...base(), fee_lines: [{ name: "Handling", total: 333 }] });
    expect(taxed.fees).toEqual([
      { id: "fee-1", name: "Handling", total: 333, total_tax: Number(cartFee.totals.total_tax), tax_status: "taxable", tax_class: "" },
    ]);
    expect(taxed.totals).toMatchObject({ fees: 333, fees_tax: Number(cartFee.totals.total_tax) });
    expect(taxed.totals.total).toBe(without.totals.total + 333 + Number(cartFee.totals.total_tax));

    const untaxed = await calculate({ ...base(), fee_lines: [{ name: "Gift wrap", total: 250, tax_status: "none" }] });
    expect(untaxed.fees).toEqual([{ id: "fee-1", name: "Gift wrap", total: 250, total_tax: 0, tax_status: "none", tax_class: "" }]);
    expect(untaxed.totals.total).toBe(without.totals.total + 250);
    // The zero-rate class the shop has: named by its slug, taxed at its rates (none here).
    const zero = await calculate({ ...base(), fee_lines: [{ name: "Deposit", total: 1000, tax_class: "zero-rate" }] });
    expect(zero.fees[0].total_tax).toBe(0);
    // Below 0 a fee is a discount line: as the cart's, it takes back its share of the tax charged, and never takes the order below zero.
    const discount = await calculate({ ...base(), fee_lines: [{ name: "Goodwill", total: -100, tax_status: "none" }] });
    expect(discount.totals.fees).toBe(-100);
    expect(discount.totals.fees_tax).toBeLessThan(0);
    expect(discount.totals.total).toBe(without.totals.total - 100 + discount.totals.fees_tax);
    const huge = await calculate({ ...base(), fee_lines: [{ name: "Goodwill", total: -1_000_000, tax_status: "none" }] });
    expect(huge.totals.total).toBe(0);
  });

  it("keeps the fees on the order: the order page, the Store API's order, the invoice e-mail, and refunds them through the refund call", async () => {
    const made = await create({ ...base(), set_paid: true, fee_lines: [{ name: "Rush handling", total: 500 }] });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json();
    expect(order.totals.fees).toHaveLength(1);
    expect(order.totals.fees[0]).toMatchObject({ name: "Rush handling", total: 500 });
    const fee = order.totals.fees[0] as { total: number; total_tax: number };
    expect(fee.total_tax).toBeGreaterThan(0);
    expect(order.totals.total).toBe(order.lines[0].total + order.lines[0].total_tax + 500 + fee.total_tax);

    const { order_key: key } = await shop.db.selectFrom("orders").select("order_key").where("id", "=", order.id).executeTakeFirstOrThrow();
    const store = await shop.app.inject(
      `/api/store/v1/order/${order.id}?key=${key}&billing_email=${encodeURIComponent("fees@example.com")}`,
    );
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().fees).toEqual([{ name: "Rush handling", total: "500", total_tax: String(fee.total_tax) }]);

    // The invoice the owner sends from the order's page lists it, from a process with a mailer.
    const outbox = newOutbox();
    const mailing = await secondProcess(shop, { mailer: outboxMailer(outbox) });
    try {
      const sent = await adminCall(await ownerOn(mailing.app), "POST", `/orders/${order.id}/emails`, { email: "customer_invoice" });
      expect(sent.statusCode, sent.body).toBe(200);
      const [invoice] = mailsOf(outbox, order.id, "invoice");
      expect(readMail(outbox, invoice ?? "").text).toContain("Rush handling");
    } finally {
      await mailing.close();
    }

    // The refund dialog refunds a fee as an amount beyond the lines.
    const refund = await adminCall(owner, "POST", `/orders/${order.id}/refunds`, {
      amount: fee.total + fee.total_tax,
      restock: false,
      method: "manual",
      reason: "Rush not needed",
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().order.refundable).toBe(order.totals.total - fee.total - fee.total_tax);
  });

  it("names each bad fee field and keeps nothing", async () => {
    const before = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const service = await create({
      ...base(),
      fee_lines: [
        { name: "  ", total: 100 },
        { name: "Nothing", total: 0 },
        { name: "Classy", total: 100, tax_class: "no-such-class" },
      ],
    });
    expect(service.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(service)).sort()).toEqual(["fee_lines.0.name", "fee_lines.1.total", "fee_lines.2.tax_class"]);
    expect(fieldMessages(service)["fee_lines.2.tax_class"]).toMatch(/no-such-class/);
    // The calculate call refuses the same.
    const calculated = await adminCall(owner, "POST", "/orders/calculate", { ...base(), fee_lines: [{ name: "", total: 100 }] });
    expect(Object.keys(fieldMessages(calculated))).toEqual(["fee_lines.0.name"]);
    // Two fees of one name, or one named as the shop's own cart fee: the order page and invoice list fees by name.
    const twice = await create({
      ...base(),
      fee_lines: [
        { name: "Rush", total: 100 },
        { name: " rush ", total: 200 },
      ],
    });
    expect(Object.keys(fieldMessages(twice))).toEqual(["fee_lines.1.name"]);
    await updateSettings(shop.db, { cartFees: [{ name: "Handling", amount: 100, taxable: true, taxClass: "" }] });
    try {
      const shops = await create({ ...base(), fee_lines: [{ name: "Handling", total: 100 }] });
      expect(fieldMessages(shops)["fee_lines.0.name"]).toMatch(/Another fee/);
    } finally {
      await updateSettings(shop.db, { cartFees: [] });
    }
    // The schema's, under fee_lines with the field's path in the message: too long a name, a total that is no whole number of minor units, an unknown tax status.
    for (const [line, field] of [
      [{ name: "x".repeat(101), total: 100 }, "fee_lines.0.name"],
      [{ name: "Fee", total: "ten" }, "fee_lines.0.total"],
      [{ name: "Fee", total: 1.5 }, "fee_lines.0.total"],
      [{ name: "Fee", total: 100, tax_status: "shipping" }, "fee_lines.0.tax_status"],
    ] as const) {
      const response = await create({ ...base(), fee_lines: [line] });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(response))).toEqual(["fee_lines"]);
      expect(fieldMessages(response).fee_lines).toMatch(new RegExp(`^${field.replaceAll(".", "\\.")} `));
    }
    const after = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("stock and coupons", () => {
  it("takes stock in every status an order may be made in, and gives it back once when cancelled", async () => {
    const before = await stockOf(tShirt);
    const ids: number[] = [];
    for (const status of ["pending", "on-hold", "processing", "completed"]) {
      const made = await create({ status, billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 2 }] });
      expect(made.statusCode).toBe(201);
      expect(made.json().status).toBe(status);
      expect(made.json().date_paid === null).toBe(status === "pending" || status === "on-hold");
      ids.push(made.json().id);
    }
    expect(await stockOf(tShirt)).toBe((before ?? 0) - 8);
    expect((await adminCall(owner, "POST", `/orders/${ids[0]}/status`, { status: "cancelled" })).statusCode).toBe(200);
    expect(await stockOf(tShirt)).toBe((before ?? 0) - 6);
  });

  it("never sells below zero when two orders race for the last units", async () => {
    const left = (await stockOf(print)) ?? 0;
    expect(left).toBeGreaterThan(0);
    const body = { billing: testBilling(), line_items: [{ product_id: print, quantity: left }] };
    const [a, b] = await Promise.all([create(body), create(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(Object.keys(fieldMessages(refused))).toEqual(["line_items.0.quantity"]);
    expect(await stockOf(print)).toBe(0);
    const orders = await shop.db.selectFrom("order_items").select("order_id").where("product_id", "=", print).execute();
    expect(orders).toHaveLength(1);
  });

  it("counts a coupon's use, and refuses one at its limit with the reason", async () => {
    await insertCoupon(shop.db, "byhand1", { usage_limit: 1 });
    const body = { billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 1 }], coupon_lines: [{ code: "BYHAND1" }] };
    expect((await create(body)).statusCode).toBe(201);
    expect(await usesOf("byhand1")).toBe(1);
    const again = await create(body);
    expect(again.statusCode).toBe(400);
    expect(fieldMessages(again)["coupon_lines.0.code"]).toMatch(/usage limit/i);
    expect(await usesOf("byhand1")).toBe(1);
  });
});

describe("bad input", () => {
  const good = () => ({ billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 1 }] });
  const refused = async (body: Record<string, unknown>) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    return fieldMessages(response);
  };

  it("names each field that cannot stand, all at once, and keeps nothing", async () => {
    const before = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const fields = await refused({
      customer_id: 999_999,
      billing: { ...testBilling(), country: "XX" },
      line_items: [
        { product_id: 999_999, quantity: 1 },
        { product_id: hoodie, quantity: 1 },
        { product_id: mug, quantity: 1 },
      ],
    });
    expect(Object.keys(fields).sort()).toEqual(
      ["billing.country", "customer_id", "line_items.0.product_id", "line_items.1.variation_id", "line_items.2.quantity"].sort(),
    );
    expect(fields["line_items.1.variation_id"]).toMatch(/Hoodie/);
    expect(fields["line_items.2.quantity"]).toMatch(/out of stock/);
    const after = await shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a quantity below one, more than the shelf holds, a variation of another product", async () => {
    expect(Object.keys(await refused({ ...good(), line_items: [{ product_id: tShirt, quantity: 0 }] }))).toEqual(["line_items.0.quantity"]);
    const lots = await refused({ ...good(), line_items: [{ product_id: tShirt, quantity: 100_000 }] });
    expect(lots["line_items.0.quantity"]).toMatch(/not enough stock/);
    const wrong = await refused({ ...good(), line_items: [{ product_id: tShirt, variation_id: redL, quantity: 1 }] });
    expect(wrong["line_items.0.variation_id"]).toMatch(/no variations/);
  });

  it("counts a product's units over all its lines, as the checkout's one line of it", async () => {
    const book = await productId(shop.app, "signed-book");
    const twice = await refused({
      ...good(),
      line_items: [
        { product_id: book, quantity: 1 },
        { product_id: book, quantity: 1 },
      ],
    });
    expect(Object.keys(twice)).toEqual(["line_items.1.quantity"]);
    expect(twice["line_items.1.quantity"]).toMatch(/Signed Book/);
    // Priced alone, the same: the console's totals refuse it before Create order.
    const calculated = await adminCall(owner, "POST", "/orders/calculate", {
      ...good(),
      line_items: [
        { product_id: book, quantity: 1 },
        { product_id: tShirt, quantity: 1 },
        { product_id: book, quantity: 1 },
      ],
    });
    expect(calculated.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(calculated))).toEqual(["line_items.2.quantity"]);
  });

  it("refuses an order priced beyond what an order can hold, naming the line or the shipping charge, and keeps nothing", async () => {
    const stock = await stockOf(tShirt);
    const huge = await refused({ ...good(), shipping_lines: [{ method_title: "Freight", total: 2_147_483_647 }] });
    expect(Object.keys(huge)).toEqual(["shipping_lines.0.total"]);
    expect(huge["shipping_lines.0.total"]).toMatch(/more than an order can hold/);
    expect(await stockOf(tShirt)).toBe(stock);
    // A line worth more than that, whatever a coupon takes off it.
    const made = await adminCall(owner, "POST", "/products", { name: "Gold bar", regular_price: 30_000_000, status: "publish" });
    expect(made.statusCode, made.body).toBe(201);
    const pricey: number = made.json().id;
    const line = await adminCall(owner, "POST", "/orders/calculate", {
      ...good(),
      line_items: [
        { product_id: tShirt, quantity: 1 },
        { product_id: pricey, quantity: 90 },
      ],
    });
    expect(line.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(line))).toEqual(["line_items.1.quantity"]);
    // Lines each within it, together beyond it: named on the last line.
    const together = await refused({
      ...good(),
      line_items: [
        { product_id: pricey, quantity: 40 },
        { product_id: tShirt, quantity: 1 },
        { product_id: pricey, quantity: 40 },
      ],
    });
    expect(Object.keys(together)).toEqual(["line_items.2.quantity"]);
    // Fees each within their bound, together beyond it: named on the largest fee.
    const fees = await refused({
      ...good(),
      fee_lines: [
        { name: "Crate", total: 1_200_000_000, tax_status: "none" },
        { name: "Insurance", total: 1_500_000_000, tax_status: "none" },
      ],
    });
    expect(Object.keys(fees)).toEqual(["fee_lines.1.total"]);
    expect(await stockOf(tShirt)).toBe(stock);
  });

  it("gives a coupon's reason, and refuses set_paid on an order left unpaid", async () => {
    const expired = await refused({ ...good(), coupon_lines: [{ code: "EXPIRED" }] });
    expect(expired["coupon_lines.0.code"]).toMatch(/expired/i);
    const missing = await refused({ ...good(), coupon_lines: [{ code: "NO-SUCH" }] });
    // A code no coupon has is said not to exist, as the cart says it, not to "no longer" exist.
    expect(missing["coupon_lines.0.code"]).toBe('Coupon "no-such" does not exist!');
    // A code sent twice is one coupon: the refusal after it names the line it was sent on.
    const repeated = await refused({ ...good(), coupon_lines: [{ code: "save10" }, { code: "SAVE10" }, { code: "NO-SUCH" }] });
    expect(Object.keys(repeated)).toEqual(["coupon_lines.2.code"]);
    // Spaces pass the schema's length: a blank code or shipping line's name is named as blank.
    const blanks = await refused({ ...good(), coupon_lines: [{ code: "  " }], shipping_lines: [{ method_title: " ", total: 500 }] });
    expect(blanks).toEqual({
      "coupon_lines.0.code": "Enter a coupon code, or remove this line.",
      "shipping_lines.0.method_title": "Name the shipping line, as the customer will see it.",
    });
    expect(Object.keys(await refused({ ...good(), status: "pending", set_paid: true }))).toEqual(["set_paid"]);
    expect(Object.keys(await refused({ ...good(), status: "cancelled" }))).toEqual(["status"]);
  });

  it("checks what is typed of an address by the checkout's rules, and asks for nothing the owner left out (decision 0101)", async () => {
    const fields = await refused({
      ...good(),
      billing: { first_name: "Half", email: "not-an-email", country: "US", state: "Atlantis", postcode: "ABC" },
      shipping: { city: "Paris" },
    });
    expect(Object.keys(fields).sort()).toEqual(["billing.email", "billing.postcode", "billing.state", "shipping.country"]);
    expect(fields["billing.email"]).toMatch(/valid email/i);
    expect(fields["shipping.country"]).toMatch(/country/i);
    // A country the shop does not sell to is refused as at checkout.
    await updateSettings(shop.db, { sellToCountries: ["US", "GB"] });
    try {
      expect(Object.keys(await refused({ ...good(), billing: { first_name: "Far", country: "JP" } }))).toEqual(["billing.country"]);
    } finally {
      await updateSettings(shop.db, { sellToCountries: [] });
    }
    expect((await create({ ...good(), shipping: {} })).statusCode).toBe(201);
  });
});

describe("who may", () => {
  it("answers guests 401 and shoppers 403; a manager may, as for every order write", async () => {
    const body = { billing: testBilling(), line_items: [{ product_id: tShirt, quantity: 1 }] };
    const guest = new StoreClient(shop.app, "browser");
    await guest.get("/cart");
    expect((await guest.request("POST", `${ADMIN}/orders`, body)).statusCode).toBe(401);
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await create(body, jane)).statusCode).toBe(403);
    expect((await adminCall(jane, "POST", "/orders/calculate", body)).statusCode).toBe(403);
    const manager = await signedInManager(shop.app, shop.db, "manager@by-hand.test");
    const made = await create(body, manager);
    expect(made.statusCode).toBe(201);
    expect(
      made.json().timeline.some((line: { type: string; actor: { type: string } }) => line.type === "note" && line.actor.type === "manager"),
    ).toBe(true);
  });
});

describe("the customer's payment page", () => {
  it("pays a pending order made by hand with the test card: processing, its stock taken and its coupon counted once", async () => {
    const before = (await stockOf(print)) ?? 0;
    await shop.db
      .updateTable("products")
      .set({ stock_quantity: before + 5, stock_status: "instock" })
      .where("id", "=", print)
      .execute();
    await insertCoupon(shop.db, "phone5", { usage_limit: 5 });
    const made = await create({
      billing: testBilling("phone-buyer@example.com"),
      line_items: [{ product_id: print, quantity: 2 }],
      coupon_lines: [{ code: "phone5" }],
      customer_note: "Called on Monday",
    });
    expect(made.statusCode).toBe(201);
    const order = made.json();
    expect(order.customer_note).toBe("Called on Monday");
    expect(order.timeline.find((line: { type: string }) => line.type === "note").message).toMatch(/^Order created by /);
    // Placed by the owner, not by a shopper.
    expect(order.timeline.find((line: { type: string }) => line.type === "placed").actor.type).toBe("owner");
    const url = new URL(order.payment_url, "http://shop.test");
    expect(url.pathname).toBe(`/checkout/order-pay/${order.id}`);
    expect(await stockOf(print)).toBe(before + 3);
    expect(await usesOf("phone5")).toBe(1);

    const customer = new StoreClient(shop.app);
    const paid = await customer.post(`/checkout/${order.id}`, {
      key: url.searchParams.get("key"),
      billing_email: "phone-buyer@example.com",
      payment_method: "test_card",
      payment_data: testCard(),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("processing");
    const read = (await adminCall(owner, "GET", `/orders/${order.id}`)).json();
    expect(read.status).toBe("processing");
    expect(read.payment_url).toBeNull();
    expect(await stockOf(print)).toBe(before + 3);
    expect(await usesOf("phone5")).toBe(1);
  });
});

describe("the sweep", () => {
  it("leaves a pending order made by hand waiting for its payment: only the checkout's unpaid orders lapse", async () => {
    const made = await create({ billing: testBilling("slow-payer@example.com"), line_items: [{ product_id: tShirt, quantity: 1 }] });
    expect(made.statusCode).toBe(201);
    const stock = await stockOf(tShirt);
    // A week later, with the shop holding stock for an hour.
    await cancelUnpaidOrders(shop.db, 60, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    expect((await adminCall(owner, "GET", `/orders/${made.json().id}`)).json().status).toBe("pending");
    expect(await stockOf(tShirt)).toBe(stock);
  });
});

describe("origin", () => {
  it("records an order made by hand as Web admin, listed, filtered and reported under its own row", async () => {
    const made = await create({
      billing: testBilling("origin@example.com"),
      line_items: [{ product_id: tShirt, quantity: 1 }],
      set_paid: true,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    expect(made.json().origin).toMatchObject({ origin: "Web admin", source_type: "admin" });
    expect((await adminCall(owner, "GET", `/orders/${id}`)).json().origin.origin).toBe("Web admin");

    // A checkout order with no attribution stays Unknown beside it.
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("shopper-origin@example.com"), payment_method: "cod" });
    expect(placed.statusCode).toBe(200);
    const listed = async (query: string) =>
      ((await adminCall(owner, "GET", `/orders?per_page=100&${query}`)).json().orders as { id: number; origin: string }[]).map(
        (o) => `${o.id} ${o.origin}`,
      );
    const mine = await listed("source_type=admin");
    expect(mine).toContain(`${id} Web admin`);
    expect(mine.every((line) => line.endsWith(" Web admin"))).toBe(true);
    const unknown = await listed("source_type=unknown");
    expect(unknown).toContain(`${placed.json().order_id} Unknown`);
    expect(unknown).not.toContain(`${id} Web admin`);

    const day = new Date().toISOString().slice(0, 10);
    // Every order made by hand in this file is Web admin; each report counts those in its statuses.
    const handMade = async (statuses: readonly OrderStatus[]) =>
      Number(
        (
          await shop.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("cart_id", "like", `${BY_HAND_CART_PREFIX}%`)
            .where("status", "in", [...statuses])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const overview = (await adminCall(owner, "GET", `/reports/overview?from=${day}&to=${day}`)).json();
    const admin = overview.orders_by_origin.filter((line: { source_type: string }) => line.source_type === "admin");
    expect(admin).toEqual([expect.objectContaining({ source_type: "admin", origin: "Web admin", orders: await handMade(PAID_STATUSES) })]);
    const report = (await owner.get(`/attribution/report?after=${day}&before=${day}`)).json();
    const line = report.lines.filter((l: { source_type: string }) => l.source_type === "admin");
    expect(line).toEqual([expect.objectContaining({ source: "", origin: "Web admin", orders: await handMade(PLACED_STATUSES) })]);
  });
});

describe("orders taken by phone (decision 0101)", () => {
  const lines = () => [{ product_id: tShirt, quantity: 2 }];
  const SHIPPING = [{ method_title: "Courier", total: 500 }];

  it("makes an order with only a name and a phone, taxed at the shop's base address as a cart without one is", async () => {
    const body = {
      billing: { first_name: "Grace", last_name: "Caller", phone: "555-0199" },
      line_items: lines(),
      shipping_lines: SHIPPING,
    };
    const calculated = await adminCall(owner, "POST", "/orders/calculate", body);
    expect(calculated.statusCode, calculated.body).toBe(200);
    // The shop's base location is CA (7.25%): the same order addressed there is taxed the same.
    const atBase = await adminCall(owner, "POST", "/orders/calculate", {
      ...body,
      billing: { first_name: "Grace", country: "US", state: "CA" },
    });
    expect(calculated.json().totals).toEqual(atBase.json().totals);
    expect(calculated.json().totals.tax).toBeGreaterThan(0);
    // Elsewhere it would differ: the address, when given, counts.
    const inNewYork = await adminCall(owner, "POST", "/orders/calculate", { ...body, billing: { country: "US", state: "NY" } });
    expect(inNewYork.json().totals.tax).not.toBe(calculated.json().totals.tax);

    const made = await create(body);
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json();
    expect(order.billing_address).toMatchObject({ first_name: "Grace", last_name: "Caller", phone: "555-0199", email: "", country: "" });
    expect(order.totals.total).toBe(calculated.json().totals.total);
    expect(order.payment_url).toMatch(/order-pay/);
    // It is found by the name it was given.
    const found = await adminCall(owner, "GET", "/orders?search=Caller");
    expect(found.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);
    // Its invoice cannot be e-mailed: the owner is told why, from a process with a mailer.
    const outbox = newOutbox();
    const mailing = await secondProcess(shop, { mailer: outboxMailer(outbox) });
    try {
      const invoice = await adminCall(await ownerOn(mailing.app), "POST", `/orders/${order.id}/emails`, { email: "customer_invoice" });
      expect(invoice.statusCode).toBe(409);
      expect(invoice.json()).toMatchObject({
        code: "cw_rest_order_no_email",
        message: "The order has no billing email address to send to.",
      });
      expect(mailsOf(outbox, order.id, "invoice")).toEqual([]);
    } finally {
      await mailing.close();
    }
  });

  it("makes an order with only an e-mail", async () => {
    const made = await create({ billing: { email: "only-email@example.com" }, line_items: lines() });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().customer.email).toBe("only-email@example.com");
  });

  it("takes the e-mail added later to its name and phone without a street (decision 0145), still checking what is typed", async () => {
    const made = await create({ billing: { first_name: "Hal", phone: "555-0142" }, line_items: lines() });
    const path = `/orders/${made.json().id}/addresses/billing`;
    const added = await adminCall(owner, "PUT", path, { first_name: "Hal", phone: "555-0142", email: "hal@example.com" });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().billing_address).toMatchObject({ first_name: "Hal", phone: "555-0142", email: "hal@example.com", address_1: "" });
    expect(added.json().customer.email).toBe("hal@example.com");

    // A field not sent keeps its value: the e-mail alone changes the e-mail, not the name or the phone.
    const emailOnly = await adminCall(owner, "PUT", path, { email: "hal.new@example.com" });
    expect(emailOnly.statusCode, emailOnly.body).toBe(200);
    expect(emailOnly.json().billing_address).toMatchObject({ first_name: "Hal", phone: "555-0142", email: "hal.new@example.com" });
    // An empty string clears.
    const cleared = await adminCall(owner, "PUT", path, { phone: "" });
    expect(cleared.json().billing_address).toMatchObject({ first_name: "Hal", phone: "", email: "hal.new@example.com" });

    const typo = await adminCall(owner, "PUT", path, { first_name: "Hal", email: "hal@", country: "US", state: "ZZ" });
    expect(typo.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(typo)).sort()).toEqual(["email", "state"]);
    const shipping = await adminCall(owner, "PUT", `/orders/${made.json().id}/addresses/shipping`, { first_name: "Hal" });
    expect(shipping.statusCode, shipping.body).toBe(200);
  });

  it("keeps both fields when two address edits of different fields arrive together (owner audit 2026-12-06)", async () => {
    const made = await create({ billing: { first_name: "Ida", phone: "555-0100" }, line_items: lines() });
    const path = `/orders/${made.json().id}/addresses/billing`;
    for (let round = 0; round < 10; round++) {
      const replies = await Promise.all([
        adminCall(owner, "PUT", path, { email: `ida${round}@example.com` }),
        adminCall(owner, "PUT", path, { phone: `555-01${10 + round}` }),
      ]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
      const order = (await adminCall(owner, "GET", `/orders/${made.json().id}`)).json();
      expect(order.billing_address).toMatchObject({ first_name: "Ida", email: `ida${round}@example.com`, phone: `555-01${10 + round}` });
    }
  });

  it("still needs a whole address on an order placed at the checkout", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.get("/cart");
    await shopper.post("/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("placed@example.com"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    const path = `/orders/${placed.json().order_id}/addresses/billing`;
    const edit = await adminCall(owner, "PUT", path, { first_name: "Pat", last_name: "", address_1: "", city: "", postcode: "" });
    expect(edit.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(edit)).sort()).toEqual(["address_1", "city", "last_name", "postcode"]);
    // The fields not sent keep their values, which the checkout's rules then find whole.
    const renamed = await adminCall(owner, "PUT", path, { first_name: "Pat" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().billing_address).toMatchObject({ first_name: "Pat", email: "placed@example.com" });
  });
});

describe("a hand-made order's customer (decision 0101)", () => {
  it("refuses a member of staff as the customer, naming customer_id, and keeps nothing", async () => {
    const manager = await signedInManager(shop.app, shop.db, "staff-customer@by-hand.test");
    const managerId = (
      await shop.db.selectFrom("customers").select("id").where("email", "=", "staff-customer@by-hand.test").executeTakeFirstOrThrow()
    ).id;
    const ownerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", "owner@example.com").executeTakeFirstOrThrow())
      .id;
    const count = async () =>
      Number(
        (
          await shop.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const id of [ownerId, managerId]) {
      const response = await create({
        customer_id: id,
        billing: testBilling("staff@example.com"),
        line_items: [{ product_id: tShirt, quantity: 1 }],
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(response))).toEqual(["customer_id"]);
      expect(fieldMessages(response).customer_id).toMatch(/member of staff/);
    }
    // A manager making the order is refused the same way for the owner's account.
    const byManager = await create(
      { customer_id: ownerId, billing: testBilling("staff@example.com"), line_items: [{ product_id: tShirt, quantity: 1 }] },
      manager,
    );
    expect(Object.keys(fieldMessages(byManager))).toEqual(["customer_id"]);
    expect(await count()).toBe(before);

    // A shopper's account is still the customer an order is made for.
    const shopper = new StoreClient(shop.app);
    expect(
      (await shopper.post("/account/register", { email: "phone-customer@by-hand.test", password: "a-long-password-2026" })).statusCode,
    ).toBe(201);
    const customerId = (
      await shop.db.selectFrom("customers").select("id").where("email", "=", "phone-customer@by-hand.test").executeTakeFirstOrThrow()
    ).id;
    const made = await create({
      customer_id: customerId,
      billing: { first_name: "Pat" },
      line_items: [{ product_id: tShirt, quantity: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().customer.id).toBe(customerId);
  });
});
