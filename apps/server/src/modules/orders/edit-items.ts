/**
 * The owner edits the items of an order not yet paid (decision 0092): its lines, coupons, fees and
 * shipping line replaced and priced by the same stages as an order made by hand (by-hand.ts's
 * `price`, the checkout's own), with the order's customer and addresses as they stand. One
 * transaction writes the new lines and totals, moves the stock an order holding it takes or gives
 * by the differences (conditional updates), counts or gives back coupon uses, and records a note
 * saying what changed. A `date_modified` sent back guards against two owners editing at once.
 * The order keeps its number, key, customer, addresses and attribution.
 */
import { type CurrencyFields, currencyFromFields, formatAmount } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid, StoreError } from "../../http/errors.ts";
import { HAND_RATE, type OwnHoldings } from "../cart/index.ts";
import { getCustomer } from "../customers/index.ts";
import { type ShopContext, withShopSettings } from "../settings/index.ts";
import { loadZones, type ShippingZone } from "../shipping/index.ts";
import { calculatedOrder, checkedFees, couponCode, type HandOrderInput, price } from "./by-hand.ts";
import { recordOrderEvent } from "./events.ts";
import { orderCouponsOf, orderFeesOf, orderLinesOf, orderTotalsOf, readFeeLines, type StoredFeeLine } from "./order-rows.ts";
import { orderNotFound } from "./orders.admin.ts";
import * as repo from "./orders.repo.ts";
import { useCoupon } from "./placing.ts";
import { laterThan, logOrderChange, nowOf, staffActor } from "./staff-writes.ts";

/**
 * Statuses whose items the owner may change: the order awaits its payment (pending, on hold) or may
 * be paid again (failed: its customer's payment page takes it, decision 0085).
 */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ["pending", "on-hold", "failed"];

/** What an edit replaces: the order's items, never its customer, addresses or totals (the shop prices them). */
export type EditItemsInput = Pick<HandOrderInput, "line_items" | "coupon_lines" | "shipping_lines" | "fee_lines"> & {
  date_modified?: string;
};

export const editErrors = {
  notEditable: (message: string) => new StoreError("cw_rest_order_not_editable", message, 409),
  stale: (current: string) =>
    new StoreError(
      "cw_rest_order_edit_stale",
      "This order was changed after you opened it (by another member of staff, or by its customer): load it again and make your changes on what it holds now.",
      409,
      { date_modified: current },
    ),
  version: () => fieldsInvalid({ date_modified: "Send the order's date_modified as you read it, so that no one else's change is lost." }),
  outOfStock: (lines: { product_id: number; name: string; more: number; available: number | null }[], fields: Record<string, string>) =>
    new StoreError(
      "cw_rest_order_edit_out_of_stock",
      `There is not enough stock for this change: ${lines.map((line) => `“${line.name}” (${line.more} more asked)`).join(", ")}. Nothing was changed.`,
      409,
      { lines, params: fields },
    ),
};

/** Why the order's items cannot change, or null when they can. */
export function editRefusal(order: repo.OrderRow): string | null {
  if (order.status === "checkout-draft")
    return "This is a shopper's checkout still being filled in, not an order: its items cannot be changed.";
  if (order.paid_at || repo.PAID_STATUSES.includes(order.status) || order.total_refunded > 0)
    return "This order has been paid: its items can no longer be changed. Refund what the customer no longer wants instead.";
  if (!EDITABLE_STATUSES.includes(order.status))
    return `This order is ${order.status}: only an order awaiting its payment (pending, on hold or failed) can have its items changed.`;
  if (order.payment_attempt) return "A payment for this order is under way: its items cannot change until the payment is settled.";
  return null;
}

/** The order's units of each product or variation, and its counted coupons: what it holds while `stock_taken` is 1. */
async function ownHoldings(db: Db, order: repo.OrderRow, items: repo.OrderItemRow[]): Promise<OwnHoldings> {
  const stock = new Map<number, number>();
  const couponUses = new Set<string>();
  if (order.stock_taken !== 1) return { stock, couponUses };
  for (const item of items) {
    const id = item.variation_id ?? item.product_id;
    stock.set(id, (stock.get(id) ?? 0) + item.quantity - item.restocked_quantity);
  }
  for (const coupon of await repo.orderCoupons(db, order.id)) if (coupon.usage_counted === 1) couponUses.add(coupon.code);
  return { stock, couponUses };
}

