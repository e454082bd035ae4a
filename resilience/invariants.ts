/**
 * What must hold in a shop's database whatever happened to it (issue 21): read through the
 * server's own Kysely layer, so one function checks SQLite and PostgreSQL alike. Each scenario of
 * the resilience suite (fuzzing, crashes, soak…) calls `checkInvariants` at its end and counts
 * the violations it answers; none is ever fixed here.
 */
import { isCountryCode, isValidEmail } from "@cartwright/commerce";
import type { OwnerProduct } from "@cartwright/commerce/admin";
import type { Db } from "../apps/server/src/db/index.ts";
import { isStorableText } from "../apps/server/src/http/input.ts";
import { PAID_STATUSES } from "../apps/server/src/modules/orders/index.ts";

export type InvariantKind =
  | "stock"
  | "coupon-usage"
  | "order-lines"
  | "order-totals"
  | "order-refunds"
  | "payment-record"
  | "cart-quantity"
  | "stored-value"
  | "order-lost"
  | "entry-lost";

export interface Violation {
  kind: InvariantKind;
  /** Which row: `orders#12`, `products#3`… */
  where: string;
  message: string;
}

/** The add-item schema's largest quantity: a cart line outside 1…this was never accepted. */
export const MAX_CART_QUANTITY = 100_000;
/** Percent coupons are basis points: 10000 is 100 %. */
const MAX_PERCENT = 10_000;
/** The gateways that keep a charge per payment (payments/built-in.ts: those with `findPayment`); a paid order of theirs has one. */
export const CHARGING_GATEWAYS = ["test_card", "demo_express"] as const;

/**
 * Each stock-keeping product's stock plus the units that orders holding stock still hold of it, at
 * one moment, and the change log's last id then. Orders and refunds only move units between the
 * two terms, so the sum stays; only the owner's writes (logged) change it.
 */
export interface StockBaseline {
  changeLogId: number;
  units: Map<number, number>;
}

/** Units still held, by product or variation id: orders that took stock, less what refunds put back. */
async function heldUnits(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select(["i.product_id", "i.variation_id", "i.quantity", "i.restocked_quantity"])
    .where("o.stock_taken", "=", 1)
    .execute();
  const held = new Map<number, number>();
  for (const row of rows) {
    const id = row.variation_id ?? row.product_id;
    held.set(id, (held.get(id) ?? 0) + row.quantity - row.restocked_quantity);
  }
  return held;
}

async function managedStock(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom("products").select(["id", "stock_quantity"]).where("manage_stock", "=", 1).execute();
  return new Map(rows.map((row) => [row.id, row.stock_quantity ?? 0]));
}

/** The baseline now: call it right after seeding, or at a scenario's start. */
export async function captureStock(db: Db): Promise<StockBaseline> {
  const [stock, held, last] = await Promise.all([
    managedStock(db),
    heldUnits(db),
    db
      .selectFrom("change_log")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst(),
  ]);
  const units = new Map([...stock].map(([id, quantity]) => [id, quantity + (held.get(id) ?? 0)]));
  return { changeLogId: Number(last?.id ?? 0), units };
}

type StockState = { managed: boolean; quantity: number } | null;

/** A product's or variation's stock in a logged owner product document. */
function stockIn(document: OwnerProduct | null, id: number): StockState {
  if (!document) return null;
  const found = document.id === id ? document : document.variations?.find((variation) => variation.id === id);
  return found ? { managed: found.manage_stock, quantity: found.stock_quantity ?? 0 } : null;
}

/**
 * What the owner's logged product writes since the baseline added to each id's units, and the ids
 * whose counting the owner switched on or off (their sum is a new quantity, not a moved one). An
 * import logs one row for many products: after one, the stock of every product is re-based.
 */
async function ownerStockChanges(db: Db, since: number) {
  const rows = await db
    .selectFrom("change_log")
    .select(["entity", "before", "after"])
    .where("id", ">", since)
    .where("entity", "in", ["product", "product_import"])
    .orderBy("id")
    .execute();
  const delta = new Map<number, number>();
  const rebased = new Set<number>();
  let imported = false;
  for (const row of rows) {
    if (row.entity === "product_import") {
      imported = true;
      continue;
    }
    const before = row.before ? (JSON.parse(row.before) as OwnerProduct) : null;
    const after = row.after ? (JSON.parse(row.after) as OwnerProduct) : null;
    const ids = new Set<number>();
    for (const document of [before, after])
      if (document) for (const id of [document.id, ...(document.variations ?? []).map((v) => v.id)]) ids.add(id);
    for (const id of ids) {
      const was = stockIn(before, id);
      const is = stockIn(after, id);
      if (was && is && was.managed !== is.managed) rebased.add(id);
      else if (!was?.managed && !is?.managed) continue;
      else delta.set(id, (delta.get(id) ?? 0) + (is?.quantity ?? 0) - (was?.quantity ?? 0));
    }
  }
  return { delta, rebased, imported };
}

