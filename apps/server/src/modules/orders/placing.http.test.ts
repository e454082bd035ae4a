/** The orders calls the checkout places and settles with, where they hold rules of their own. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { insertCoupon } from "../../../../../test/coupons.ts";
import { productId } from "../../../../../test/store-client.ts";
import { createOrder, findOrder, type NewOrder, recordPaymentOutcome, setOrderLines, takeStock, useCoupon } from "./index.ts";

let shop: TestShop;
let limitedPrint: number;
beforeAll(async () => {
  shop = await createTestShop();
  limitedPrint = await productId(shop.app, "limited-print");
});
afterAll(() => shop.close());

const NOW = "2026-11-24T12:00:00.000Z";

function newOrder(fields: Partial<NewOrder> = {}): NewOrder {
  return {
    cart_id: `cart-${crypto.randomUUID()}`,
    status: "pending",
    order_key: `cw_order_${crypto.randomUUID().slice(0, 16)}`,
    customer_id: null,
    billing_email: "ada@example.com",
    billing_address: "{}",
    shipping_address: "{}",
    customer_note: "",
    payment_method: "test_card",
    payment_method_title: "Card",
    payment_details: "[]",
    transaction_id: "",
    currency: "USD",
    total: 1000,
    total_tax: 0,
    total_shipping: 0,
    total_discount: 0,
    totals: "{}",
    shipping_lines: "[]",
    fee_lines: "[]",
    additional_fields: "{}",
    extensions: "{}",
    stock_taken: 0,
    created_at: NOW,
    updated_at: NOW,
    paid_at: null,
    payment_attempt: "",
    emails_due: 0,
    ...fields,
  };
}

const addCoupon = (code: string, limits: { usage_limit: number | null; usage_limit_per_user: number | null; usage_count: number }) =>
  insertCoupon(shop.db, code, { created_at: NOW, ...limits });

const usesOf = async (couponId: number) =>
  (await shop.db.selectFrom("coupons").select("usage_count").where("id", "=", couponId).executeTakeFirstOrThrow()).usage_count;
const stockOf = async (id: number) =>
  (await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity;

/** An order as the checkout leaves it once placed: its line's stock and its coupon use taken, waiting for `attempt`. */
async function placedOrder(couponId: number, fields: Partial<NewOrder> = {}) {
  const id = await createOrder(shop.db, newOrder({ stock_taken: 1, ...fields }));
  await setOrderLines(
    shop.db,
    id,
    [
      {
        product_id: limitedPrint,
        variation_id: null,
        name: "Limited print",
        sku: "",
        quantity: 1,
        variation: "[]",
        subtotal: 1000,
        subtotal_tax: 0,
        total: 1000,
        total_tax: 0,
        position: 0,
      },
    ],
    [{ coupon_id: couponId, code: "x", discount: 0, discount_tax: 0 }],
  );
  await shop.db.updateTable("order_coupons").set({ usage_counted: 1 }).where("order_id", "=", id).execute();
  return id;
}

describe("useCoupon", () => {
  it("counts a use unless the shopper, by email or account, used up their own limit, or the coupon its overall one", async () => {
    const couponId = await addCoupon("once-each", { usage_limit: 2, usage_limit_per_user: 1, usage_count: 1 });
    // Ada used it once already, in a placed order under her account.
    await placedOrder(couponId, { billing_email: "ada@example.com", customer_id: 2 });
    const attempt = await createOrder(shop.db, newOrder());
    const coupon = { id: couponId, usageLimitPerUser: 1 };

    expect(await useCoupon(shop.db, attempt, coupon, { email: "ada@example.com", customerId: 0 })).toBe(false);
    expect(await useCoupon(shop.db, attempt, coupon, { email: "other@example.com", customerId: 2 })).toBe(false);
    expect(await usesOf(couponId)).toBe(1);
    expect(await useCoupon(shop.db, attempt, coupon, { email: "bea@example.com", customerId: 0 })).toBe(true);
    expect(await usesOf(couponId)).toBe(2);
    // The overall limit is reached: nobody else gets it, whatever their own count.
    expect(await useCoupon(shop.db, attempt, { id: couponId, usageLimitPerUser: null }, { email: "cy@example.com", customerId: 0 })).toBe(
      false,
    );
    expect(await usesOf(couponId)).toBe(2);
  });
});

describe("recordPaymentOutcome", () => {
  it("records once per attempt; a failure gives back the order's stock and coupon use, a payment keeps them", async () => {
    await sql`update products set stock_quantity = 5, stock_status = 'instock' where id = ${limitedPrint}`.execute(shop.db);
    const couponId = await addCoupon("outcomes", { usage_limit: null, usage_limit_per_user: null, usage_count: 0 });

    const declinedId = await placedOrder(couponId, { payment_attempt: "pay_declined" });
    expect(await takeStock(shop.db, limitedPrint, 1, declinedId, NOW)).toBe(true);
    expect(await useCoupon(shop.db, declinedId, { id: couponId, usageLimitPerUser: null }, { email: "a@example.com", customerId: 0 })).toBe(
      true,
    );
    expect([await stockOf(limitedPrint), await usesOf(couponId)]).toEqual([4, 1]);
    const declined = await findOrder(shop.db, declinedId);
    if (!declined) throw new Error("order not written");

    // Another attempt's outcome is not this one's: nothing changes.
    expect(await recordPaymentOutcome(shop.db, { ...declined, payment_attempt: "pay_other" }, { status: "failed", updated_at: NOW })).toBe(
      false,
    );
    expect([await stockOf(limitedPrint), await usesOf(couponId)]).toEqual([4, 1]);

    expect(await recordPaymentOutcome(shop.db, declined, { status: "failed", updated_at: NOW })).toBe(true);
    expect([await stockOf(limitedPrint), await usesOf(couponId)]).toEqual([5, 0]);
    expect(await findOrder(shop.db, declinedId)).toMatchObject({ status: "failed", stock_taken: 0, payment_attempt: "" });
    // A second call racing to the same outcome finds it recorded and gives nothing back twice.
    expect(await recordPaymentOutcome(shop.db, declined, { status: "failed", updated_at: NOW })).toBe(false);
    expect([await stockOf(limitedPrint), await usesOf(couponId)]).toEqual([5, 0]);

    const paidId = await placedOrder(couponId, { payment_attempt: "pay_paid" });
    expect(await takeStock(shop.db, limitedPrint, 1, paidId, NOW)).toBe(true);
    const paid = await findOrder(shop.db, paidId);
    if (!paid) throw new Error("order not written");
    expect(await recordPaymentOutcome(shop.db, paid, { status: "processing", paid_at: NOW, updated_at: NOW })).toBe(true);
    expect(await stockOf(limitedPrint)).toBe(4);
    expect(await findOrder(shop.db, paidId)).toMatchObject({ status: "processing", stock_taken: 1, paid_at: NOW });
  });
});
