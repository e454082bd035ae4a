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
import { rows, run, type Work } from "./unit-of-work.ts";

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

/** A product's stock after a move, and the amounts its crossings are judged by (same transaction). */
const stockNow = compiled((db: Db, productId: number) =>
  db
    .selectFrom("products as p")
    .leftJoin("products as parent", "parent.id", "p.parent_id")
    .select([
      "p.stock_quantity",
      "p.backorders",
      sql<number>`coalesce(p.low_stock_amount, parent.low_stock_amount, ${SHOP_LOW_AMOUNT})`.as("low_amount"),
      SHOP_OUT_AMOUNT.as("out_amount"),
    ])
    .where("p.id", "=", productId),
);

const noteAlert = compiled((db: Db, productId: number, kind: StockAlertKind, orderId: number, stock: number, now: string) =>
  db.insertInto("stock_alerts").values({ product_id: productId, kind, order_id: orderId, stock, created_at: now }),
);

/** Alerts noted by this process: the stock module sends what is due once it sees the count move. */
export const stockAlertsNoted = { count: 0 };

/** After an order took `quantity` of a product (same transaction): the alerts its crossings owe, noted. */
export function* noteStockAlerts(db: Db, productId: number, quantity: number, orderId: number, now: string): Work<void> {
  const [row] = yield* rows(stockNow(db, productId));
  if (!row || row.stock_quantity === null) return;
  const after = Number(row.stock_quantity);
  const kinds = stockCrossings({
    before: after + quantity,
    after,
    lowAmount: Number(row.low_amount),
    outAmount: Number(row.out_amount),
    backorders: row.backorders !== "no",
  });
  for (const kind of kinds) yield* run(noteAlert(db, productId, kind, orderId, after, now));
  if (kinds.length) stockAlertsNoted.count++;
}
