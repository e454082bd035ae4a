/** Customer rows, and the two reads and writes of a customer's saved cart that signing in needs. */
import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { CustomerRole, CustomersTable } from "../../db/schema.ts";

export type CustomerRow = Selectable<CustomersTable>;

export async function findById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();
}

/** The new id, or undefined when the e-mail is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function insertCustomer(db: Db, row: Omit<Insertable<CustomersTable>, "id">): Promise<number | undefined> {
  const inserted = await db
    .insertInto("customers")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable("customers").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();
}

export async function findRole(db: Db, id: number): Promise<CustomerRole | undefined> {
  const row = await db.selectFrom("customers").select("role").where("id", "=", id).executeTakeFirst();
  return row?.role;
}

/** Makes the account the owner's, with this password. */
export async function makeOwner(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable("customers").set({ role: "owner", password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();
}

/*
 * The cart module owns these tables; it offers mergeCarts but not yet a way to find or start a
 * customer's cart, so these few queries live here until it does (cart.repo.ts findCustomerCartId).
 */

/** The customer's most recently used cart that has not expired. */
export async function findSavedCartId(db: Db, customerId: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("carts")
    .select("id")
    .where("customer_id", "=", customerId)
    .where("expires_at", ">", now)
    .orderBy("updated_at", "desc")
    .executeTakeFirst();
  return row?.id;
}

export async function cartExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom("carts").select("id").where("id", "=", id).executeTakeFirst());
}

/** Signing in counts as using the cart: it lives another two days. */
export async function touchCart(db: Db, id: string, now: string, expiresAt: string): Promise<void> {
  await db.updateTable("carts").set({ updated_at: now, expires_at: expiresAt }).where("id", "=", id).execute();
}

export async function updateAddresses(db: Db, id: number, billing: string, shipping: string, now: string): Promise<void> {
  await db
    .updateTable("customers")
    .set({ billing_address: billing, shipping_address: shipping, updated_at: now })
    .where("id", "=", id)
    .execute();
}
