/** Cart rows: one cart per session, its items and coupons. Writes take the cart's row lock first. */
import { type CompiledQuery, sql } from "kysely";
import { type Db, isPostgres } from "../../db/index.ts";
import { compiled, prepared } from "../../db/prepared.ts";
import type { CartItemsTable, CartsTable } from "../../db/schema.ts";
import { rows, run, runSteps, type Work } from "../../db/unit-of-work.ts";
import { mapped } from "./totals/index.ts";

export type CartRow = CartsTable;
export type CartItemRow = CartItemsTable;

export interface StoredCart {
  cart: CartRow;
  items: CartItemRow[];
  coupons: string[];
  /** The position after the last coupon row's, where a code added goes (a removed code leaves its gap). */
  couponsEnd: number;
}

// Every cart call runs these: built once (db/prepared.ts).
const selectCart = prepared((db, id: string) => db.selectFrom("carts").selectAll().where("id", "=", id));
const selectItems = prepared((db, id: string) => db.selectFrom("cart_items").selectAll().where("cart_id", "=", id));
const selectCoupons = prepared((db, id: string) => db.selectFrom("cart_coupons").select(["code", "position"]).where("cart_id", "=", id));

export async function findCart(db: Db, id: string): Promise<StoredCart | null> {
  const cart = await findCartRow(db, id);
  return cart ? withLines(db, cart) : null;
}

/** The cart's own row only: its version tells whether a kept reply still holds (reply-cache.ts). */
export async function findCartRow(db: Db, id: string): Promise<CartRow | null> {
  return (await selectCart(db, id)).rows[0] ?? null;
}

export async function withLines(db: Db, cart: CartRow): Promise<StoredCart> {
  const [{ rows: items }, { rows: coupons }] = await Promise.all([selectItems(db, cart.id), selectCoupons(db, cart.id)]);
  return sortedLines(cart, items, coupons);
}

/*
 * The cart's steps in a unit of work (db/unit-of-work.ts): the same SQL whether it runs
 * synchronously on SQLite or through Kysely.
 */

/** The cart's row, locked for the rest of the transaction on PostgreSQL (SQLite's write lock is taken when it begins). */
const cartRowForWrite = compiled((db, id: string) =>
  db
    .selectFrom("carts")
    .selectAll()
    .where("id", "=", id)
    .$if(isPostgres(db), (q) => q.forUpdate()),
);
const cartRow = compiled((db, id: string) => db.selectFrom("carts").selectAll().where("id", "=", id));
const itemRows = compiled((db, id: string) => db.selectFrom("cart_items").selectAll().where("cart_id", "=", id));
const couponRows = compiled((db, id: string) => db.selectFrom("cart_coupons").select(["code", "position"]).where("cart_id", "=", id));

/** The cart's row, made first if it has none, under its lock: the first step of every cart write. */
export function* lockedCart(db: Db, id: string, customerId: number | null, expiresAt: string, now: string): Work<CartRow> {
  return (yield* lockedOrMadeCart(db, id, customerId, expiresAt, now)).cart;
}

/** `lockedCart`, saying whether this unit of work made the row (then the cart has no lines or coupons yet). */
export function* lockedOrMadeCart(
  db: Db,
  id: string,
  customerId: number | null,
  expiresAt: string,
  now: string,
): Work<{ cart: CartRow; made: boolean }> {
  const [found] = yield* rows(cartRowForWrite(db, id));
  if (found) return { cart: found, made: false };
  const row = newCartRow(id, customerId, expiresAt, now, newCartVersion());
  // The row inserted is the row stored (no trigger moves a new cart's columns), locked by its insert until the commit.
  if (Number((yield* run(insertCartQuery(db, row))).numAffectedRows ?? 0) === 1) return { cart: row, made: true };
  // Another transaction made it first (PostgreSQL): read it under its lock.
  const [madeElsewhere] = yield* rows(cartRowForWrite(db, id));
  if (!madeElsewhere) throw new Error("cart vanished under its lock");
  return { cart: madeElsewhere, made: false };
}

/** The cart's own row only, unlocked: its version tells whether a kept reply still holds (reply-cache.ts). */
export function* cartRowOf(db: Db, id: string): Work<CartRow | null> {
  return (yield* rows(cartRow(db, id)))[0] ?? null;
}

