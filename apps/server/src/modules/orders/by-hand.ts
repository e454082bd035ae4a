/**
 * The owner makes an order by hand (an order taken by phone or e-mail; decision 0089): the lines,
 * coupons and addresses priced by the checkout's own stages (`priceOrderByHand` of cart), never by
 * totals the console sends; then, in one transaction, the order with its lines and coupons, its
 * stock taken and its coupon uses counted by the checkout's conditional updates (every status it
 * may be made in holds them, as at checkout), its `note` event and change_log row. No e-mail goes
 * out: the owner sends the invoice, with its payment link, from the order's page.
 */

import { percentOf, percentUnits } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import { runSteps } from "../../db/unit-of-work.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";
import type { RequestContext } from "../../http/context.ts";
import { fieldsInvalid } from "../../http/errors.ts";
import { ADMIN_SOURCE_TYPE, saveOrderAttribution } from "../attribution/index.ts";
import { type HandPriced, type OwnHoldings, priceOrderByHand, readAddress } from "../cart/index.ts";
import { getCustomer, staffRole } from "../customers/index.ts";
import { grantOrderDownloads } from "../downloads/index.ts";
import { type CartFeeSetting, type ShopContext, withShopSettings } from "../settings/index.ts";
import { newOrderKey } from "./access.ts";
import { recordOrderEvent } from "./events.ts";
import { orderCouponsOf, orderFeesOf, orderLinesOf, orderTotalsOf } from "./order-rows.ts";
import { type AddressBody, checkedAddress } from "./orders.actions.ts";
import type { HAND_STATUSES } from "./orders.admin.schemas.ts";
import * as repo from "./orders.repo.ts";
import { PAID_STATUSES } from "./orders.repo.ts";
import { useCoupon } from "./placing.ts";
import { logOrderChange, nowOf, staffActor } from "./staff-writes.ts";

export interface HandOrderInput {
  status?: (typeof HAND_STATUSES)[number];
  customer_id?: number | null;
  billing?: AddressBody;
  shipping?: AddressBody;
  line_items: { product_id: number; variation_id?: number; quantity: number }[];
  coupon_lines?: { code: string }[];
  /** One of the shop's rates (`rate_id`, as `shipping_rates` lists them), or the owner's own line (`method_title` and `total`). */
  shipping_lines?: { rate_id?: string; method_title?: string; total?: number }[];
  /** Each fee a fixed `total` or a `percent` of the items' total after discounts, before tax (decision 0101). */
  fee_lines?: { name: string; total?: number; percent?: number; tax_status?: "taxable" | "none"; tax_class?: string }[];
  customer_note?: string;
  set_paid?: boolean;
}

/** The order as priced, before anything is written: what the console's Recalculate shows. */
export function calculatedOrder({ priced, view, rates }: HandPriced) {
  return {
    /** The shop's rates for these items and this address, as the checkout would price them (before tax). */
    shipping_rates: rates.map((rate) => ({
      rate_id: rate.rate_id,
      method_id: rate.method_id,
      instance_id: rate.instance_id,
      name: rate.name,
      cost: rate.cost,
    })),
    lines: orderLinesOf(priced, view).map(({ position: _position, variation, ...line }) => ({
      ...line,
      variation: JSON.parse(variation) as { attribute: string; value: string }[],
    })),
    coupons: view.coupons.map((c) => ({
      code: c.code,
      discount: Number(c.totals.total_discount),
      discount_tax: Number(c.totals.total_discount_tax),
    })),
    fees: orderFeesOf(priced, view).map((fee) => ({
      id: fee.id,
      name: fee.name,
      total: Number(fee.total),
      total_tax: Number(fee.total_tax),
      tax_status: fee.tax_status,
      tax_class: fee.tax_class,
    })),
    totals: {
      currency: view.totals.currency_code,
      currency_minor_unit: view.totals.currency_minor_unit,
      items: Number(view.totals.total_items),
      items_tax: Number(view.totals.total_items_tax),
      discount: Number(view.totals.total_discount),
      discount_tax: Number(view.totals.total_discount_tax),
      shipping: Number(view.totals.total_shipping ?? 0),
      shipping_tax: Number(view.totals.total_shipping_tax ?? 0),
      fees: Number(view.totals.total_fees),
      fees_tax: Number(view.totals.total_fees_tax),
      tax: Number(view.totals.total_tax),
      total: Number(view.totals.total_price),
    },
  };
}