type StoredShippingLine = { method_id: string; instance_id: number; name: string; total: string } & Record<string, unknown>;

/** What the console's editor starts from: the order's items as an edit's body writes them, and whether it may be edited. */
export async function orderItemsForm(context: RequestContext, id: number) {
  const ctx = await withShopSettings(context);
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw orderNotFound();
  const [items, coupons] = await Promise.all([repo.orderItems(ctx.db, id), repo.orderCoupons(ctx.db, id)]);
  const shopFees = new Set(ctx.settings.cartFees.map((fee) => fee.name.trim().toLowerCase()));
  const fees = readFeeLines(order.fee_lines);
  const reason = editRefusal(order);
  return {
    editable: reason === null,
    reason,
    date_modified: order.updated_at,
    line_items: items.map((item) => ({
      product_id: item.product_id,
      variation_id: item.variation_id,
      quantity: item.quantity,
      name: item.name,
      sku: item.sku,
      variation: JSON.parse(item.variation) as { attribute: string; value: string }[],
    })),
    coupon_lines: coupons.map((coupon) => ({ code: coupon.code })),
    // Its method too, so the console shows one of the shop's rates as the saved line it is (sent back unchanged, it is kept whole).
    shipping_lines: (JSON.parse(order.shipping_lines) as StoredShippingLine[]).slice(0, 1).map((line) => ({
      method_title: line.name,
      total: Number(line.total) || 0,
      method_id: line.method_id || HAND_RATE,
    })),
    // The shop's own cart fees are added again by the pricing: only the owner's own are the order's to send.
    fee_lines: fees
      .filter((fee) => !shopFees.has(fee.name.trim().toLowerCase()))
      .map((fee) => ({
        name: fee.name,
        total: Number(fee.total) || 0,
        // As the order was taxed (decision 0101): an edit prices the fee again in its own class.
        tax_status: fee.tax_status,
        tax_class: fee.tax_class,
      })),
  };
}

/** Prices the edit as it would be saved, against the order as it stands; each bad field named in one 400. */
async function priceEdit(ctx: ShopContext, order: repo.OrderRow, items: repo.OrderItemRow[], input: EditItemsInput) {
  const hand: HandOrderInput = {
    customer_id: order.customer_id,
    line_items: input.line_items,
    ...(input.coupon_lines ? { coupon_lines: input.coupon_lines } : {}),
    ...(input.shipping_lines ? { shipping_lines: input.shipping_lines } : {}),
    ...(input.fee_lines ? { fee_lines: input.fee_lines } : {}),
  };
  const own = await ownHoldings(ctx.db, order, items);
  const fees = await checkedFees(ctx, hand);
  const billing = JSON.parse(order.billing_address) as Record<string, string>;
  const shipping = JSON.parse(order.shipping_address) as Record<string, string>;
  const priced = await price(ctx, hand, billing, shipping, fees.fees, own);
  if (!priced.ok || Object.keys(fees.errors).length) throw fieldsInvalid({ ...fees.errors, ...(priced.ok ? {} : priced.errors) });
  return { priced: priced.value, own, fees: fees.fees };
}

/** The edit's new lines and totals, writing nothing: the console's preview. A stale `date_modified`, when sent, is refused as the save would. */
export async function calculateOrderEdit(context: RequestContext, id: number, input: EditItemsInput) {
  const ctx = await withShopSettings(context);
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw orderNotFound();
  const refusal = editRefusal(order);
  if (refusal) throw editErrors.notEditable(refusal);
  if (input.date_modified !== undefined && input.date_modified !== order.updated_at) throw editErrors.stale(order.updated_at);
  const items = await repo.orderItems(ctx.db, id);
  const { priced } = await priceEdit(ctx, order, items, input);
  return { ...calculatedOrder(priced), previous_total: order.total };
}

