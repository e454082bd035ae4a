/**
 * Who may see an order: its customer; a guest with its key (and, on the Store API, its billing
 * e-mail); the shop owner. Order keys and billing e-mails are compared here only, in constant time;
 * wrong e-mails given with a right key are counted against the order and the network (decision 0083).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { OrderView } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { type ClientLimits, RATE_LIMITS } from "../../http/rate-limits.ts";
import * as repo from "./orders.repo.ts";
import { orderErrors, orderView } from "./orders.service.ts";

/** A new order's key: what its links (received, pay) carry beside its number. */
export const newOrderKey = () => `cw_order_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** The one comparison of a given order key with the order's: constant time, so a key cannot be guessed a character at a time. */
export function sameOrderKey(given: string | null | undefined, actual: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A given billing e-mail against the order's, trimmed and in any case of letters; their digests compared in constant time. */
export function sameBillingEmail(given: string | null | undefined, actual: string): boolean {
  if (!given?.trim() || !actual.trim()) return false;
  const digest = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(given), digest(actual));
}

/**
 * Checks the billing e-mail given with a guest order's right key. Only a wrong one counts, against
 * the order (from any network) and the network; once either is used up every answer is 429, a
 * right one too, so a key holder cannot go on trying addresses.
 */
async function checkBillingEmail(limits: ClientLimits | undefined, order: repo.OrderRow, given: string | null | undefined) {
  if (!given?.trim()) throw orderErrors.invalidBillingEmail();
  const check = async () => {
    if (!sameBillingEmail(given, order.billing_email)) throw orderErrors.invalidBillingEmail();
  };
  if (!limits) return check();
  const wrong = (error: unknown) => error instanceof StoreError && error.code === "cw_rest_invalid_billing_email";
  await limits.guardFailures([[RATE_LIMITS.orderEmailPerOrder, String(order.id)], [RATE_LIMITS.orderEmailPerAddress]], check, wrong);
}

export interface OrderAccess {
  /** The signed-in customer asking, 0 for a guest. */
  customerId: number;
  key?: string;
  billingEmail?: string;
  /** The shop owner may see every order, with its full attribution. */
  isShopOwner?: () => Promise<boolean>;
  /** The request's rate limits, which count wrong billing e-mails (the Store API's). */
  limits?: ClientLimits;
  /** The asking session's cart: a guest's order placed from it needs no e-mail besides its key (the pay-for-order call). */
  cartId?: string;
}

/**
 * The customer sees their order; a guest needs its key and billing e-mail (modelled on the Store
 * API's order rules); the shop owner sees any order.
 */
export async function getOrderFor(db: Db, id: number, access: OrderAccess) {
  const order = await repo.findOrder(db, id);
  if (!order || order.status === "checkout-draft") throw orderErrors.invalidOrder();
  const ownerView = access.customerId > 0 && (await access.isShopOwner?.()) === true;
  if (!ownerView) await checkOrderAccess(order, access);
  return orderView(db, order, { ownerView });
}

/** Refuses (401, 403) whoever may not see or pay this order: its customer only; for a guest's, its key and billing e-mail. */
export async function checkOrderAccess(order: repo.OrderRow, access: OrderAccess): Promise<void> {
  if (order.customer_id) {
    if (access.customerId !== order.customer_id) {
      // Only someone holding the order's key learns that it belongs to an account; anyone else hears
      // what an unknown id answers, so ids cannot be probed for other customers' orders.
      if (sameOrderKey(access.key, order.order_key)) throw orderErrors.invalidUser();
      throw orderErrors.invalidOrder();
    }
  } else {
    if (!sameOrderKey(access.key, order.order_key)) throw orderErrors.invalidOrder();
    if (access.cartId && access.cartId === order.cart_id) return;
    // An order kept with no e-mail has none to match: its key is all, as on its pages (guestSight's "no-email").
    if (!order.billing_email.trim()) return;
    await checkBillingEmail(access.limits, order, access.billingEmail);
  }
}

/**
 * How long after an order was placed anyone with its key sees a guest's order on the
 * order-received page without the email question (WooCommerce's 10 minutes, decision 0083).
 */
export const RECEIVED_GRACE_MINUTES = 10;

/** What the order-received page shows: the order, "sign-in" (an account's), "confirm-email" (a guest's, to a stranger), or null (404). */
export type ReceivedOrder = OrderView | "sign-in" | "confirm-email" | null;

export interface ReceivedAccess {
  key: string | null;
  /** This session answered the order's email question before (its signed mark, http/order-views.ts). */
  verified: boolean;
  /** The signed-in shop owner sees any order with its key, as before. */
  isShopOwner: () => Promise<boolean>;
}

/**
 * The order-received page (decision 0083): an account's order shows to its signed-in customer
 * without a key, and asks anyone else with its key to sign in. A guest's order shows with its key
 * to whoever `guestSight` names; anyone else with its key is asked for the order's billing email
 * ("confirm-email"). Null for a draft, an unknown id or a wrong key.
 */
export async function findReceivedOrder(ctx: RequestContext, id: number, access: ReceivedAccess): Promise<ReceivedOrder> {
  const { db, session } = ctx;
  const order = await repo.findOrder(db, id);
  if (!order || order.status === "checkout-draft") return null;
  const owner = order.customer_id ?? 0;
  if (owner && owner === session.uid) return orderView(db, order);
  if (!sameOrderKey(access.key, order.order_key)) return null;
  if (owner) return "sign-in";
  return (await guestSight(ctx, order, access)) ? orderView(db, order) : "confirm-email";
}

/**
 * Why a guest's order shows, to a holder of its right key, without the email question (the
 * order-received and pay-for-order pages, decisions 0083 and 0085): "placed" (this session's cart
 * is the order's), "answered" (this session answered the question), "no-email" (nothing to ask),
 * "grace" (the first RECEIVED_GRACE_MINUTES after it was placed), "owner" (the signed-in shop
 * owner); null: ask. The cheap checks first.
 */
export async function guestSight(
  ctx: RequestContext,
  order: repo.OrderRow,
  access: Pick<ReceivedAccess, "verified" | "isShopOwner">,
): Promise<"placed" | "answered" | "no-email" | "grace" | "owner" | null> {
  if (order.cart_id === ctx.session.sid) return "placed";
  if (access.verified) return "answered";
  if (!order.billing_email.trim()) return "no-email";
  const now = (ctx.now ?? new Date()).getTime();
  if (now - Date.parse(await repo.placedAt(ctx.db, order)) <= RECEIVED_GRACE_MINUTES * 60_000) return "grace";
  return ctx.session.uid > 0 && (await access.isShopOwner()) ? "owner" : null;
}

/**
 * The answer to the email question of the order-received and pay-for-order pages: the order when
 * the e-mail is its billing e-mail (in any case), "sign-in" for an account's order, null for a
 * draft, an unknown id or a wrong key; a wrong e-mail is cw_rest_invalid_billing_email, too many of
 * them 429 (rate-limits.ts).
 */
export async function confirmReceivedOrder(ctx: RequestContext, id: number, key: string | null, email: string): Promise<ReceivedOrder> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order || order.status === "checkout-draft" || !sameOrderKey(key, order.order_key)) return null;
  if (order.customer_id) return "sign-in";
  await checkBillingEmail(ctx.limits(), order, email);
  return orderView(ctx.db, order);
}
