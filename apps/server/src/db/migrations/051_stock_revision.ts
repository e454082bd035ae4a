/**
 * A `stock` revision counter apart from the catalogue's (decision 0130). An order taking tracked stock
 * writes only a product's stock figures, yet moved the catalogue's counter: every order emptied every
 * catalogue cache in every process, and the orders after it loaded the cart's products again before they
 * could run. Now an update of products moves `catalogue` when it sets any column but the stock ones, and
 * `stock` when it sets one of those (an editor's save sets both). Inserts and deletes still move
 * `catalogue`. The catalogue column list is taken from the table as it stands: a later migration adding a
 * column to products must call `watchProductColumns` again (db/revisions.http.test.ts checks every column).
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "./helpers.ts";

/** The columns a stock move sets (orders/orders.repo.ts `takeStockQuery`, `returnStock`; db/stock-status.ts). */
export const STOCK_COLUMNS = ["stock_quantity", "stock_status", "updated_at"] as const;

const bumpSqlite = (name: string) => `begin update revisions set value = random() >> 11 where name = '${name}'; end`;

async function productColumns(db: Kysely<unknown>): Promise<string[]> {
  const found = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'products' order by ordinal_position`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db);
  return found.rows.map((row) => row.name);
}

/** (Re)makes the products' update triggers: the catalogue's on every column but the stock ones, the stock's on those. */
export async function watchProductColumns(db: Kysely<unknown>): Promise<void> {
  const stock = new Set<string>(STOCK_COLUMNS);
  const catalogue = (await productColumns(db)).filter((name) => !stock.has(name));
  const list = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");
  await dropUpdateTriggers(db);
  if (isPostgres(db)) {
    await sql
      .raw(`create trigger products_revision_update after update of ${list(catalogue)} on products
            for each statement execute function cw_bump_revision('catalogue')`)
      .execute(db);
    await sql
      .raw(`create trigger products_stock_revision after update of ${list(STOCK_COLUMNS)} on products
            for each statement execute function cw_bump_revision('stock')`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger products_revision_update after update of ${list(catalogue)} on products ${bumpSqlite("catalogue")}`)
    .execute(db);
  await sql
    .raw(`create trigger products_stock_revision after update of ${list(STOCK_COLUMNS)} on products ${bumpSqlite("stock")}`)
    .execute(db);
}

async function dropUpdateTriggers(db: Kysely<unknown>): Promise<void> {
  const on = isPostgres(db) ? " on products" : "";
  await sql.raw(`drop trigger if exists products_revision_update${on}`).execute(db);
  await sql.raw(`drop trigger if exists products_stock_revision${on}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db
    .insertInto("revisions" as never)
    .values({ name: "stock", value: 1 } as never)
    .execute();
  if (isPostgres(db)) {
    // Migration 003's one statement trigger for every event: inserts, deletes and truncates keep it.
    await sql`drop trigger if exists products_revision on products`.execute(db);
    await sql`create trigger products_revision after insert or delete or truncate on products
              for each statement execute function cw_bump_revision('catalogue')`.execute(db);
  }
  await watchProductColumns(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropUpdateTriggers(db);
  if (isPostgres(db)) {
    await sql`drop trigger if exists products_revision on products`.execute(db);
    await sql`create trigger products_revision after insert or update or delete or truncate on products
              for each statement execute function cw_bump_revision('catalogue')`.execute(db);
  } else {
    await sql.raw(`create trigger products_revision_update after update on products ${bumpSqlite("catalogue")}`).execute(db);
  }
  await db
    .deleteFrom("revisions" as never)
    .where("name" as never, "=", "stock" as never)
    .execute();
}
