/** Cart rows: one cart per session, its items and coupons. Writes take the cart's row lock first. */
import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { CartItemsTable, CartsTable } from "../../db/schema.ts";

export type CartRow = CartsTable;
export type CartItemRow = CartItemsTable;

export interface StoredCart {
  cart: CartRow;
  items: CartItemRow[];
  coupons: string[];
}

const isPostgres = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith("Postgres");

export async function findCart(db: Db, id: string): Promise<StoredCart | null> {
  const cart = await db.selectFrom("carts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!cart) return null;
  // Sorted here: a cart holds a handful of rows, and an SQL ORDER BY cost more than the query (measured).
  const [items, coupons] = await Promise.all([
    db.selectFrom("cart_items").selectAll().where("cart_id", "=", id).execute(),
    db.selectFrom("cart_coupons").select(["code", "position"]).where("cart_id", "=", id).execute(),
  ]);
  items.sort((a, b) => a.position - b.position || (a.added_at < b.added_at ? -1 : a.added_at > b.added_at ? 1 : 0));
  coupons.sort((a, b) => a.position - b.position);
  return { cart, items, coupons: coupons.map((c) => c.code) };
}

/**
 * Creates the cart row if needed and locks it for the rest of the transaction, so concurrent
 * writes to one cart run one after another (SQLite transactions are serialised already).
 */
export async function lockCart(trx: Db, id: string, customerId: number | null, expiresAt: string, now: string): Promise<void> {
  await trx
    .insertInto("carts")
    .values({
      id,
      customer_id: customerId,
      billing_address: "{}",
      shipping_address: "{}",
      selected_rates: "{}",
      extensions: "{}",
      has_calculated_shipping: 0,
      created_at: now,
      updated_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  if (isPostgres(trx)) await trx.selectFrom("carts").select("id").where("id", "=", id).forUpdate().execute();
}

export type CartFields = Partial<
  Pick<CartRow, "billing_address" | "shipping_address" | "selected_rates" | "extensions" | "has_calculated_shipping" | "customer_id">
>;

/** Saves the given fields and pushes the cart's expiry on; returns every field it wrote. */
export async function touchCart(trx: Db, id: string, now: string, expiresAt: string, fields: CartFields = {}): Promise<Partial<CartRow>> {
  const written = { ...fields, updated_at: now, expires_at: expiresAt };
  await trx.updateTable("carts").set(written).where("id", "=", id).execute();
  return written;
}

export async function insertItem(trx: Db, item: CartItemRow): Promise<void> {
  await trx.insertInto("cart_items").values(item).execute();
}

export async function setItemQuantity(trx: Db, cartId: string, key: string, quantity: number): Promise<void> {
  await trx.updateTable("cart_items").set({ quantity }).where("cart_id", "=", cartId).where("key", "=", key).execute();
}

export async function deleteItem(trx: Db, cartId: string, key: string): Promise<number> {
  const result = await trx.deleteFrom("cart_items").where("cart_id", "=", cartId).where("key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function nextItemPosition(trx: Db, cartId: string): Promise<number> {
  const row = await trx
    .selectFrom("cart_items")
    .select(sql<number>`coalesce(max(position), -1) + 1`.as("next"))
    .where("cart_id", "=", cartId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export async function addCoupon(trx: Db, cartId: string, code: string): Promise<void> {
  const row = await trx
    .selectFrom("cart_coupons")
    .select(sql<number>`coalesce(max(position), -1) + 1`.as("next"))
    .where("cart_id", "=", cartId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("cart_coupons")
    .values({ cart_id: cartId, code, position: Number(row.next) })
    .onConflict((oc) => oc.columns(["cart_id", "code"]).doNothing())
    .execute();
}

export async function removeCoupons(trx: Db, cartId: string, codes: string[]): Promise<number> {
  if (!codes.length) return 0;
  const result = await trx.deleteFrom("cart_coupons").where("cart_id", "=", cartId).where("code", "in", codes).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredCarts(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("carts").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findCustomerCartId(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("carts")
    .select("id")
    .where("customer_id", "=", customerId)
    .orderBy("updated_at", "desc")
    .executeTakeFirst();
  return row?.id;
}

/** After an order is placed: the lines, coupons and chosen rates go; the addresses stay for next time. */
export async function emptyCart(trx: Db, cartId: string, now: string): Promise<void> {
  await trx.deleteFrom("cart_items").where("cart_id", "=", cartId).execute();
  await trx.deleteFrom("cart_coupons").where("cart_id", "=", cartId).execute();
  await trx.updateTable("carts").set({ selected_rates: "{}", updated_at: now }).where("id", "=", cartId).execute();
}