/** Under this name, `versionAndRevisions` answers the cart's version beside the counters (no counter is named ""). */
export const CART_VERSION_ROW = "";

/**
 * Every revision counter and the cart's version (a row named CART_VERSION_ROW, absent when the
 * cart has no row), in one statement: all a kept reply's stamp needs (decisions 0015, 0055).
 */
export const versionAndRevisions = compiled((db, id: string) => revisionsAndVersion(db, id));

/** `versionAndRevisions`' select: the start of every statement a kept reply's stamp is checked by. */
function revisionsAndVersion(db: Db, id: string) {
  return db
    .selectFrom("revisions")
    .select(["name", "value"])
    .unionAll(
      db
        .selectFrom("carts")
        .select([sql.lit(CART_VERSION_ROW).as("name"), "version as value"])
        .where("id", "=", id),
    );
}

/** A kept reply's stamp rows for what other orders hold of its lines' products are named with this prefix and the product's id. */
export const HELD_ROW_PREFIX = "held:";

/**
 * The live holds of orders other than this cart's: the shopper's own draft never counts against them. Plain rows,
 * summed by the caller, and no GROUP BY: SQLite ran the grouped form 5 × slower, on an empty table (measured).
 */
function heldByOthers(db: Db, cartId: string, now: string) {
  return db
    .selectFrom("stock_holds as h")
    .where("h.expires_at", ">", now)
    .where(sql<boolean>`not exists (select 1 from orders o where o.id = h.order_id and o.cart_id = ${cartId})`);
}
/** The products of the cart's lines (a variation's own id). */
const cartLineProducts = (cartId: string) =>
  sql`select coalesce(ci.variation_id, ci.product_id) from cart_items ci where ci.cart_id = ${cartId}`;

/** Held of the cart's lines' products, as its rows are in this transaction, and of `productId` (0 for none), in one statement. */
const heldOfCartQuery = compiled((db, cartId: string, productId: number, now: string) =>
  heldByOthers(db, cartId, now)
    .where(sql<boolean>`h.product_id in (${cartLineProducts(cartId)} union all select cast(${productId} as integer))`)
    .select(["h.product_id", "h.quantity", "h.expires_at"]),
);
/** Held of one product: a search of the holds' index, without the cart's lines as a list. */
const heldOfProductQuery = compiled((db, cartId: string, productId: number, now: string) =>
  heldByOthers(db, cartId, now).where("h.product_id", "=", productId).select(["h.product_id", "h.quantity", "h.expires_at"]),
);

export type HeldStock = ReadonlyMap<number, { held: number; until: number }>;

/**
 * What orders other than this cart's hold now of the cart's lines' products (`lineProducts`, as the unit of work
 * has the lines) and of `adding` (a product about to be added), by product: the sum held and the earliest time a
 * hold lapses. One small query, for carts with stock-managed lines only (decision 0096). A cart of one product
 * searches the index for it: the list of the lines' products as a subquery cost 13 µs a write inside the server,
 * against 1.4 for the search (measured, session 57).
 */
export function* heldStockOf(
  db: Db,
  cartId: string,
  lineProducts: readonly number[],
  adding: number | undefined,
  now: string,
): Work<HeldStock> {
  const products = new Set(lineProducts);
  if (adding !== undefined) products.add(adding);
  const held = new Map<number, { held: number; until: number }>();
  if (!products.size) return held;
  const [only] = products;
  const query = products.size === 1 ? heldOfProductQuery(db, cartId, only!, now) : heldOfCartQuery(db, cartId, adding ?? 0, now);
  for (const row of yield* rows(query)) {
    const id = Number(row.product_id);
    const until = Date.parse(row.expires_at);
    const sum = held.get(id);
    held.set(
      id,
      sum ? { held: sum.held + Number(row.quantity), until: Math.min(sum.until, until) } : { held: Number(row.quantity), until },
    );
  }
  return held;
}

/**
 * Under this prefix, the stamp's statements answer a stock figure the reply shows: `figures:{id}/{status}`, and
 * `/none` after it for a quantity never set; the quantity (0 for none) as value.
 */
export const FIGURES_ROW_PREFIX = "figures:";

