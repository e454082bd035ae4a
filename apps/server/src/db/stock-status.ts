/**
 * The stored stock status of a product that tracks its stock (issue 19, decision 0048): in stock
 * while its quantity is above the shop's out-of-stock amount, else out of stock or on backorder.
 * Shared by the catalogue's saves, the orders' stock moves and the settings' inventory group, so
 * the listings, which filter on the stored column, agree with every write.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "./schema.ts";

export type StockStatus = "instock" | "outofstock" | "onbackorder";

/**
 * The setting, read inside the statement that moves the stock, so two processes never act on a
 * cached amount. The settings table keeps JSON: a whole number is its own text.
 */
const STORED_AMOUNT = sql<number>`coalesce((select cast(s.value as integer) from settings s where s.key = 'outOfStockAmount'), 0)`;

/** The status of a tracked row whose quantity is `quantity`, against `amount` (both SQL over the row). */
const statusCase = (quantity: RawBuilder<unknown>, amount: RawBuilder<number> | number) =>
  sql<StockStatus>`case when ${quantity} > ${amount} then 'instock' when backorders = 'no' then 'outofstock' else 'onbackorder' end`;

/** `statusCase`'s rule for a row not yet written: the status a restate leaves a tracked row at (an import's unchanged rows). */
export function trackedStockStatus(quantity: number | null, backorders: string, amount: number): StockStatus {
  if ((quantity ?? 0) > amount) return "instock";
  return backorders === "no" ? "outofstock" : "onbackorder";
}

/** The status after a stock move, in an UPDATE of products whose new quantity is `quantity`; untracked rows keep theirs. */
export function stockStatusAfter(quantity: RawBuilder<unknown>): RawBuilder<StockStatus> {
  return sql<StockStatus>`case when manage_stock = 0 then stock_status else ${statusCase(quantity, STORED_AMOUNT)} end`;
}

/** A product's and its variations' statuses by the stored amount, after a save wrote their quantities (same transaction). */
export async function restateProductStock(db: Db, productId: number): Promise<void> {
  await db
    .updateTable("products")
    .set({ stock_status: statusCase(sql`coalesce(stock_quantity, 0)`, STORED_AMOUNT) })
    .where("manage_stock", "=", 1)
    .where((eb) => eb.or([eb("id", "=", productId), eb("parent_id", "=", productId)]))
    .execute();
}

/** The statuses of these products and their variations by the stored amount, after an import wrote their quantities (same transaction). */
export async function restateProductsStock(db: Db, productIds: number[]): Promise<void> {
  for (let at = 0; at < productIds.length; at += 500) {
    const chunk = productIds.slice(at, at + 500);
    await db
      .updateTable("products")
      .set({ stock_status: statusCase(sql`coalesce(stock_quantity, 0)`, STORED_AMOUNT) })
      .where("manage_stock", "=", 1)
      .where((eb) => eb.or([eb("id", "in", chunk), eb("parent_id", "in", chunk)]))
      .execute();
  }
}

/** Every tracked product's status again, for a new out-of-stock amount; run in the transaction that stores it. */
export async function restateStockStatuses(db: Db, outOfStockAmount: number): Promise<void> {
  await db
    .updateTable("products")
    .set({ stock_status: statusCase(sql`coalesce(stock_quantity, 0)`, outOfStockAmount) })
    .where("manage_stock", "=", 1)
    .execute();
}