/** Prices the order as it would be made, writing nothing; the lines' and coupons' problems answer 400 by field. */
export async function calculateOrder(context: RequestContext, input: HandOrderInput) {
  const ctx = await withShopSettings(context);
  // Addresses may be half typed while the owner works: only what they say about taxes counts here.
  const billing = checkedAddress(ctx.settings, "billing", input.billing ?? {}).address;
  const shipping = filled(input.shipping) ? checkedAddress(ctx.settings, "shipping", input.shipping ?? {}).address : {};
  const fees = await checkedFees(ctx, input);
  const priced = await price(ctx, input, billing, shipping, fees.fees);
  if (!priced.ok || Object.keys(fees.errors).length) throw fieldsInvalid({ ...fees.errors, ...(priced.ok ? {} : priced.errors) });
  return calculatedOrder(priced.value);
}

/** An owner's fee as the cart's fee stage takes it; one given as a percentage has its amount worked out by `price`. */
export type HandFee = CartFeeSetting & { percent?: number };

/**
 * The owner's one-off fees as the cart's fee stage takes them, or each field that cannot stand:
 * a name left empty or another fee's (the shop's own included), an amount of 0, neither or both of
 * an amount and a percentage, a tax class the shop does not have (settings' cart fees' rules).
 */
export async function checkedFees(ctx: ShopContext, input: HandOrderInput) {
  const errors: Record<string, string> = {};
  const lines = input.fee_lines ?? [];
  const classes = lines.some((line) => line.tax_class?.trim())
    ? new Set((await ctx.db.selectFrom("tax_classes").select("slug").execute()).map((row) => row.slug))
    : new Set<string>();
  const names = new Set(ctx.settings.cartFees.map((fee) => fee.name.trim().toLowerCase()));
  const fees: HandFee[] = lines.map((line, index) => {
    const at = `fee_lines.${index}`;
    const name = line.name.trim();
    if (!name) errors[`${at}.name`] = "Enter the fee's name, as the order and its invoice will show it.";
    // The order page and the invoice list fees by name, as the shop's own cart fees' names are unique.
    else if (names.has(name.toLowerCase())) errors[`${at}.name`] = "Another fee on this order has this name: give each its own.";
    names.add(name.toLowerCase());
    if (line.percent !== undefined && line.total !== undefined)
      errors[`${at}.percent`] = "Give the fee an amount or a percentage of the items' total, not both.";
    else if (line.percent !== undefined) {
      if (line.percent === 0 || percentUnits(line.percent) === null)
        errors[`${at}.percent`] =
          "Enter a percentage other than 0, from -100 to 1000 with at most 4 decimal places (below 0 for a discount).";
    } else if (line.total === undefined) errors[`${at}.total`] = "Enter the fee's amount, or a percentage of the items' total.";
    else if (line.total === 0) errors[`${at}.total`] = "Enter an amount other than 0 (below 0 for a discount).";
    const given = (line.tax_class ?? "").trim().toLowerCase();
    // "standard" is the standard class's name; its slug is empty, as tax rates name it.
    const taxClass = given === "standard" ? "" : given;
    if (taxClass && !classes.has(taxClass))
      errors[`${at}.tax_class`] = `The shop has no tax class "${taxClass}": add it under Taxes first, or choose another.`;
    const taxable = (line.tax_status ?? "taxable") === "taxable";
    // A fee not taxed has no class: "" keeps the order's record plain.
    const fee = { name, amount: line.total ?? 0, taxable, taxClass: taxable ? taxClass : "" };
    return line.percent !== undefined ? { ...fee, percent: line.percent } : fee;
  });
  return { fees, errors };
}

const filled = (address: AddressBody | undefined) => Object.values(address ?? {}).some((value) => Boolean(value?.trim()));

export const couponCode = (line: { code: string }) => line.code.trim().toLowerCase();

/** The shipping line as the pricing takes it: a shop's rate (its title and total kept when given), or the owner's own. */
function shippingLineOf(line: { rate_id?: string; method_title?: string; total?: number } | undefined) {
  if (!line) return null;
  const title = line.method_title?.trim();
  return {
    ...(line.rate_id !== undefined ? { rateId: line.rate_id } : {}),
    ...(title ? { title } : {}),
    ...(line.total !== undefined ? { total: line.total } : {}),
  };
}

