/**
 * Saved payment methods of signed-in customers (spec §3 "Saved payment method"). A token stands
 * for the card at the gateway; we keep only what lets the shopper recognise it.
 */
import { randomBytes } from "node:crypto";
import type { SavedPaymentMethodView } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { PaymentTokensTable } from "../../db/schema.ts";

export type PaymentTokenRow = PaymentTokensTable & { id: number };

/** A saved method as the Store API and the checkout page show it (the storefront contract's shape). */
export type SavedPaymentMethod = SavedPaymentMethodView;

export const toSavedMethod = (row: PaymentTokenRow): SavedPaymentMethod => ({
  tokenId: row.id,
  is_default: row.is_default === 1,
  expires: row.expiry_month && row.expiry_year ? `${String(row.expiry_month).padStart(2, "0")}/${String(row.expiry_year).slice(-2)}` : "",
  method: { gateway: row.gateway, brand: row.brand, display_brand: row.brand, last4: row.last4 },
  type: row.type === "cc" || row.type === "echeck" ? row.type : "others",
});

export async function listPaymentTokens(db: Db, customerId: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .selectFrom("payment_tokens")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("is_default", "desc")
    .orderBy("id")
    .execute();
  return (rows as PaymentTokenRow[]).map(toSavedMethod);
}

export async function findPaymentToken(db: Db, customerId: number, tokenId: number, gateway: string): Promise<PaymentTokenRow | undefined> {
  return (await db
    .selectFrom("payment_tokens")
    .selectAll()
    .where("id", "=", tokenId)
    .where("customer_id", "=", customerId)
    .where("gateway", "=", gateway)
    .executeTakeFirst()) as PaymentTokenRow | undefined;
}

/** Saves a card; the customer's first saved method becomes the default. */
export async function savePaymentToken(
  db: Db,
  input: { customerId: number; gateway: string; brand: string; last4: string; expiryMonth: number | null; expiryYear: number | null },
  now = new Date(),
): Promise<number> {
  const existing = await db
    .selectFrom("payment_tokens")
    .select("id")
    .where("customer_id", "=", input.customerId)
    .limit(1)
    .executeTakeFirst();
  const row = await db
    .insertInto("payment_tokens")
    .values({
      customer_id: input.customerId,
      gateway: input.gateway,
      token: `tok_${randomBytes(12).toString("hex")}`,
      type: "cc",
      brand: input.brand,
      last4: input.last4,
      expiry_month: input.expiryMonth,
      expiry_year: input.expiryYear,
      is_default: existing ? 0 : 1,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Makes one saved method the default; false when it is not the customer's. */
export async function setDefaultPaymentToken(db: Db, customerId: number, tokenId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom("payment_tokens")
      .select("id")
      .where("id", "=", tokenId)
      .where("customer_id", "=", customerId)
      .executeTakeFirst();
    if (!owned) return false;
    await trx.updateTable("payment_tokens").set({ is_default: 0 }).where("customer_id", "=", customerId).execute();
    await trx.updateTable("payment_tokens").set({ is_default: 1 }).where("id", "=", tokenId).execute();
    return true;
  });
}

/** Deletes a saved method; when it was the default, the oldest remaining one takes its place. */
export async function deletePaymentToken(db: Db, customerId: number, tokenId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("payment_tokens")
      .select(["id", "is_default"])
      .where("id", "=", tokenId)
      .where("customer_id", "=", customerId)
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("payment_tokens").where("id", "=", tokenId).execute();
    if (row.is_default) {
      const next = await trx
        .selectFrom("payment_tokens")
        .select("id")
        .where("customer_id", "=", customerId)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (next) await trx.updateTable("payment_tokens").set({ is_default: 1 }).where("id", "=", next.id).execute();
    }
    return true;
  });
}