/**
 * Saves the edit (decision 0092): refused with 409 when the order may not be edited or changed
 * since `date_modified` was read, 400 by field for what cannot be priced, 409 naming each product
 * the shelf cannot serve the extra units of. Answers whether anything changed.
 */
export async function editOrderItems(context: RequestContext, id: number, input: EditItemsInput): Promise<boolean> {
  const ctx = await withShopSettings(context);
  const actor = staffActor(ctx);
  const now = nowOf(ctx);
  if (!input.date_modified) throw editErrors.version();
  const read = await repo.findOrder(ctx.db, id);
  if (!read) throw orderNotFound();
  const refusal = editRefusal(read);
  if (refusal) throw editErrors.notEditable(refusal);
  if (input.date_modified !== read.updated_at) throw editErrors.stale(read.updated_at);
  const oldItems = await repo.orderItems(ctx.db, id);
  const oldCoupons = await repo.orderCoupons(ctx.db, id);
  const { priced } = await priceEdit(ctx, read, oldItems, input);
  const { priced: pricing, view } = priced;
  const newItems = orderLinesOf(pricing, view);
  const newCoupons = orderCouponsOf(pricing);
  const oldShipping = JSON.parse(read.shipping_lines) as StoredShippingLine[];
  const shippingLines = pricing.chosenRates.map((rate) => {
    const kept = oldShipping[0];
    // The same line as before keeps what the checkout stored with it (its method, a pickup location); one of the
    // shop's rates chosen in its place (rate_id) is that rate's, whatever the line it replaces was called.
    const sameMethod = rate.method_id === HAND_RATE || (kept?.method_id === rate.method_id && kept?.instance_id === rate.instance_id);
    if (kept && sameMethod && kept.name === rate.name && Number(kept.total) === rate.cost) return kept;
    return { method_id: rate.method_id, instance_id: rate.instance_id, name: rate.name, total: String(rate.cost) };
  });
  const feeLines = orderFeesOf(pricing, view);
  const currency = currencyFromFields(view.totals as unknown as CurrencyFields);
  const money = (amount: number | string) => formatAmount(amount, currency);
  // The methods' titles for the history, read only when the line changes method.
  const zones =
    oldShipping[0]?.method_id !== shippingLines[0]?.method_id || oldShipping[0]?.instance_id !== shippingLines[0]?.instance_id
      ? await loadZones(ctx.db)
      : [];
  const changes = describeChanges({
    oldItems,
    newItems,
    oldCoupons: oldCoupons.map((c) => c.code),
    newCoupons: newCoupons.map((c) => c.code),
    oldShipping: oldShipping.map((line) => shippingFact(line)),
    newShipping: shippingLines.map((line) => shippingFact(line)),
    oldFees: readFeeLines(read.fee_lines),
    newFees: feeLines,
    money,
    methodTitle: (line) => shippingMethodTitle(line, zones, ctx.settings.localPickup),
    zones,
  });
  const total = pricing.result.totals.total_price;
  if (!changes.length && total === read.total) return false;

  const owner = await getCustomer(ctx.db, actor.id);
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() || owner.email : "the shop";
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const order = await repo.findOrderForUpdate(db, id);
    if (!order) throw orderNotFound();
    const lockedRefusal = editRefusal(order);
    if (lockedRefusal) throw editErrors.notEditable(lockedRefusal);
    // Priced against what was read: anything that moved since (a status, a payment, its stock) is another's change.
    if (order.updated_at !== read.updated_at || order.stock_taken !== read.stock_taken) throw editErrors.stale(order.updated_at);
    const stamp = laterThan(order.updated_at, now);
    const claimed = await db
      .updateTable("orders")
      .set({
        total: pricing.result.totals.total_price,
        total_tax: pricing.result.totals.total_tax,
        total_shipping: pricing.result.totals.total_shipping,
        total_discount: pricing.result.totals.total_discount,
        totals: orderTotalsOf(pricing, view),
        shipping_lines: JSON.stringify(shippingLines),
        fee_lines: JSON.stringify(feeLines),
        updated_at: stamp,
        // The shopper's next checkout from its cart makes a new order rather than rewrite this edit (decision 0101).
        staff_edited: 1,
      })
      .where("id", "=", id)
      .where("updated_at", "=", order.updated_at)
      .where("status", "=", order.status)
      .where("payment_attempt", "=", "")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw editErrors.stale(order.updated_at);

    const holds = order.stock_taken === 1;
    const stock = holds ? await moveStock(db, id, oldItems, pricing.lines, now) : [];
    // The lines and coupons rewritten (their search terms with them); each kept coupon keeps its counted use.
    await repo.replaceLines(db, id, newItems, newCoupons);
    const counted = new Set(oldCoupons.filter((c) => c.usage_counted === 1).map((c) => c.coupon_id));
    const email = order.billing_email;
    for (const coupon of pricing.coupons) {
      if (counted.has(coupon.id)) {
        await repo.claimCouponCounted(db, id, coupon.id, 1);
        counted.delete(coupon.id);
        continue;
      }
      if (!holds) continue;
      if (await useCoupon(db, id, coupon, { email, customerId: order.customer_id ?? 0 })) {
        await repo.claimCouponCounted(db, id, coupon.id, 1);
        continue;
      }
      const index = (input.coupon_lines ?? []).findIndex((line) => couponCode(line) === coupon.code);
      throw fieldsInvalid({ [`coupon_lines.${Math.max(0, index)}.code`]: `Coupon "${coupon.code}" has reached its usage limit.` });
    }
    // The coupons taken off the order give back the use it counted.
    for (const couponId of counted) await repo.uncountCouponUse(db, couponId);

    const stockNote = stock.length
      ? ` Stock: ${stock.map((move) => `“${move.name}” ${move.change > 0 ? `${move.change} more taken` : `${-move.change} put back`}`).join(", ")}.`
      : "";
    const what = changes.length ? `${changes.join("; ")}; ` : "prices brought up to date; ";
    const note = `Items edited by ${ownerName}: ${what}total ${money(read.total)} → ${money(total)}.${stockNote}`;
    await recordOrderEvent(db, id, actor, { type: "note", note, to_customer: false }, stamp);
    await logOrderChange(
      db,
      ctx,
      "order",
      id,
      {
        total: read.total,
        lines: oldItems.map((item) => ({ product_id: item.variation_id ?? item.product_id, quantity: item.quantity })),
        coupons: oldCoupons.map((c) => c.code),
        shipping: oldShipping.map((line) => ({ name: line.name, total: Number(line.total) || 0 })),
        fees: readFeeLines(read.fee_lines),
      },
      {
        total,
        lines: pricing.lines.map((line) => ({ product_id: line.item.row.id, quantity: line.quantity })),
        coupons: newCoupons.map((c) => c.code),
        shipping: shippingLines.map((line) => ({ name: line.name, total: Number(line.total) || 0 })),
        fees: feeLines,
        ...(stock.length ? { stock } : {}),
      },
    );
  });
  return true;
}