/**
 * Prices the order's lines, coupons, fees and shipping line by the checkout's stages; `own`: what an
 * order being edited already holds (edit-items.ts). A fee given as a percentage is that share of the
 * items' total after discounts, before tax (`percentOf`, rounded once, halves away from zero): the
 * order is priced once to learn that total (fees never change it), then with the fees' amounts.
 */
export async function price(
  ctx: ShopContext,
  input: HandOrderInput,
  billing: Record<string, string>,
  shipping: Record<string, string>,
  fees: HandFee[],
  own?: OwnHoldings,
) {
  const sent = (input.coupon_lines ?? []).map(couponCode);
  const coupons = [...new Set(sent)];
  const run = (settled: CartFeeSetting[]) =>
    priceOrderByHand(ctx, {
      lines: input.line_items,
      coupons,
      billing: readAddress(JSON.stringify(billing), true),
      shipping: readAddress(JSON.stringify(shipping), false),
      shippingLine: shippingLineOf(input.shipping_lines?.[0]),
      customerId: input.customer_id ?? 0,
      fees: settled,
      ...(own ? { own } : {}),
    });
  const plain = fees.map(({ percent: _percent, ...fee }) => fee);
  let priced = await run(plain);
  const zero: Record<string, string> = {};
  if (priced.ok && fees.some((fee) => fee.percent !== undefined)) {
    const { totals } = priced.value.view;
    const base = Number(totals.total_items) - Number(totals.total_discount);
    const settled = fees.map(({ percent, ...fee }, index) => {
      // One checkedFees refused stays at 0: its field is already named.
      if (percent === undefined || percent === 0 || percentUnits(percent) === null) return fee;
      const amount = percentOf(base, percent);
      if (amount === 0) zero[`fee_lines.${index}.percent`] = `${percent}% of the items' total comes to 0: enter an amount instead.`;
      return { ...fee, amount };
    });
    priced = await run(settled);
  }
  // Blanks pass the schema's minimum length as spaces: each is named here rather than priced as an unknown "" coupon or an unnamed rate.
  const blanks: Record<string, string> = { ...zero };
  const line = input.shipping_lines?.[0];
  if (line && line.rate_id === undefined) {
    if (!line.method_title?.trim()) blanks["shipping_lines.0.method_title"] = "Name the shipping line, as the customer will see it.";
    if (line.total === undefined) blanks["shipping_lines.0.total"] = "Enter the shipping line's amount, or choose one of the shop's rates.";
  } else if (line?.method_title !== undefined && !line.method_title.trim())
    blanks["shipping_lines.0.method_title"] = "Name the shipping line, or leave the name out to use the rate's.";
  if (priced.ok) Object.assign(blanks, tooLarge(priced.value, input));
  if (priced.ok && !Object.keys(blanks).length) return priced;
  // A code sent twice is priced once: its refusal names the line the owner sent it on first.
  const errors = Object.fromEntries(
    Object.entries(priced.ok ? {} : priced.errors).map(([field, message]) => {
      const at = /^coupon_lines\.(\d+)\.code$/.exec(field);
      const index = at ? sent.indexOf(coupons[Number(at[1])] ?? "") : -1;
      return [at ? `coupon_lines.${index}.code` : field, sent[index] === "" ? "Enter a coupon code, or remove this line." : message];
    }),
  );
  return { ok: false as const, errors: { ...errors, ...blanks } };
}

/** The largest amount an order's money columns hold (32-bit integers on PostgreSQL), in minor units. */
const MAX_STORED = 2_147_483_647;

