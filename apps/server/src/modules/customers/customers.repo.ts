/** Customer rows, their login sessions, and the reads and writes of a customer's saved cart that signing in needs. */

import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { CustomerRole, CustomerSessionsTable, CustomersTable } from "../../db/schema.ts";
import { queueWebhookEvent } from "../../db/webhook-events.ts";

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
  // A shopper's account (not staff's) is a customer webhooks hear of (decision 0097).
  if (inserted && (row.role ?? "customer") === "customer") await queueWebhookEvent(db, "customer", "created", inserted.id, row.created_at);
  return inserted?.id;
}

/** The customer's own name and e-mail (the account details form). */
export async function updateDetails(
  db: Db,
  id: number,
  details: { first_name: string; last_name: string; email: string },
  now: string,
): Promise<void> {
  await db
    .updateTable("customers")
    .set({ ...details, updated_at: now })
    .where("id", "=", id)
    .execute();
  await queueWebhookEvent(db, "customer", "updated", id, now);
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable("customers").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();
}

export async function setRole(db: Db, id: number, role: CustomerRole, now: string): Promise<void> {
  await db.updateTable("customers").set({ role, updated_at: now }).where("id", "=", id).execute();
}

export async function findRole(db: Db, id: number): Promise<CustomerRole | undefined> {
  const row = await db.selectFrom("customers").select("role").where("id", "=", id).executeTakeFirst();
  return row?.role;
}

/** Makes the account the owner's, with this password. */
export async function makeOwner(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable("customers").set({ role: "owner", password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();
}

/* Login sessions (decision 0017): one row per sign-in, looked up by its primary key on each signed-in request. */

export async function insertLoginSession(db: Db, id: string, customerId: number, now: string): Promise<void> {
  await db.insertInto("customer_sessions").values({ id, customer_id: customerId, created_at: now, last_used_at: now }).execute();
}

/** The login session with its account's role, which decides its limits (decision 0032). */
export async function findLoginSession(
  db: Db,
  id: string,
): Promise<
  | (Pick<Selectable<CustomerSessionsTable>, "customer_id" | "created_at" | "last_used_at" | "revoked_at"> & { role: CustomerRole })
  | undefined
> {
  return db
    .selectFrom("customer_sessions")
    .innerJoin("customers", "customers.id", "customer_sessions.customer_id")
    .select([
      "customer_sessions.customer_id",
      "customer_sessions.created_at",
      "customer_sessions.last_used_at",
      "customer_sessions.revoked_at",
      "customers.role",
    ])
    .where("customer_sessions.id", "=", id)
    .executeTakeFirst();
}

export type LoginSessionRow = Selectable<CustomerSessionsTable>;

/** A customer's login sessions that have not been ended, newest first. */
export async function openLoginSessions(db: Db, customerId: number): Promise<LoginSessionRow[]> {
  return db
    .selectFrom("customer_sessions")
    .selectAll()
    .where("customer_id", "=", customerId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
}

/** Ends the customer's sessions but one; the number ended. */
export async function revokeOtherLoginSessions(db: Db, customerId: number, keep: string, now: string): Promise<number> {
  const result = await db
    .updateTable("customer_sessions")
    .set({ revoked_at: now })
    .where("customer_id", "=", customerId)
    .where("id", "!=", keep)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function touchLoginSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable("customer_sessions").set({ last_used_at: now }).where("id", "=", id).execute();
}

export async function revokeLoginSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable("customer_sessions").set({ revoked_at: now }).where("id", "=", id).where("revoked_at", "is", null).execute();
}

export async function revokeCustomerLoginSessions(db: Db, customerId: number, now: string): Promise<number> {
  const result = await db
    .updateTable("customer_sessions")
    .set({ revoked_at: now })
    .where("customer_id", "=", customerId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Rows last used before the cutoff: no token naming them can still be valid. */
export async function deleteLoginSessionsUnusedSince(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom("customer_sessions").where("last_used_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/*
 * The cart module owns these tables; it offers mergeCarts but not yet a way to find or start a
 * customer's cart, so these few queries live here until it does (cart.repo.ts findCustomerCartId).
 */

export async function updateAddresses(db: Db, id: number, billing: string, shipping: string, now: string): Promise<void> {
  await db
    .updateTable("customers")
    .set({ billing_address: billing, shipping_address: shipping, updated_at: now })
    .where("id", "=", id)
    .execute();
  await queueWebhookEvent(db, "customer", "updated", id, now);
}

/** One of the customer's saved addresses (the account's address form). */
export async function updateAddress(db: Db, id: number, kind: "billing" | "shipping", json: string, now: string): Promise<void> {
  const column = kind === "billing" ? "billing_address" : "shipping_address";
  await db
    .updateTable("customers")
    .set({ [column]: json, updated_at: now })
    .where("id", "=", id)
    .execute();
  await queueWebhookEvent(db, "customer", "updated", id, now);
}