/**
 * The stock figures of the products a cart shows that track their stock (decision 0132): its lines' (a variation's
 * own), and its lines' products' cross-sells as the catalogue lists them (published, not hidden: `findCrossSells`).
 */
function figuresShown(db: Db, id: string) {
  const lineProducts = sql`select ci.product_id from cart_items ci where ci.cart_id = ${id}`;
  const crossSells = sql`select x.cross_sell_id from cross_sells x where x.product_id in (${lineProducts})`;
  return db
    .selectFrom("products as p")
    .where("p.manage_stock", "=", 1)
    .where(
      sql<boolean>`(p.id in (${cartLineProducts(id)}) or (p.catalog_visibility <> 'hidden' and p.status = 'publish' and p.id in (${crossSells})))`,
    )
    .select([
      sql<string>`${sql.lit(FIGURES_ROW_PREFIX)} || cast(p.id as text) || '/' || p.stock_status || case when p.stock_quantity is null then '/none' else '' end`.as(
        "name",
      ),
      sql<number>`coalesce(p.stock_quantity, 0)`.as("value"),
    ]);
}

/** `versionAndRevisions` and, for a kept reply that shows stock figures, those figures now, in one statement (decision 0132). */
export const versionRevisionsAndFigures = compiled((db, id: string) => revisionsAndVersion(db, id).unionAll(figuresShown(db, id)));

/**
 * `versionAndRevisions` and, for a kept reply priced from what others hold, those holds (a row per
 * hold, named HELD_ROW_PREFIX and the product's id, its quantity as value) in the same one statement
 * (decision 0096).
 */
export const versionRevisionsAndHolds = compiled((db, id: string, now: string) =>
  revisionsAndVersion(db, id).unionAll(heldOfLines(db, id, now)),
);

/** `versionRevisionsAndHolds` and the stock figures the kept reply shows (`versionRevisionsAndFigures`), in one statement. */
export const versionRevisionsHoldsAndFigures = compiled((db, id: string, now: string) =>
  revisionsAndVersion(db, id)
    .unionAll(heldOfLines(db, id, now))
    .unionAll(figuresShown(db, id)),
);

/** What others hold of the cart's lines' products, as stamp rows. */
function heldOfLines(db: Db, id: string, now: string) {
  return heldByOthers(db, id, now)
    .where(sql<boolean>`h.product_id in (${cartLineProducts(id)})`)
    .select([sql<string>`${sql.lit(HELD_ROW_PREFIX)} || cast(h.product_id as text)`.as("name"), "h.quantity as value"]);
}

/**
 * A cart whose row this unit of work just made, with no lines or coupons: their rows need the cart's
 * row first (foreign keys on both databases), so there is nothing to read.
 */
export const withoutLines = (cart: CartRow): StoredCart => ({ cart, items: [], coupons: [], couponsEnd: 0 });

/** The cart with its lines and coupons, in their order. */
export function* linesOf(db: Db, cart: CartRow): Work<StoredCart> {
  const items = yield* rows(itemRows(db, cart.id));
  const coupons = yield* rows(couponRows(db, cart.id));
  return sortedLines(cart, items, coupons);
}

function sortedLines(cart: CartRow, items: CartItemRow[], coupons: { code: string; position: number }[]): StoredCart {
  // Sorted here: a cart holds a handful of rows, and an SQL ORDER BY cost more than the query (measured).
  items.sort((a, b) => a.position - b.position || (a.added_at < b.added_at ? -1 : a.added_at > b.added_at ? 1 : 0));
  coupons.sort((a, b) => a.position - b.position);
  const last = coupons[coupons.length - 1];
  return { cart, items, coupons: mapped(coupons, (c) => c.code), couponsEnd: last ? Number(last.position) + 1 : 0 };
}

const updateQuantityQuery = compiled((db, cartId: string, key: string, quantity: number) =>
  db.updateTable("cart_items").set({ quantity }).where("cart_id", "=", cartId).where("key", "=", key),
);
const deleteItemQuery = compiled((db, cartId: string, key: string) =>
  db.deleteFrom("cart_items").where("cart_id", "=", cartId).where("key", "=", key),
);
/**
 * A code goes after the cart's last coupon, at the position its lines were read or kept with (`couponsEnd`): no
 * query for it. One `insert … select max(position)` cost SQLite 3 × the plain read of the rows (measured).
 */