/** An order priced beyond what its columns hold: each such line, else the largest of the fees and the shipping line, else the last line for the total. */
function tooLarge({ priced, view }: HandPriced, input: HandOrderInput): Record<string, string> {
  const errors: Record<string, string> = {};
  // The fees priced are the shop's own, then the owner's, each `fee-<position>`.
  const shopFees = priced.settings.cartFees.length - (input.fee_lines?.length ?? 0);
  const message = `This is more than an order can hold: at most ${MAX_STORED} in minor units.`;
  for (const item of view.items) {
    // Its key is `line-<index in line_items>` (priceOrderByHand).
    if (Number(item.totals.line_subtotal) + Number(item.totals.line_subtotal_tax) > MAX_STORED)
      errors[`line_items.${item.key.slice("line-".length)}.quantity`] = message;
  }
  if (Number(view.totals.total_price) > MAX_STORED || Number(view.totals.total_items) + Number(view.totals.total_items_tax) > MAX_STORED) {
    const items = Number(view.totals.total_items);
    const shipping = Number(view.totals.total_shipping ?? 0) + Number(view.totals.total_shipping_tax ?? 0);
    const fees = Number(view.totals.total_fees ?? 0) + Number(view.totals.total_fees_tax ?? 0);
    const feeLines = input.fee_lines ?? [];
    if (feeLines.length && fees > items && fees > shipping) {
      // The largest as priced: a fee given as a percentage has its amount only there.
      const amounts = view.fees.map((fee) => Number(fee.totals.total));
      const largest = amounts.reduce((best, amount, index) => (amount > (amounts[best] ?? 0) ? index : best), 0);
      const sent = (view.fees[largest]?.id ? Number(view.fees[largest]?.id.slice("fee-".length)) : 0) - 1 - shopFees;
      const line = feeLines[sent] ?? feeLines[0];
      errors[`fee_lines.${sent >= 0 && sent < feeLines.length ? sent : 0}.${line?.percent !== undefined ? "percent" : "total"}`] = message;
    } else if (input.shipping_lines?.[0] && shipping > items) errors["shipping_lines.0.total"] = message;
    // The last line, where the console shows it: the lines together pass the bound.
    else if (!Object.keys(errors).length) errors[`line_items.${input.line_items.length - 1}.quantity`] = message;
  }
  return errors;
}

/**
 * Makes the order and answers its id. Every field that cannot stand is named in one 400
 * (rest_invalid_param, keyed `billing.country`, `line_items.0.quantity`, `coupon_lines.0.code`…);
 * a shelf or coupon emptied by a racing order meanwhile is named the same way and nothing is kept.
 */