type PricedLine = Awaited<ReturnType<typeof priceEdit>>["priced"]["priced"]["lines"][number];

/**
 * Takes or gives back each stocked product's difference between what the order held and what it
 * now asks, in product order (two edits never wait on each other's rows crosswise on PostgreSQL).
 * A product the shelf, less other orders' holds, cannot serve the extra units of (backorders not
 * allowed) is named in one 409, and the caller's transaction is undone.
 */
async function moveStock(db: Db, orderId: number, oldItems: repo.OrderItemRow[], lines: PricedLine[], now: string) {
  const held = new Map<number, { units: number; name: string }>();
  for (const item of oldItems) {
    const pid = item.variation_id ?? item.product_id;
    const entry = held.get(pid) ?? { units: 0, name: item.name };
    entry.units += item.quantity - item.restocked_quantity;
    held.set(pid, entry);
  }
  const asked = new Map<number, { units: number; name: string; index: number }>();
  lines.forEach((line, index) => {
    const pid = line.item.row.id;
    const entry = asked.get(pid) ?? { units: 0, name: line.item.parent.name, index };
    entry.units += line.quantity;
    entry.index = index;
    asked.set(pid, entry);
  });
  const stock = await repo.stockOf(db, [...new Set([...held.keys(), ...asked.keys()])]);
  const moves: { product_id: number; name: string; change: number }[] = [];
  const short: { product_id: number; name: string; more: number; available: number | null }[] = [];
  const fields: Record<string, string> = {};
  for (const pid of [...new Set([...held.keys(), ...asked.keys()])].sort((a, b) => a - b)) {
    if (!stock.get(pid)?.managed) continue;
    const before = held.get(pid)?.units ?? 0;
    const after = asked.get(pid)?.units ?? 0;
    const name = asked.get(pid)?.name ?? held.get(pid)?.name ?? "";
    const change = after - before;
    if (change === 0) continue;
    if (change < 0) await repo.returnStock(db, pid, -change, now);
    else if (!(await repo.takeStock(db, pid, change, orderId, now))) {
      short.push({ product_id: pid, name, more: change, available: stock.get(pid)?.inStock ?? null });
      // Its last line, where the console shows the quantity to lower.
      const index = asked.get(pid)?.index ?? 0;
      fields[`line_items.${index}.quantity`] = `There is not enough “${name}” in stock for ${change} more.`;
      continue;
    }
    moves.push({ product_id: pid, name, change });
  }
  if (short.length) throw editErrors.outOfStock(short, fields);
  return moves;
}

