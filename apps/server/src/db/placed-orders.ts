/**
 * Orders that were really placed, and a shopper's coupon uses among them. Shared by the orders
 * module (the checkout counts a use at the moment of use) and the cart's pricing (a per-customer
 * limit refuses a coupon as soon as it applies), so both count uses the same way.
 */
import type { Db, OrderStatus } from "./schema.ts";

/** Statuses of orders that were really placed (not drafts, not failed or cancelled attempts). */
export const PLACED_STATUSES: OrderStatus[] = ["pending", "processing", "on-hold", "completed", "refunded"];

/** Who uses a coupon: the billing e-mail, and for a signed-in shopper also the account. */
export interface CouponShopper {
  email: string;
  customerId: number;
}

/**
 * The uses each coupon counts for this shopper in placed orders (other than `exceptOrderId`), by
 * coupon id; a coupon they never used is absent. A shopper with neither e-mail nor account has none.
 */
export async function couponUsesBy(db: Db, couponIds: number[], shopper: CouponShopper, exceptOrderId = 0): Promise<Map<number, number>> {
  const { email, customerId } = shopper;
  if (!couponIds.length || (!email && !customerId)) return new Map();
  const rows = await db
    .selectFrom("order_coupons as oc")
    .innerJoin("orders as o", "o.id", "oc.order_id")
    .select((eb) => ["oc.coupon_id", eb.fn.countAll<number>().as("uses")])
    .where("oc.coupon_id", "in", couponIds)
    .where("oc.usage_counted", "=", 1)
    .where("o.id", "<>", exceptOrderId)
    .where("o.status", "in", PLACED_STATUSES)
    .where((eb) =>
      customerId ? eb.or([eb("o.billing_email", "=", email), eb("o.customer_id", "=", customerId)]) : eb("o.billing_email", "=", email),
    )
    .groupBy("oc.coupon_id")
    .execute();
  return new Map(rows.map((row) => [row.coupon_id, Number(row.uses)]));
}
