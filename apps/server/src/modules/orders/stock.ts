/**
 * What an order holds of the shop: its lines' stock and its coupons' uses. Each moves exactly once
 * however many callers race (the checkout, the sweep, the owner): giving back claims `stock_taken`
 * 1 → 0 and each `order_coupons.usage_counted` 1 → 0 by conditional updates, taking again claims
 * them 0 → 1, and only the caller whose update changed the row moves the stock or the count.
 */
import type { Db } from "../../db/index.ts";
import { couponUsesBy } from "../../db/placed-orders.ts";
import { StoreError } from "../../http/errors.ts";
import * as repo from "./orders.repo.ts";

/** What a give-back returned: whether the stock went back, and the codes of coupons whose use was given back. */
export interface Released {
  stockReturned: boolean;
  couponsReturned: string[];
}

/** The order's lines as units still held: what restocking refunds already put back is not held any more. */
async function heldLines(db: Db, orderId: number) {
  return (await repo.orderItems(db, orderId))
    .map((item) => ({
      lineId: item.id,
      name: item.name,
      productId: item.variation_id ?? item.product_id,
      units: item.quantity - item.restocked_quantity,
    }))
    .filter((line) => line.units > 0);
}

/** Gives back what an order took (its stock and coupon uses), each only if this caller claims it. */
export async function releaseOrder(db: Db, order: repo.OrderRow, now: string): Promise<Released> {
  const stockReturned = await repo.claimStockRelease(db, order.id, now);
  if (stockReturned) for (const line of await heldLines(db, order.id)) await repo.returnStock(db, line.productId, line.units, now);
  const couponsReturned: string[] = [];
  for (const coupon of await repo.orderCoupons(db, order.id)) {
    if (!(await repo.claimCouponCounted(db, order.id, coupon.coupon_id, 0))) continue;
    await repo.uncountCouponUse(db, coupon.coupon_id);
    couponsReturned.push(coupon.code);
  }
  return { stockReturned, couponsReturned };
}

/** One line the shelf cannot serve, for the owner's 409. */
export interface ShortLine {
  line_id: number;
  name: string;
  quantity: number;
  in_stock: number | null;
}

export const outOfStock = (lines: ShortLine[]) =>
  new StoreError(
    "cw_rest_order_out_of_stock",
    `There is not enough stock to restore this order: ${lines.map((line) => line.name).join(", ")}.`,
    409,
    { lines },
  );

/**
 * Takes an order's stock and coupon uses again (an order brought back from cancelled or failed).
 * Every line the shelf cannot serve is named in one 409 and the caller's transaction is undone, so
 * nothing changed. A coupon at its usage limit is not counted (the order keeps its discount; its
 * flag stays 0, so a later give-back returns nothing for it).
 */
export async function retakeOrder(db: Db, order: repo.OrderRow, now: string): Promise<void> {
  if (await repo.claimStockTake(db, order.id)) {
    const lines = await heldLines(db, order.id);
    const stock = await repo.stockOf(db, [...new Set(lines.map((line) => line.productId))]);
    const short: ShortLine[] = [];
    for (const line of lines) {
      const product = stock.get(line.productId);
      // A product deleted or not keeping stock has nothing to take.
      if (!product?.managed) continue;
      if (!(await repo.takeStock(db, line.productId, line.units, order.id, now)))
        short.push({ line_id: line.lineId, name: line.name, quantity: line.units, in_stock: product.inStock });
    }
    if (short.length) throw outOfStock(short);
    await repo.replaceHolds(db, order.id, [], now);
  }
  for (const coupon of await repo.orderCoupons(db, order.id)) {
    if (!(await repo.claimCouponCounted(db, order.id, coupon.coupon_id, 1))) continue;
    if (!(await repo.countCouponUse(db, coupon.coupon_id))) await repo.claimCouponCounted(db, order.id, coupon.coupon_id, 0);
  }
}

/** Why an order could not take back what it held to be paid again: the lines the shelf lacks, or the coupons at a limit. */
export type RetakeRefusal = { kind: "stock"; names: string[] } | { kind: "coupons"; codes: string[] };

/**
 * Takes an order's stock and coupon uses again for its shopper to pay it (a failed order paid
 * later), by the same claims as retakeOrder; unlike the owner's move, a coupon at its limit (the
 * coupon's own, or this shopper's per-customer one, counted as the checkout counts it) refuses the
 * payment rather than being kept uncounted. Answers the refusal; the caller's transaction is then undone.
 */
export async function retakeForPayment(db: Db, order: repo.OrderRow, now: string): Promise<RetakeRefusal | null> {
  if (await repo.claimStockTake(db, order.id)) {
    const lines = await heldLines(db, order.id);
    const stock = await repo.stockOf(db, [...new Set(lines.map((line) => line.productId))]);
    const short = new Set<string>();
    for (const line of lines) {
      if (!stock.get(line.productId)?.managed) continue;
      if (!(await repo.takeStock(db, line.productId, line.units, order.id, now))) short.add(line.name);
    }
    if (short.size) return { kind: "stock", names: [...short] };
    await repo.replaceHolds(db, order.id, [], now);
  }
  const coupons = await repo.orderCoupons(db, order.id);
  const limits = await repo.couponLimitsPerUser(
    db,
    coupons.map((coupon) => coupon.coupon_id),
  );
  const shopper = { email: order.billing_email, customerId: order.customer_id ?? 0 };
  const refused: string[] = [];
  for (const coupon of coupons) {
    if (!(await repo.claimCouponCounted(db, order.id, coupon.coupon_id, 1))) continue;
    if (!(await repo.countCouponUse(db, coupon.coupon_id))) {
      refused.push(coupon.code);
      continue;
    }
    const limit = limits.get(coupon.coupon_id) ?? null;
    if (limit === null) continue;
    const uses = (await couponUsesBy(db, [coupon.coupon_id], shopper, order.id)).get(coupon.coupon_id) ?? 0;
    if (uses >= limit) refused.push(coupon.code);
  }
  return refused.length ? { kind: "coupons", codes: refused } : null;
}