async function stockViolations(db: Db, baseline: StockBaseline): Promise<Violation[]> {
  const [stock, held, owner] = await Promise.all([managedStock(db), heldUnits(db), ownerStockChanges(db, baseline.changeLogId)]);
  if (owner.imported) return [];
  const violations: Violation[] = [];
  for (const [id, quantity] of stock) {
    if (owner.rebased.has(id)) continue;
    const before = baseline.units.get(id);
    // Counted since the baseline without a logged write that started it: nothing to compare with.
    if (before === undefined && !owner.delta.has(id)) continue;
    const expected = (before ?? 0) + (owner.delta.get(id) ?? 0);
    const actual = quantity + (held.get(id) ?? 0);
    if (actual !== expected)
      violations.push({
        kind: "stock",
        where: `products#${id}`,
        message: `stock ${quantity} + ${held.get(id) ?? 0} held by orders = ${actual}, but ${expected} were stocked`,
      });
  }
  return violations;
}

async function couponViolations(db: Db): Promise<Violation[]> {
  const coupons = await db.selectFrom("coupons").select(["id", "code", "type", "amount", "usage_count", "usage_limit"]).execute();
  const counted = await db
    .selectFrom("order_coupons")
    .select(["coupon_id", (eb) => eb.fn.countAll<number | string>().as("uses")])
    .where("usage_counted", "=", 1)
    .groupBy("coupon_id")
    .execute();
  const uses = new Map(counted.map((row) => [row.coupon_id, Number(row.uses)]));
  const violations: Violation[] = [];
  for (const coupon of coupons) {
    const where = `coupons#${coupon.id}`;
    const orders = uses.get(coupon.id) ?? 0;
    if (coupon.usage_count !== orders)
      violations.push({ kind: "coupon-usage", where, message: `usage_count ${coupon.usage_count}, but ${orders} orders count a use` });
    if (coupon.usage_limit !== null && coupon.usage_count > coupon.usage_limit)
      violations.push({ kind: "coupon-usage", where, message: `used ${coupon.usage_count} times, over its limit ${coupon.usage_limit}` });
    if (coupon.amount < 0 || (coupon.type === "percent" && coupon.amount > MAX_PERCENT))
      violations.push({ kind: "stored-value", where, message: `amount ${coupon.amount} is out of range for a ${coupon.type} coupon` });
  }
  return violations;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function parsed<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type OrderRow = {
  id: number;
  status: string;
  total: number;
  total_tax: number;
  total_shipping: number;
  total_discount: number;
  total_refunded: number;
  fee_lines: string;
  billing_email: string;
  billing_address: string;
  shipping_address: string;
  payment_method: string;
  transaction_id: string;
  paid_at: string | null;
};

type LineRow = {
  order_id: number;
  quantity: number;
  subtotal: number;
  total: number;
  total_tax: number;
  refunded_quantity: number;
  restocked_quantity: number;
};

/** Lines and totals of placed orders (a checkout draft is a cart being written, not an order yet). */
function orderTotalsViolations(order: OrderRow, lines: LineRow[]): Violation[] {
  const where = `orders#${order.id}`;
  if (!lines.length) return [{ kind: "order-lines", where, message: "a placed order without lines" }];
  const violations: Violation[] = [];
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      violations.push({ kind: "order-lines", where, message: `a line of ${line.quantity} units` });
    if (line.refunded_quantity > line.quantity || line.restocked_quantity > line.refunded_quantity || line.restocked_quantity < 0)
      violations.push({
        kind: "order-refunds",
        where,
        message: `a line of ${line.quantity} has ${line.refunded_quantity} refunded and ${line.restocked_quantity} restocked`,
      });
  }
  const fees = parsed<{ total: string | number; total_tax: string | number }[]>(order.fee_lines, []);
  const feeTotal = sum(fees.map((fee) => Number(fee.total)));
  const linesTotal = sum(lines.map((line) => line.total));
  const expected = linesTotal + feeTotal + order.total_shipping + order.total_tax;
  if (expected !== order.total)
    violations.push({
      kind: "order-totals",
      where,
      message: `lines ${linesTotal} + fees ${feeTotal} + shipping ${order.total_shipping} + tax ${order.total_tax} = ${expected}, but the total is ${order.total}`,
    });
  const discount = sum(lines.map((line) => line.subtotal - line.total));
  if (discount !== order.total_discount)
    violations.push({
      kind: "order-totals",
      where,
      message: `lines were discounted ${discount}, but the order says ${order.total_discount}`,
    });
  const lineTax = sum(lines.map((line) => line.total_tax));
  if (lineTax > order.total_tax)
    violations.push({ kind: "order-totals", where, message: `lines' tax ${lineTax} is over the order's ${order.total_tax}` });
  if (order.total < 0 || order.total_refunded < 0 || order.total_refunded > order.total)
    violations.push({ kind: "order-refunds", where, message: `refunded ${order.total_refunded} of a total of ${order.total}` });
  return violations;
}