/** A shipping line as the history compares it: its name, amount, method and the method's instance. */
export interface ShippingFact {
  name: string;
  total: number;
  method?: string;
  instance?: number;
}

const shippingFact = (line: { name: string; total: string; method_id: string; instance_id: number }): ShippingFact => ({
  name: line.name,
  total: Number(line.total) || 0,
  method: line.method_id,
  instance: line.instance_id,
});

/** The kinds of zone method, by the titles the console's shipping settings and order page give them. */
const METHOD_KINDS: Readonly<Record<string, string>> = { flat_rate: "Flat rate", free_shipping: "Free shipping" };

/**
 * A shipping line's method as the owner knows it, for the order's history: "entered by hand" for
 * the owner's own line (the order page's "Entered by hand"), a zone's method by its kind and the
 * title shoppers are shown when that differs ("Flat rate “Next day”"), a pickup location as the
 * checkout names it ("Local pickup (Main street)"). A method since deleted keeps its kind's title;
 * only a method the shop has no title for (an extension's) is named by its id.
 */
export function shippingMethodTitle(
  line: ShippingFact,
  zones: readonly ShippingZone[],
  pickup: { title: string; locations: readonly { name: string }[] },
): string {
  const method = line.method ?? HAND_RATE;
  if (method === HAND_RATE) return "entered by hand";
  if (method === "pickup_location") {
    const title = pickup.title || "Local pickup";
    const location = line.instance ? pickup.locations[line.instance - 1] : undefined;
    return location ? `${title} (${location.name})` : title;
  }
  const kind = METHOD_KINDS[method];
  if (!kind) return method;
  const own = zones.flatMap((zone) => zone.methods).find((m) => m.id === line.instance && m.methodId === method);
  const title = own?.title.trim() ?? "";
  return title && title !== kind ? `${kind} “${title}”` : kind;
}

/** The zone a zone method's line belongs to, by name; "" for any other line or a method since deleted. */
function zoneOf(line: ShippingFact, zones: readonly ShippingZone[]): string {
  if (!line.method || !METHOD_KINDS[line.method]) return "";
  return zones.find((zone) => zone.methods.some((m) => m.id === line.instance && m.methodId === line.method))?.name ?? "";
}

interface ChangeFacts {
  oldItems: repo.OrderItemRow[];
  newItems: repo.NewOrderItem[];
  oldCoupons: string[];
  newCoupons: string[];
  oldShipping: ShippingFact[];
  newShipping: ShippingFact[];
  oldFees: StoredFeeLine[];
  newFees: StoredFeeLine[];
  money: (amount: number | string) => string;
  /** A line's method in words (`shippingMethodTitle`); the zones, when given, tell two methods of one title apart. */
  methodTitle: (line: ShippingFact) => string;
  zones?: readonly ShippingZone[];
}

