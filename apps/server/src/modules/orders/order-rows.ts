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

/**
 * A fee as an order keeps it (decision 0101): its line id (unique on the order), its name, its total
 * and tax in minor units as strings (as the Store API's totals), and how it was taxed, its tax status
 * and class ("" the standard class), so that an edit of the order prices it again as it was.
 */
export interface StoredFeeLine {
  id: string;
  name: string;
  total: string;
  total_tax: string;
  tax_status: "taxable" | "none";
  tax_class: string;
}

/** The fees the view showed (a fee of 0 is not shown, nor kept), each with how the pricing taxed it. */
export function orderFeesOf(pricing: Priced, view: StoreCart): StoredFeeLine[] {
  const priced = new Map(pricing.fees.map((fee) => [fee.id, fee]));
  return view.fees.map((fee) => {
    const source = priced.get(fee.id);
    if (!source) throw new Error(`the order's fee ${fee.id} was shown but not priced`);
    return {
      id: fee.id,
      name: fee.name,
      total: fee.totals.total,
      total_tax: fee.totals.total_tax,
      tax_status: source.taxable ? "taxable" : "none",
      tax_class: source.taxable ? source.taxClass : "",
    };
  });
}

/**
 * An order's kept fees read back. Every row is backfilled (migration 042); a value a hand edit of
 * the database left out reads as the checkout wrote it before: its position's id, taxable when taxed.
 */
export function readFeeLines(json: string): StoredFeeLine[] {
  const fees = JSON.parse(json) as Partial<StoredFeeLine>[];
  return fees.map((fee, index) => ({
    id: typeof fee.id === "string" && fee.id ? fee.id : `fee-${index + 1}`,
    name: String(fee.name ?? ""),
    total: String(fee.total ?? "0"),
    total_tax: String(fee.total_tax ?? "0"),
    tax_status: fee.tax_status === "none" || fee.tax_status === "taxable" ? fee.tax_status : Number(fee.total_tax) ? "taxable" : "none",
    tax_class: typeof fee.tax_class === "string" ? fee.tax_class : "",
  }));
}

/**
 * A tax rate an order was charged at, kept with its totals whatever the shop shows (decision 0152), as
 * WooCommerce keeps a tax item per rate: its rate id, name and label, the tax on items and fees
 * (`tax_total`) and on shipping (`shipping_tax_total`), integer minor units. The rates add up to the
 * order's `total_tax` and `total_shipping_tax`.
 */
export interface StoredTaxRate {
  rate_id: number;
  name: string;
  rate: string;
  tax_total: number;
  shipping_tax_total: number;
}

/** The order's totals as kept: the view's, as the shopper saw them, and its taxes by rate. */
export function orderTotalsOf(pricing: Priced, view: StoreCart): string {
  const taxes_by_rate: StoredTaxRate[] = pricing.result.tax_lines.map((line) => ({
    rate_id: line.rateId,
    name: line.name,
    rate: line.rate,
    tax_total: line.price - line.shippingTax,
    shipping_tax_total: line.shippingTax,
  }));
  return JSON.stringify({ ...view.totals, taxes_by_rate });
}

/** An order's taxes by rate; undefined for an order placed before they were kept (decision 0152). */
export function readTaxRates(totals: { taxes_by_rate?: unknown }): StoredTaxRate[] | undefined {
  if (!Array.isArray(totals.taxes_by_rate)) return undefined;
  return (totals.taxes_by_rate as Partial<StoredTaxRate>[]).map((line) => ({
    rate_id: Number(line.rate_id) || 0,
    name: String(line.name ?? ""),
    rate: String(line.rate ?? ""),
    tax_total: Number(line.tax_total) || 0,
    shipping_tax_total: Number(line.shipping_tax_total) || 0,
  }));
}

/**
 * The taxes an order shows, as the shop shows taxes now (decision 0152), WooCommerce's way: by rate
 * when it itemises them, else none (the pages then show one "Tax" line of the order's tax). An order
 * kept before its taxes by rate shows the lines it kept, by rate only if the shop itemised them then.
 */
export function shownTaxLines(totals: { taxes_by_rate?: unknown; tax_lines?: unknown }, itemised: boolean) {
  if (!itemised) return [];
  const byRate = readTaxRates(totals);
  if (!byRate) {
    const kept = Array.isArray(totals.tax_lines) ? (totals.tax_lines as { name?: unknown; rate?: unknown; price?: unknown }[]) : [];
    return kept.map((line) => ({ name: String(line.name ?? ""), rate: String(line.rate ?? ""), amount: Number(line.price) || 0 }));
  }
  return byRate
    .map((line) => ({ name: line.name, rate: line.rate, amount: line.tax_total + line.shipping_tax_total }))
    .filter((line) => line.amount !== 0);
}