/** Values the checkout's validation refuses, found in a stored order. */
function orderValueViolations(order: OrderRow): Violation[] {
  const where = `orders#${order.id}`;
  const violations: Violation[] = [];
  if (!isValidEmail(order.billing_email))
    violations.push({ kind: "stored-value", where, message: `billing email ${JSON.stringify(order.billing_email)} is not an address` });
  for (const [which, text] of [
    ["billing", order.billing_address],
    ["shipping", order.shipping_address],
  ] as const) {
    const address = parsed<Record<string, unknown> | null>(text, null);
    if (!address || typeof address !== "object") {
      violations.push({ kind: "stored-value", where, message: `the ${which} address is not a JSON object` });
      continue;
    }
    // A shipping address is empty when nothing needed shipping.
    if (which === "shipping" && Object.keys(address).length === 0) continue;
    if (typeof address.country !== "string" || !isCountryCode(address.country))
      violations.push({ kind: "stored-value", where, message: `${which} country ${JSON.stringify(address.country)} is no country` });
    for (const [field, value] of Object.entries(address))
      if (typeof value === "string" && !isStorableText(value))
        violations.push({ kind: "stored-value", where, message: `${which} ${field} holds text no database should store` });
  }
  return violations;
}

/** A paid order's record: the gateway's successful charge with its transaction id, or the owner's marking it paid. */
async function paymentViolations(db: Db, paid: OrderRow[]): Promise<Violation[]> {
  if (!paid.length) return [];
  const ids = paid.map((order) => order.id);
  const [charges, marks] = await Promise.all([
    db.selectFrom("gateway_charges").select(["order_id", "gateway", "amount", "outcome"]).where("order_id", "in", ids).execute(),
    db
      .selectFrom("order_events")
      .select(["order_id", "data"])
      .where("order_id", "in", ids)
      .where("type", "=", "status")
      .where("actor_type", "in", ["owner", "manager"])
      .execute(),
  ]);
  const violations: Violation[] = [];
  for (const order of paid) {
    const charged = charges.some((charge) => {
      const outcome = parsed<{ status?: string; transactionId?: string }>(charge.outcome, {});
      return (
        charge.order_id === order.id &&
        charge.gateway === order.payment_method &&
        outcome.status === "success" &&
        outcome.transactionId === order.transaction_id
      );
    });
    const marked = marks.some(
      (mark) => mark.order_id === order.id && (PAID_STATUSES as string[]).includes(parsed<{ to?: string }>(mark.data, {}).to ?? ""),
    );
    if (!charged && !marked)
      violations.push({
        kind: "payment-record",
        where: `orders#${order.id}`,
        message: `paid by ${order.payment_method} (${order.status}) with no successful charge and no owner marking it paid`,
      });
  }
  return violations;
}

async function orderViolations(db: Db): Promise<Violation[]> {
  const orders = (await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "total",
      "total_tax",
      "total_shipping",
      "total_discount",
      "total_refunded",
      "fee_lines",
      "billing_email",
      "billing_address",
      "shipping_address",
      "payment_method",
      "transaction_id",
      "paid_at",
    ])
    .where("status", "<>", "checkout-draft")
    .orderBy("id")
    .execute()) as OrderRow[];
  if (!orders.length) return [];
  const lines = (await db
    .selectFrom("order_items")
    .select(["order_id", "quantity", "subtotal", "total", "total_tax", "refunded_quantity", "restocked_quantity"])
    .execute()) as LineRow[];
  const refunds = await db
    .selectFrom("order_refunds")
    .select(["order_id", (eb) => eb.fn.sum<number | string>("amount").as("amount")])
    .groupBy("order_id")
    .execute();
  const refunded = new Map(refunds.map((row) => [row.order_id, Number(row.amount)]));
  const linesOf = new Map<number, LineRow[]>();
  for (const line of lines) linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line]);
  const violations: Violation[] = [];
  for (const order of orders) {
    violations.push(...orderTotalsViolations(order, linesOf.get(order.id) ?? []), ...orderValueViolations(order));
    // Reserved refunds count too: total_refunded moves when a refund is reserved and back if it is undone.
    if ((refunded.get(order.id) ?? 0) !== order.total_refunded)
      violations.push({
        kind: "order-refunds",
        where: `orders#${order.id}`,
        message: `total_refunded ${order.total_refunded}, but its refunds add up to ${refunded.get(order.id) ?? 0}`,
      });
  }
  // Cash on delivery, a free order: "paid" without a charge anyone could record.
  const charged = orders.filter(
    (order) => order.paid_at !== null && (CHARGING_GATEWAYS as readonly string[]).includes(order.payment_method),
  );
  violations.push(...(await paymentViolations(db, charged)));
  return violations;
}