const addCouponQuery = compiled((db, cartId: string, code: string, position: number) =>
  db
    .insertInto("cart_coupons")
    .values({ cart_id: cartId, code, position })
    .onConflict((oc) => oc.columns(["cart_id", "code"]).doNothing()),
);
const removeCouponQuery = compiled((db, cartId: string, code: string) =>
  db.deleteFrom("cart_coupons").where("cart_id", "=", cartId).where("code", "=", code),
);

export function* writeQuantity(db: Db, cartId: string, key: string, quantity: number): Work<void> {
  yield* run(updateQuantityQuery(db, cartId, key, quantity));
}

export function* writeNewItem(db: Db, item: CartItemRow): Work<void> {
  yield* run(insertItemQuery(db, ...ITEM_COLUMNS.map((column) => item[column])));
}

/** Deletes a line; answers whether there was one. */
export function* eraseItem(db: Db, cartId: string, key: string): Work<boolean> {
  return Number((yield* run(deleteItemQuery(db, cartId, key))).numAffectedRows ?? 0) > 0;
}

/** Appends a code to the cart's coupons, its rows and `stored` alike (nothing when it holds it already); the caller holds the cart's lock. */
export function* writeCoupon(db: Db, stored: StoredCart, code: string): Work<void> {
  if (stored.coupons.includes(code)) return;
  yield* run(addCouponQuery(db, stored.cart.id, code, stored.couponsEnd));
  stored.coupons.push(code);
  stored.couponsEnd++;
}

/** Takes a code off the cart; answers whether it held it. */
export function* eraseCoupon(db: Db, cartId: string, code: string): Work<boolean> {
  return Number((yield* run(removeCouponQuery(db, cartId, code))).numAffectedRows ?? 0) > 0;
}

/**
 * `touchCart` as a step: the last write of a cart change. Without `expiresAt` the expiry stays as
 * stored and is left out of the update, so its index is not written (decision 0063).
 */
export function* touched(db: Db, id: string, now: string, expiresAt: string | undefined, fields: CartFields = {}): Work<Partial<CartRow>> {
  const { query, row } = cartUpdate(db, id, now, expiresAt === undefined ? fields : { ...fields, expires_at: expiresAt });
  yield* run(query);
  return row;
}

/** A fresh cart version, in the range both databases' triggers use (migration 010). */
export const newCartVersion = () => Math.floor(Math.random() * 2 ** 52);

/**
 * Creates the cart row if needed and locks it for the rest of the transaction, so concurrent
 * writes to one cart run one after another (SQLite transactions are serialised already).
 */
const insertNewCart = compiled((trx, id: string, customerId: number | null, expiresAt: string, now: string, version: number) =>
  trx
    .insertInto("carts")
    .values(newCartRow(id, customerId, expiresAt, now, version))
    .onConflict((oc) => oc.column("id").doNothing()),
);
const insertCartQuery = (trx: Db, row: CartRow) => insertNewCart(trx, row.id, row.customer_id, row.expires_at, row.created_at, row.version);
/** A new cart's row, every column given. */
const newCartRow = (id: string, customerId: number | null, expiresAt: string, now: string, version: number): CartRow => ({
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
  version,
});
const selectCartForUpdate = prepared((trx, id: string) => trx.selectFrom("carts").select("id").where("id", "=", id).forUpdate());

export async function lockCart(trx: Db, id: string, customerId: number | null, expiresAt: string, now: string): Promise<void> {
  await trx.executeQuery(insertCartQuery(trx, newCartRow(id, customerId, expiresAt, now, newCartVersion())));
  await lockCartRow(trx, id);
}

/** Takes an existing cart's row lock before its lines are written, as every cart writer does (no deadlocks on PostgreSQL). */
export async function lockCartRow(trx: Db, id: string): Promise<void> {
  if (isPostgres(trx)) await selectCartForUpdate(trx, id);
}

export type CartFields = Partial<
  Pick<CartRow, "billing_address" | "shipping_address" | "selected_rates" | "extensions" | "has_calculated_shipping" | "customer_id">
>;

