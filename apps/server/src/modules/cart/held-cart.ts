/**
 * The cart as other modules hold it inside a transaction of their own: the checkout places an
 * order from it under its lock, and a sign-in makes a customer's cart to merge a guest's into.
 */
import type { Db } from "../../db/index.ts";
import type { Work } from "../../db/unit-of-work.ts";
import { CART_TTL_SECONDS } from "../../http/tokens.ts";
import * as repo from "./cart.repo.ts";
import { type AddressesToCarry, addressesToAdopt, placed } from "./customer.ts";

/** A cart lives two days after its last write (up to EXPIRY_STEP_MS less, see `movedExpiry`). */
export const expiryOf = (now: Date) => new Date(now.getTime() + CART_TTL_SECONDS * 1000).toISOString();

/** How far a write may leave the stored expiry behind the one it would set. */
export const EXPIRY_STEP_MS = 5 * 60 * 1000;

/**
 * The expiry a cart write sets: the new one, or undefined to keep the stored one while it is less
 * than EXPIRY_STEP_MS behind, so a shopper's quick writes do not move the expiry index each time
 * (decision 0063).
 */
export function movedExpiry(stored: string, next: string): string | undefined {
  return Date.parse(next) - Date.parse(stored) < EXPIRY_STEP_MS ? undefined : next;
}

/** Creates the cart's row if it has none and takes its lock for the rest of the transaction. */
export function lockCart(db: Db, cartId: string, customerId: number | null, now: Date): Promise<void> {
  return repo.lockCart(db, cartId, customerId, expiryOf(now), now.toISOString());
}

/** The cart's row with its lines and coupons, as stored; null when it has none. */
export function findCart(db: Db, cartId: string): Promise<repo.StoredCart | null> {
  return repo.findCart(db, cartId);
}

/** Saves the addresses an order is placed with as the cart's; answers every field written (a new version among them). */
export function saveCartAddresses(
  db: Db,
  cartId: string,
  now: Date,
  addresses: Pick<repo.CartFields, "billing_address" | "shipping_address" | "has_calculated_shipping">,
): Promise<Partial<repo.CartRow>> {
  return repo.touchCart(db, cartId, now.toISOString(), expiryOf(now), addresses);
}

/**
 * On sign-in, a cart with no address of its own takes the customer's saved ones, as a shop
 * remembers a returning customer: its totals are worked out for them, and every client reads them.
 */
export async function adoptAddresses(db: Db, cartId: string, customerId: number, saved: AddressesToCarry, now: Date): Promise<void> {
  // Without a saved place there is nothing to take, and no cart row is made for it.
  if (!placed(saved.billing) && !placed(saved.shipping)) return;
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    await repo.lockCart(tx, cartId, customerId, expiryOf(now), now.toISOString());
    const row = await repo.findCartRow(tx, cartId);
    const fields = row && addressesToAdopt(row, saved);
    if (fields) await repo.touchCart(tx, cartId, now.toISOString(), expiryOf(now), fields);
  });
}

/** Takes coupons off the cart (one an order could not use after all); answers how many went. */
export function removeCartCoupons(db: Db, cartId: string, codes: string[]): Promise<number> {
  return repo.removeCoupons(db, cartId, codes);
}

/** After an order is paid: the lines, coupons and chosen rates go; the addresses stay for next time. */
export function emptyCart(db: Db, cartId: string, now: string): Promise<void> {
  return repo.emptyCart(db, cartId, now);
}

/** Whether the cart has a row: a session that never wrote to its cart has none. */
export function cartExists(db: Db, cartId: string): Promise<boolean> {
  return repo.cartExists(db, cartId);
}

/** The customer's most recently used cart that has not expired, to continue in after signing in. */
export function savedCartOf(db: Db, customerId: number, now: Date): Promise<string | undefined> {
  return repo.findSavedCartId(db, customerId, now.toISOString());
}

/** Signing in counts as using the cart: it lives another CART_TTL_SECONDS. */
export function keepCart(db: Db, cartId: string, now: Date): Promise<void> {
  return repo.extendCart(db, cartId, now.toISOString(), expiryOf(now));
}

/*
 * The same as steps of another module's unit of work (db/unit-of-work.ts): the checkout's.
 */

/** The cart's row, made first if it has none, under its lock for the rest of the unit. */
export function lockedCartRow(db: Db, cartId: string, customerId: number | null, now: Date): Work<repo.CartRow> {
  return repo.lockedCart(db, cartId, customerId, expiryOf(now), now.toISOString());
}

/** The cart's row with its lines and coupons. */
export function cartWithLines(db: Db, row: repo.CartRow): Work<repo.StoredCart> {
  return repo.linesOf(db, row);
}

/** `saveCartAddresses` as a step. */
export function cartAddressesSaved(
  db: Db,
  cartId: string,
  now: Date,
  addresses: Pick<repo.CartFields, "billing_address" | "shipping_address" | "has_calculated_shipping">,
): Work<Partial<repo.CartRow>> {
  return repo.touched(db, cartId, now.toISOString(), expiryOf(now), addresses);
}

/** `emptyCart` as a step; `hasCoupons` false when the caller, holding the cart's lock, read none on it. */
export function cartEmptied(db: Db, cartId: string, now: string, hasCoupons = true): Work<void> {
  return repo.emptied(db, cartId, now, hasCoupons);
}

/** Takes an existing cart's row lock (PostgreSQL) without making one: the pay-for-order call keeps the checkout of the order's cart waiting. */
export function lockExistingCart(db: Db, cartId: string): Promise<void> {
  return repo.lockCartRow(db, cartId);
}