async function cartViolations(db: Db): Promise<Violation[]> {
  const bad = await db
    .selectFrom("cart_items")
    .select(["cart_id", "key", "quantity"])
    .where((eb) => eb.or([eb("quantity", "<", 1), eb("quantity", ">", MAX_CART_QUANTITY)]))
    .execute();
  return bad.map((line) => ({
    kind: "cart-quantity" as const,
    where: `cart_items#${line.cart_id}/${line.key}`,
    message: `a cart line of ${line.quantity} units`,
  }));
}

async function productValueViolations(db: Db): Promise<Violation[]> {
  const products = await db
    .selectFrom("products")
    .select(["id", "name", "regular_price", "sale_price", "stock_quantity", "manage_stock", "quantity_min", "quantity_step"])
    .execute();
  const violations: Violation[] = [];
  for (const product of products) {
    const where = `products#${product.id}`;
    if ((product.regular_price ?? 0) < 0 || (product.sale_price ?? 0) < 0)
      violations.push({ kind: "stored-value", where, message: `a negative price (${product.regular_price}, sale ${product.sale_price})` });
    if (product.sale_price !== null && (product.regular_price === null || product.sale_price >= product.regular_price))
      violations.push({
        kind: "stored-value",
        where,
        message: `a sale price ${product.sale_price} not below the regular ${product.regular_price}`,
      });
    if (product.manage_stock === 1 && product.stock_quantity === null)
      violations.push({ kind: "stored-value", where, message: "counts its stock without a quantity" });
    if (product.quantity_min < 0 || product.quantity_step < 1)
      violations.push({
        kind: "stored-value",
        where,
        message: `quantity rules min ${product.quantity_min}, step ${product.quantity_step}`,
      });
    if (!isStorableText(product.name)) violations.push({ kind: "stored-value", where, message: "a name no database should store" });
  }
  const customers = await db.selectFrom("customers").select(["id", "email"]).execute();
  for (const customer of customers)
    if (!isValidEmail(customer.email))
      violations.push({ kind: "stored-value", where: `customers#${customer.id}`, message: `email ${JSON.stringify(customer.email)}` });
  return violations;
}

/**
 * Every invariant of issue 21 over the whole database: stock plus units held equals what was
 * stocked (against `baseline`), coupon uses equal the orders counting one, placed orders have
 * lines whose totals add up, paid orders have their payment record, cart lines hold a valid
 * quantity, and stored values pass the validation that let them in. Empty when all hold.
 */
export async function checkInvariants(db: Db, baseline: StockBaseline): Promise<Violation[]> {
  const groups = await Promise.all([
    stockViolations(db, baseline),
    couponViolations(db),
    orderViolations(db),
    cartViolations(db),
    productValueViolations(db),
  ]);
  return groups.flat();
}

/** An order a shopper saw confirmed: the checkout's reply named it (id and key) and its status then. */
export interface ConfirmedOrder {
  id: number;
  key: string;
  status?: string;
}

/** Whether a stored status is worse than the one the shopper was answered: an order answered paid that is not paid (or refunded by the owner) now. */
export const worseStatus = (answered: string | undefined, stored: string): boolean =>
  answered !== undefined && PAID_STATUSES.includes(answered as never) && !PAID_STATUSES.includes(stored as never) && stored !== "refunded";

/**
 * The orders shoppers saw confirmed that the database no longer has as placed (missing, another
 * key, back to a draft, or answered paid and unpaid now): for scenarios that kill or restore the
 * server, beside `checkInvariants`.
 */
export async function lostOrders(db: Db, confirmed: ConfirmedOrder[]): Promise<Violation[]> {
  if (!confirmed.length) return [];
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_key", "status"])
    .where(
      "id",
      "in",
      confirmed.map((order) => order.id),
    )
    .execute();
  const stored = new Map(rows.map((row) => [row.id, row]));
  const violations: Violation[] = [];
  for (const order of confirmed) {
    const row = stored.get(order.id);
    const problem = !row
      ? "is gone"
      : row.order_key !== order.key
        ? "has another key"
        : row.status === "checkout-draft"
          ? "is a draft again"
          : worseStatus(order.status, row.status)
            ? `was answered ${order.status} and is ${row.status} now`
            : null;
    if (problem)
      violations.push({ kind: "order-lost", where: `orders#${order.id}`, message: `an order the shopper saw confirmed ${problem}` });
  }
  return violations;
}
