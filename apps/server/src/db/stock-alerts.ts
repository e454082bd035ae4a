/**
 * Stock alerts (decision 0099): when an order's stock move crosses a threshold downward, the move
 * notes a row in stock_alerts in its own transaction; the stock module sends it after the commit.
 * A crossing is a fact of one move (the quantity before it above the threshold, after it at or
 * below), and moves of one product take turns on its row, so of racing orders exactly one crosses:
 * one notice per product per crossing, however many orders come after it below the threshold.
 */
import { sql } from "kysely";
import { compiled } from "./prepared.ts";
import type { Db } from "./schema.ts";
import { run, type Work } from "./unit-of-work.ts";

export type StockAlertKind = "low" | "out" | "backorder";

/** One stock move of a product that tracks its stock, with the amounts it is judged by. */
export interface StockMove {
  /** The quantity before the move and after it. */
  before: number;
  after: number;
  /** Stock at or below it is low: the product's own amount, else its parent's, else the shop's. */
  lowAmount: number;
  /** Stock at or below it is out of stock (the shop's out-of-stock amount, 0 unless some is kept back). */
  outAmount: number;
  /** The product takes orders beyond its stock. */
  backorders: boolean;
}

/**
 * The notices one move owes the owner: "out" when it reaches the out-of-stock amount from above,
 * else "low" when it reaches the low amount from above (a move straight past both is out of stock
 * only); "backorder" when it takes more than was on the shelf of a product that allows it. A move
 * up, or one that stays on the same side, owes none.
 */
export function stockCrossings(move: StockMove): StockAlertKind[] {
  const { before, after, lowAmount, outAmount } = move;
  if (!(after < before)) return [];
  const kinds: StockAlertKind[] = [];
  if (before > outAmount && after <= outAmount) kinds.push("out");
  else if (before > lowAmount && after <= lowAmount && after > outAmount) kinds.push("low");
  if (move.backorders && after < 0) kinds.push("backorder");
  return kinds;
}

/**
 * The shop-wide amounts as the settings table stores them (JSON: a whole number is its own text),
 * read in the statement, with the defaults of DEFAULT_SETTINGS (a unit test holds them equal).
 */
export const SHOP_LOW_AMOUNT = sql<number>`coalesce((select cast(s.value as integer) from settings s where s.key = 'lowStockAmount'), 2)`;
const SHOP_OUT_AMOUNT = sql<number>`coalesce((select cast(s.value as integer) from settings s where s.key = 'outOfStockAmount'), 0)`;

/**
 * What the conditional stock update answers (RETURNING, both dialects) about the row it moved: the
 * quantity after the move and the amounts its crossings are judged by, read by the same statement,
 * so judging a move costs no statement of its own. Only the updated row's subqueries run.
 */
export const STOCK_MOVE_RETURNING = [
  sql<number | null>`products.stock_quantity`.as("stock_quantity"),
  sql<string>`products.backorders`.as("backorders"),
  sql<number>`coalesce(products.low_stock_amount, (select parent.low_stock_amount from products parent where parent.id = products.parent_id), ${SHOP_LOW_AMOUNT})`.as(
    "low_amount",
  ),
  SHOP_OUT_AMOUNT.as("out_amount"),
] as const;

/** A row of STOCK_MOVE_RETURNING, as either dialect answers it. */
export interface MovedStock {
  stock_quantity: number | string | null;
  backorders: string;
  low_amount: number | string;
  out_amount: number | string;
}

const noteAlert = compiled((db: Db, productId: number, kind: StockAlertKind, orderId: number, stock: number, now: string) =>
  db.insertInto("stock_alerts").values({ product_id: productId, kind, order_id: orderId, stock, created_at: now }),
);

/** Alerts noted by this process: the stock module sends what is due once it sees the count move. */
export const stockAlertsNoted = { count: 0 };

/**
 * After an order took `quantity` of a product (same transaction): the alerts its crossings owe,
 * noted. `moved` is the stock update's own answer (STOCK_MOVE_RETURNING): nothing is read again.
 */
export function* noteStockAlerts(db: Db, productId: number, quantity: number, orderId: number, now: string, moved: MovedStock): Work<void> {
  if (moved.stock_quantity === null) return;
  const after = Number(moved.stock_quantity);
  const kinds = stockCrossings({
    before: after + quantity,
    after,
    lowAmount: Number(moved.low_amount),
    outAmount: Number(moved.out_amount),
    backorders: moved.backorders !== "no",
  });
  for (const kind of kinds) yield* run(noteAlert(db, productId, kind, orderId, after, now));
  if (kinds.length) stockAlertsNoted.count++;
}