export async function createOrderByHand(context: RequestContext, input: HandOrderInput): Promise<number> {
  const ctx = await withShopSettings(context);
  const actor = staffActor(ctx);
  const now = nowOf(ctx);
  const errors: Record<string, string> = {};
  const status = input.status ?? (input.set_paid ? "processing" : "pending");
  if (input.set_paid && !PAID_STATUSES.includes(status))
    errors.set_paid = "A paid order is processing or completed: choose one of those, or leave it unpaid.";
  const customer = input.customer_id ? await getCustomer(ctx.db, input.customer_id) : null;
  if (input.customer_id && !customer) errors.customer_id = "No customer account has this id.";
  // Staff accounts sign in to the console, not as the shop's customers (decision 0101).
  else if (customer && (await staffRole(ctx.db, customer.id)))
    errors.customer_id =
      "This account belongs to a member of staff, not a customer: leave the customer empty (a guest order) and enter their name and e-mail in the billing address.";
  // Only what the owner typed is checked (a phone order may have just a name and a phone or e-mail): decision 0101.
  const billing = checkedAddress(ctx.settings, "billing", input.billing ?? {}, { requireFields: false });
  for (const [field, problem] of billing.problems) errors[`billing.${field}`] = problem.message;
  // No shipping address is kept when none is given (an order collected, or a service).
  const shipping = filled(input.shipping)
    ? checkedAddress(ctx.settings, "shipping", input.shipping ?? {}, { requireFields: false })
    : { address: {}, problems: [] };
  for (const [field, problem] of shipping.problems) errors[`shipping.${field}`] = problem.message;
  const fees = await checkedFees(ctx, input);
  Object.assign(errors, fees.errors);
  const priced = await price(ctx, input, billing.address, shipping.address, fees.fees);
  if (!priced.ok) Object.assign(errors, priced.errors);
  if (!priced.ok || Object.keys(errors).length) throw fieldsInvalid(errors);

  const { priced: pricing, view } = priced.value;
  const feeLines = orderFeesOf(pricing, view);
  const email = billing.address.email ?? "";
  const paid = PAID_STATUSES.includes(status);
  const order: repo.NewOrder = {
    // An order of no cart: a key of its own, so no shopper's checkout ever reuses or repeats it.
    cart_id: `${repo.BY_HAND_CART_PREFIX}${crypto.randomUUID()}`,
    status,
    order_key: newOrderKey(),
    customer_id: customer?.id ?? null,
    billing_email: email,
    billing_address: JSON.stringify(billing.address),
    shipping_address: JSON.stringify(shipping.address),
    customer_note: (input.customer_note ?? "").trim(),
    payment_method: "",
    payment_method_title: "",
    payment_details: "[]",
    transaction_id: "",
    currency: pricing.currency.code,
    total: pricing.result.totals.total_price,
    total_tax: pricing.result.totals.total_tax,
    total_shipping: pricing.result.totals.total_shipping,
    total_discount: pricing.result.totals.total_discount,
    totals: orderTotalsOf(pricing, view),
    shipping_lines: JSON.stringify(
      // The shop's method and instance when one of its rates was chosen; "manual" for the owner's own line.
      pricing.chosenRates.map((rate) => ({
        method_id: rate.method_id,
        instance_id: rate.instance_id,
        name: rate.name,
        total: String(rate.cost),
      })),
    ),
    fee_lines: JSON.stringify(feeLines),
    additional_fields: "{}",
    extensions: "{}",
    // Taken below in this same transaction, or nothing is kept.
    stock_taken: 1,
    created_at: now,
    updated_at: now,
    // Marked paid by hand: the owner took the payment themselves.
    paid_at: paid ? now : null,
    payment_attempt: "",
    emails_due: 0,
  };
  const who = customer ? `${customer.firstName} ${customer.lastName}`.trim() || customer.email : "";
  const owner = await getCustomer(ctx.db, actor.id);
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() || owner.email : "the shop";
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const id = await runSteps(db, repo.newOrderWithLines(db, order, orderLinesOf(pricing, view), orderCouponsOf(pricing)));
    const short: Record<string, string> = {};
    // In product order, so two orders taking the same products never wait on each other's rows crosswise (PostgreSQL).
    const byProduct = [...pricing.lines.entries()].sort(([, a], [, b]) => a.item.row.id - b.item.row.id);
    for (const [index, line] of byProduct) {
      if (!line.item.row.manage_stock) continue;
      if (!(await repo.takeStock(db, line.item.row.id, line.quantity, id, now)))
        short[`line_items.${index}.quantity`] = `There is not enough “${line.item.parent.name}” in stock for this order.`;
    }
    if (Object.keys(short).length) throw fieldsInvalid(short);
    for (const coupon of pricing.coupons) {
      if (await useCoupon(db, id, coupon, { email, customerId: customer?.id ?? 0 })) continue;
      const index = (input.coupon_lines ?? []).findIndex((line) => couponCode(line) === coupon.code);
      throw fieldsInvalid({ [`coupon_lines.${Math.max(0, index)}.code`]: `Coupon "${coupon.code}" has reached its usage limit.` });
    }
    await repo.markCouponsCounted(db, id, 1);
    // Its origin, as WooCommerce records an order made in the admin: "Web admin", never "Unknown".
    await saveOrderAttribution(db, id, { source_type: ADMIN_SOURCE_TYPE });
    // Its first note and status are its placing, which order.created tells: no order.updated (decision 0170).
    await queueWebhookEvent(db, "order", "created", id, now);
    const placing = { placing: true };
    await recordOrderEvent(db, id, actor, { type: "note", note: `Order created by ${ownerName}.`, to_customer: false }, now, placing);
    if (status !== "pending") await recordOrderEvent(db, id, actor, { type: "status", from: "pending", to: status }, now, placing);
    // Made paid: its downloads are granted at once (decision 0094).
    if (paid) await grantOrderDownloads(db, id, now);
    await logOrderChange(db, ctx, "order", id, null, {
      status,
      customer_id: order.customer_id,
      ...(who ? { customer: who } : {}),
      total: order.total,
      lines: pricing.lines.map((line) => ({ product_id: line.item.row.id, quantity: line.quantity })),
      coupons: pricing.coupons.map((coupon) => coupon.code),
      ...(feeLines.length
        ? { fees: feeLines.map(({ name, total, tax_status, tax_class }) => ({ name, total, tax_status, tax_class })) }
        : {}),
    });
    return id;
  });
}
