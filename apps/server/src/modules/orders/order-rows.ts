/**
 * An order's line and coupon rows from a priced cart and the view it was shown as: one writer for the
 * checkout's orders and the owner's orders made by hand, so both store a line's totals the same way.
 */
import type { StoreCart } from "@cartwright/commerce";
import type { HandPriced } from "../cart/index.ts";
import type { NewOrderItem } from "./orders.repo.ts";

/** What both callers price with: the checkout's pricing is this and its views. */
type Priced = HandPriced["priced"];

/** The lines with the totals the view showed for each; a line the view lacks is a pricing bug, never a zero. */
export function orderLinesOf(pricing: Priced, view: StoreCart): NewOrderItem[] {
  const items = new Map(view.items.map((item) => [item.key, item]));
  return pricing.lines.map((line, position) => {
    const item = items.get(line.key);
    if (!item) throw new Error(`the order's line ${line.key} was priced but not shown`);
    return {
      product_id: line.item.parent.id,
      variation_id: line.item.row.type === "variation" ? line.item.row.id : null,
      name: line.item.parent.name,
      sku: line.item.row.sku,
      quantity: line.quantity,
      variation: JSON.stringify(item.variation),
      subtotal: Number(item.totals.line_subtotal),
      subtotal_tax: Number(item.totals.line_subtotal_tax),
      total: Number(item.totals.line_total),
      total_tax: Number(item.totals.line_total_tax),
      position,
    };
  });
}

/** The coupons applied, each with the discount and its tax the pricing gave it. */
export function orderCouponsOf(pricing: Priced) {
  return pricing.coupons.map((c) => ({
    coupon_id: c.id,
    code: c.code,
    discount: pricing.result.coupons[c.code]?.discount ?? 0,
    discount_tax: pricing.result.coupons[c.code]?.discount_tax ?? 0,
  }));
}
