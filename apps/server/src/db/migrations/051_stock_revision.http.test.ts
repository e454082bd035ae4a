import { sql } from "kysely";
import { expect, it } from "vitest";
import { createTestShop } from "../../../../../test/app.ts";
import { down, up } from "./051_stock_revision.ts";

/** Migration 051 down and up again, on SQLite and PostgreSQL: which counter a stock move and a price change move. */
it("goes down and up again: a stock move moves the catalogue's counter without it, the stock's with it", async () => {
  const shop = await createTestShop({ rateLimit: false });
  const counters = async () =>
    Object.fromEntries(
      (await sql<{ name: string; value: string }>`select name, value from revisions`.execute(shop.db)).rows.map((r) => [
        r.name,
        String(r.value),
      ]),
    );
  /** The counters an update of `set` on the Limited Print moved. */
  const movedBy = async (set: ReturnType<typeof sql>) => {
    const before = await counters();
    await sql`update products set ${set} where slug = 'limited-print'`.execute(shop.db);
    const after = await counters();
    return Object.keys(after).filter((name) => after[name] !== before[name]);
  };
  const stockMove = sql`stock_quantity = stock_quantity - 1, stock_status = stock_status, updated_at = updated_at`;
  expect(await movedBy(stockMove)).toEqual(["stock"]);
  expect(await movedBy(sql`regular_price = regular_price + 1`)).toEqual(["catalogue"]);
  await down(shop.db as never);
  expect(Object.keys(await counters())).not.toContain("stock");
  expect(await movedBy(stockMove)).toEqual(["catalogue"]);
  expect(await movedBy(sql`regular_price = regular_price - 1`)).toEqual(["catalogue"]);
  await up(shop.db as never);
  expect(await movedBy(sql`stock_quantity = stock_quantity + 2`)).toEqual(["stock"]);
  // An insert and a delete still move the catalogue's (inserted and deleted by hand, as a console would).
  const copy = sql`insert into products (name, slug, type, status, regular_price, created_at, updated_at)
    select 'Copy', 'copy-of-print', type, status, regular_price, created_at, updated_at from products where slug = 'limited-print'`;
  const before = await counters();
  await copy.execute(shop.db);
  await sql`delete from products where slug = 'copy-of-print'`.execute(shop.db);
  const after = await counters();
  expect(after.catalogue).not.toBe(before.catalogue);
  expect(after.stock).toBe(before.stock);
  await shop.close();
});
