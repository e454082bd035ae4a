/**
 * Who may see an order: its customer; a guest with its key (and, on the Store API, its billing
 * e-mail); the shop owner. Order keys are compared here only, in constant time.
 */
import { timingSafeEqual } from "node:crypto";
import type { OrderView } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import * as repo from "./orders.repo.ts";
import { orderErrors, orderView } from "./orders.service.ts";

/** The one comparison of a given order key with the order's: constant time, so a key cannot be guessed a character at a time. */
export function sameOrderKey(given: string | null | undefined, actual: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface OrderAccess {
  /** The signed-in customer asking, 0 for a guest. */
  customerId: number;
  key?: string;
  billingEmail?: string;
  /** The shop owner may see every order, with its full attribution. */
  isShopOwner?: () => Promise<boolean>;
}

/**
 * The customer sees their order; a guest needs its key and billing e-mail (modelled on the Store
 * API's order rules); the shop owner sees any order.
 */
export async function getOrderFor(db: Db, id: number, access: OrderAccess) {
  const order = await repo.findOrder(db, id);
  if (!order || order.status === "checkout-draft") throw orderErrors.invalidOrder();
  const ownerView = access.customerId > 0 && (await access.isShopOwner?.()) === true;
  if (!ownerView) checkAccess(order, access);
  return orderView(db, order, { ownerView });
}

function checkAccess(order: repo.OrderRow, access: OrderAccess): void {
  if (order.customer_id) {
    if (access.customerId !== order.customer_id) {
      // Only someone holding the order's key learns that it belongs to an account; anyone else hears
      // what an unknown id answers, so ids cannot be probed for other customers' orders.
      if (sameOrderKey(access.key, order.order_key)) throw orderErrors.invalidUser();
      throw orderErrors.invalidOrder();
    }
  } else {
    if (!sameOrderKey(access.key, order.order_key)) throw orderErrors.invalidOrder();
    if (!access.billingEmail || access.billingEmail.trim().toLowerCase() !== order.billing_email.toLowerCase())
      throw orderErrors.invalidBillingEmail();
  }
}

/**
 * The order-received page: the order shows to its signed-in customer without a key, and to anyone
 * with its key when it is a guest's. "sign-in" when the key is right but the order belongs to an
 * account that is not the one signed in; null for a draft, an unknown id or a wrong key.
 */
export async function findReceivedOrder(
  db: Db,
  id: number,
  access: { customerId: number; key: string | null },
): Promise<OrderView | "sign-in" | null> {
  const order = await repo.findOrder(db, id);
  if (!order || order.status === "checkout-draft") return null;
  const owner = order.customer_id ?? 0;
  if (owner && owner === access.customerId) return orderView(db, order);
  if (!sameOrderKey(access.key, order.order_key)) return null;
  // An account's order shows to its owner only; the key alone is enough for a guest's order.
  if (owner) return "sign-in";
  return orderView(db, order);
}