/** A line's name as the order page shows it: the product, then its variation's values. */
function lineName(line: { name: string; variation: string }): string {
  const values = (JSON.parse(line.variation) as { value: string }[]).map((v) => v.value).filter(Boolean);
  return values.length ? `${line.name} (${values.join(", ")})` : line.name;
}

/** What the edit changes, in words for the order's history: items added, removed and their quantities; coupons, shipping and fees. */
export function describeChanges(facts: ChangeFacts): string[] {
  const key = (line: { product_id: number; variation_id: number | null }) => `${line.product_id}:${line.variation_id ?? 0}`;
  const sum = (lines: { product_id: number; variation_id: number | null; quantity: number; name: string; variation: string }[]) => {
    const found = new Map<string, { quantity: number; name: string }>();
    for (const line of lines) {
      const entry = found.get(key(line)) ?? { quantity: 0, name: lineName(line) };
      entry.quantity += line.quantity;
      found.set(key(line), entry);
    }
    return found;
  };
  const before = sum(facts.oldItems);
  const after = sum(facts.newItems);
  const changes: string[] = [];
  for (const [k, line] of after) {
    const was = before.get(k);
    if (!was) changes.push(`added ${line.name} × ${line.quantity}`);
    else if (was.quantity !== line.quantity) changes.push(`${line.name} × ${was.quantity} → ${line.quantity}`);
  }
  for (const [k, line] of before) if (!after.has(k)) changes.push(`removed ${line.name} × ${line.quantity}`);
  for (const code of facts.newCoupons) if (!facts.oldCoupons.includes(code)) changes.push(`coupon ${code} added`);
  for (const code of facts.oldCoupons) if (!facts.newCoupons.includes(code)) changes.push(`coupon ${code} removed`);
  const ship = (line: { name: string; total: number } | undefined) => (line ? `${line.name} ${facts.money(line.total)}` : "none");
  const [oldShip, newShip] = [facts.oldShipping[0], facts.newShipping[0]];
  if (oldShip?.name !== newShip?.name || oldShip?.total !== newShip?.total) changes.push(`shipping ${ship(oldShip)} → ${ship(newShip)}`);
  // The same name and amount under another method: a line typed by hand made one of the shop's rates, or the reverse,
  // or another zone's method of the same title. Worded by the methods' titles, never their ids.
  else if (oldShip && newShip && (oldShip.method !== newShip.method || oldShip.instance !== newShip.instance)) {
    let [was, now] = [facts.methodTitle(oldShip), facts.methodTitle(newShip)];
    if (was === now) {
      const [wasZone, nowZone] = [zoneOf(oldShip, facts.zones ?? []), zoneOf(newShip, facts.zones ?? [])];
      if (wasZone !== nowZone) [was, now] = [wasZone ? `${was} (${wasZone})` : was, nowZone ? `${now} (${nowZone})` : now];
    }
    // Two methods alike in every word (one zone's, its title twice): still a change the history keeps.
    changes.push(was === now ? `shipping method ${was} → another ${now} of the shop's` : `shipping method ${was} → ${now}`);
  }
  const fees = (list: StoredFeeLine[]) => new Map(list.map((fee) => [fee.name, fee]));
  const [oldFees, newFees] = [fees(facts.oldFees), fees(facts.newFees)];
  // How a fee is taxed, in words: its class's slug ("standard" for ""), or untaxed.
  const taxed = (fee: StoredFeeLine) => (fee.tax_status === "none" ? "untaxed" : fee.tax_class || "standard");
  for (const [name, fee] of newFees) {
    const was = oldFees.get(name);
    const amount = Number(fee.total) || 0;
    if (was === undefined) changes.push(`fee ${name} ${facts.money(amount)} added`);
    else if ((Number(was.total) || 0) !== amount)
      changes.push(`fee ${name} ${facts.money(Number(was.total) || 0)} → ${facts.money(amount)}`);
    if (was && taxed(was) !== taxed(fee)) changes.push(`fee ${name} tax ${taxed(was)} → ${taxed(fee)}`);
  }
  for (const [name] of oldFees) if (!newFees.has(name)) changes.push(`fee ${name} removed`);
  return changes;
}
