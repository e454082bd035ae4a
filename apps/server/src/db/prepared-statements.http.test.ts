/**
 * On PostgreSQL the shop's repeated statements run prepared (decision 0133): named, parsed once on each
 * connection, prepared afresh after a migration changed what one returns. On SQLite there is nothing to see.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../test/app.ts";
import { StoreClient } from "../../../../test/store-client.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const onPostgres = testDialect() === "postgres";

describe.runIf(onPostgres)("prepared statements on PostgreSQL", () => {
  it("a statement run again on a connection is its prepared one, and answers the same", async () => {
    const prepared = await shop.db.connection().execute(async (connection) => {
      const find = () => connection.selectFrom("products").select(["id", "name"]).where("id", "=", 1).execute();
      const answers = [await find(), await find(), await find()];
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection)).rows;
    });
    const mine = prepared.find((row) => row.statement.startsWith('select "id", "name" from "products"'));
    expect(mine?.name).toMatch(/^cw_\d+$/);
    expect(prepared.some((row) => /^\s*(begin|commit)/i.test(row.statement))).toBe(false);
  });

  it("a statement whose columns a migration changed fails once, then runs prepared afresh", async () => {
    await sql`create table prepared_probe (id integer primary key, a text)`.execute(shop.db);
    await sql`insert into prepared_probe values (1, 'one')`.execute(shop.db);
    await shop.db.connection().execute(async (connection) => {
      const read = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(connection);
      await read();
      expect((await read()).rows).toEqual([{ id: 1, a: "one" }]);
      // Another process's migration, as a rolling deploy runs it.
      await sql`alter table prepared_probe add column b text default 'two'`.execute(shop.db);
      await expect(read()).rejects.toThrow("cached plan must not change result type");
      expect((await read()).rows).toEqual([{ id: 1, a: "one", b: "two" }]);
      expect((await read()).rows).toEqual([{ id: 1, a: "one", b: "two" }]);
    });
    await sql`drop table prepared_probe`.execute(shop.db);
  });
});

describe("the cart through prepared statements", () => {
  it("answers its calls the same from the first run to the tenth", async () => {
    const client = new StoreClient(shop.app);
    const first = await client.cart("POST", "/cart/add-item", { id: 1, quantity: 1 });
    let cart = first;
    for (let quantity = 2; quantity <= 10; quantity++)
      cart = await client.cart("POST", "/cart/update-item", { key: first.items[0].key, quantity });
    expect(cart.items[0].quantity).toBe(10);
    expect(Number(cart.totals.total_items)).toBe(Number(first.totals.total_items) * 10);
    expect(await client.cart("GET", "/cart")).toEqual(cart);
  });
});