/** What a cart's last write may set besides its time and version: the expiry is one more field, left out when it stays. */
type WrittenFields = CartFields & Partial<Pick<CartRow, "expires_at">>;

/** One compiled update per set of fields written (a handful: the rate, an address, extension data, the expiry). */
const cartUpdates = new Map<string, ReturnType<typeof prepareCartUpdate>>();
const prepareCartUpdate = (names: (keyof WrittenFields)[]) =>
  compiled((trx, id: string, now: string, version: number, ...values: unknown[]) =>
    trx
      .updateTable("carts")
      .set({ ...Object.fromEntries(names.map((name, i) => [name, values[i]])), updated_at: now, version })
      .where("id", "=", id),
  );

/** The update that writes `fields` with a new version, and every field it writes. */
function cartUpdate(trx: Db, id: string, now: string, fields: WrittenFields): { query: CompiledQuery; row: Partial<CartRow> } {
  const names = (Object.keys(fields) as (keyof WrittenFields)[]).sort();
  const key = names.join(",");
  let update = cartUpdates.get(key);
  if (!update) {
    update = prepareCartUpdate(names);
    cartUpdates.set(key, update);
  }
  const version = newCartVersion();
  return { query: update(trx, id, now, version, ...names.map((name) => fields[name])), row: { ...fields, updated_at: now, version } };
}

/**
 * Saves the given fields, pushes the cart's expiry on and gives it a new version (the last write
 * of a cart change, so the version it returns names the state the transaction leaves); returns
 * every field it wrote.
 */
export async function touchCart(trx: Db, id: string, now: string, expiresAt: string, fields: CartFields = {}): Promise<Partial<CartRow>> {
  const { query, row } = cartUpdate(trx, id, now, { ...fields, expires_at: expiresAt });
  await trx.executeQuery(query);
  return row;
}

const ITEM_COLUMNS = [
  "cart_id",
  "key",
  "product_id",
  "variation_id",
  "quantity",
  "variation",
  "item_data",
  "price_when_added",
  "position",
  "added_at",
] as const satisfies readonly (keyof CartItemRow)[];
// Fails to compile when the table gains a column this list lacks.
const everyItemColumn: Exclude<keyof CartItemRow, (typeof ITEM_COLUMNS)[number]> extends never ? true : never = true;
void everyItemColumn;
const insertItemQuery = compiled((trx, ...values: unknown[]) =>
  trx.insertInto("cart_items").values(Object.fromEntries(ITEM_COLUMNS.map((column, i) => [column, values[i]])) as unknown as CartItemRow),
);

export async function insertItem(trx: Db, item: CartItemRow): Promise<void> {
  await trx.executeQuery(insertItemQuery(trx, ...ITEM_COLUMNS.map((column) => item[column])));
}

export async function setItemQuantity(trx: Db, cartId: string, key: string, quantity: number): Promise<void> {
  await trx.executeQuery(updateQuantityQuery(trx, cartId, key, quantity));
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
export function emptyCart(trx: Db, cartId: string, now: string): Promise<void> {
  return runSteps(trx, emptied(trx, cartId, now));
}

/** `emptyCart` as a step. */
export function* emptied(db: Db, cartId: string, now: string, hasCoupons = true): Work<void> {
  // The cart's row first: deleting lines moves its version (migration 010), and every writer takes the row before the lines.
  yield* run(clearRatesQuery(db, cartId, now));
  yield* run(deleteItemsQuery(db, cartId));
  if (hasCoupons) yield* run(deleteCouponsQuery(db, cartId));
}
const clearRatesQuery = compiled((db, cartId: string, now: string) =>
  db.updateTable("carts").set({ selected_rates: "{}", updated_at: now }).where("id", "=", cartId),
);
const deleteItemsQuery = compiled((db, cartId: string) => db.deleteFrom("cart_items").where("cart_id", "=", cartId));
const deleteCouponsQuery = compiled((db, cartId: string) => db.deleteFrom("cart_coupons").where("cart_id", "=", cartId));

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

/** Pushes the cart's expiry on without writing anything else (the version moves by the trigger, migration 010). */
export async function extendCart(db: Db, id: string, now: string, expiresAt: string): Promise<void> {
  await db.updateTable("carts").set({ updated_at: now, expires_at: expiresAt }).where("id", "=", id).execute();
}
