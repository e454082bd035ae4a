/**
 * Per-customer coupon limits (usage_limit_per_user, issue 20) on SQLite and PostgreSQL: the cart
 * refuses a coupon the shopper used up as soon as it applies (apply-coupon, a billing e-mail
 * entered, a signed-in customer), counting uses by account and billing e-mail as the checkout
 * does; the checkout still counts at the moment of use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { insertCoupon } from "../../../../../test/coupons.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop();
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

/** A 10 % coupon each shopper may use `perShopper` times. */
const addCoupon = (code: string, perShopper: number) => insertCoupon(shop.db, code, { usage_limit_per_user: perShopper });

const usesOf = async (id: number) =>
  (await shop.db.selectFrom("coupons").select("usage_count").where("id", "=", id).executeTakeFirstOrThrow()).usage_count;

const usedUp = (code: string) => `You have already used coupon "${code}" as many times as it allows.`;

async function guestWithShirt() {
  const client = new StoreClient(shop.app);
  await client.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  return client;
}

/** An order placed with the coupon, paid on delivery. */
async function orderWith(client: StoreClient, code: string, email: string) {
  await client.cart("POST", "/cart/apply-coupon", { code });
  const placed = await client.post("/checkout", { billing_address: testBilling(email), payment_method: "cod" });
  expect(placed.statusCode).toBe(200);
  return placed.json();
}

describe("per-customer coupon limits in the cart", () => {
  it("refuses at apply-coupon a coupon the signed-in customer used up, whatever billing email the cart holds", async () => {
    const code = "once-per-account";
    const id = await addCoupon(code, 1);
    const customer = new StoreClient(shop.app);
    expect(
      (await customer.post("/account/register", { email: "limit.customer@example.com", password: "limit-password-1" })).statusCode,
    ).toBe(201);
    await customer.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    await orderWith(customer, code, "limit.customer@example.com");
    expect(await usesOf(id)).toBe(1);

    await customer.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    await customer.cart("POST", "/cart/update-customer", { billing_address: { email: "another.address@example.com" } });
    const refused = await customer.post("/cart/apply-coupon", { code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "cw_rest_cart_coupon_error", message: usedUp(code) });
    expect((await customer.cart("GET", "/cart")).coupons).toEqual([]);
  });

  it("applies a coupon under its limit, and refuses it once a guest enters the billing email that used it up", async () => {
    const code = "once-per-email";
    const id = await addCoupon(code, 1);
    await orderWith(await guestWithShirt(), code, "used.it@example.com");

    const guest = await guestWithShirt();
    const applied = await guest.cart("POST", "/cart/apply-coupon", { code });
    expect(applied.coupons.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(Number(applied.totals.total_discount)).toBeGreaterThan(0);

    const entered = await guest.cart("POST", "/cart/update-customer", { billing_address: { email: "used.it@example.com" } });
    expect(entered.coupons).toEqual([]);
    expect(entered.totals.total_discount).toBe("0");
    expect(entered.errors).toContainEqual({ code: "cw_rest_cart_coupon_error", message: usedUp(code) });
    // The kept reply answers the same.
    expect((await guest.cart("GET", "/cart")).errors).toContainEqual({ code: "cw_rest_cart_coupon_error", message: usedUp(code) });
    const again = await guest.post("/cart/apply-coupon", { code });
    expect(again.json()).toMatchObject({ code: "cw_rest_cart_coupon_error", message: usedUp(code) });

    // Another e-mail is another shopper: the coupon applies again and is used.
    const other = await guest.cart("POST", "/cart/update-customer", { billing_address: { email: "not.yet@example.com" } });
    expect(other.coupons.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(other.errors).toEqual([]);
    const placed = await guest.post("/checkout", { billing_address: testBilling("not.yet@example.com"), payment_method: "cod" });
    expect(placed.statusCode).toBe(200);
    expect(await usesOf(id)).toBe(2);
  });

  it("applies a coupon a shopper used fewer times than it allows", async () => {
    const code = "twice-per-email";
    await addCoupon(code, 2);
    await orderWith(await guestWithShirt(), code, "twice@example.com");
    const guest = await guestWithShirt();
    await guest.cart("POST", "/cart/update-customer", { billing_address: { email: "twice@example.com" } });
    const applied = await guest.cart("POST", "/cart/apply-coupon", { code });
    expect(applied.coupons.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(applied.errors).toEqual([]);
  });

  it("still refuses at checkout the second of two orders racing for a shopper's last use", async () => {
    const code = "race-per-email";
    const id = await addCoupon(code, 1);
    const first = await guestWithShirt();
    const second = await guestWithShirt();
    for (const client of [first, second]) {
      await client.cart("POST", "/cart/update-customer", { billing_address: { email: "racer@example.com" } });
      expect((await client.cart("POST", "/cart/apply-coupon", { code })).coupons).toHaveLength(1);
    }
    const answers = await Promise.all(
      [first, second].map((client) =>
        client.post("/checkout", { billing_address: testBilling("racer@example.com"), payment_method: "cod" }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)?.json();
    expect(refused).toMatchObject({ code: "cw_rest_cart_coupon_errors", data: { removed_coupons: [code] } });
    expect(refused.data.cart.coupons).toEqual([]);
    expect(await usesOf(id)).toBe(1);
    const withCoupon = await shop.db
      .selectFrom("order_coupons")
      .select("order_id")
      .where("coupon_id", "=", id)
      .where("usage_counted", "=", 1)
      .execute();
    expect(withCoupon).toHaveLength(1);
  });
});
