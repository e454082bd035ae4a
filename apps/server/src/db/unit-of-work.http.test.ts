/**
 * `statementRows` (decision 0055): one statement on its own, answered at once on SQLite when no
 * transaction is open on the connection; while one is, through Kysely, so it never reads a unit of
 * work's uncommitted rows. On PostgreSQL it always goes through the pool.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { allRevisionsQuery } from "./revisions.ts";
import { statementRows } from "./unit-of-work.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
});
afterAll(() => shop.close());

const settingsRevision = async (read: ReturnType<typeof statementRows<{ name: string; value: number }>>) =>
  Number((await read).find((row) => row.name === "settings")?.value);

describe("a statement on its own", () => {
  it("answers at once on SQLite outside a transaction, through a promise on PostgreSQL or when asked to", async () => {
    const read = statementRows(shop.db, allRevisionsQuery(shop.db));
    expect(Array.isArray(read)).toBe(shop.dialect === "sqlite");
    const asked = statementRows(shop.db, allRevisionsQuery(shop.db), { async: true });
    expect(Array.isArray(asked)).toBe(false);
    // Awaited too: a query left running could outlive the shop's pool (an unhandled rejection on a busy machine).
    expect(await settingsRevision(asked)).toEqual(expect.any(Number));
    expect(await settingsRevision(read)).toEqual(expect.any(Number));
  });

  it("never reads what an open transaction has not committed", async () => {
    const before = await settingsRevision(statementRows(shop.db, allRevisionsQuery(shop.db)));
    let during: ReturnType<typeof statementRows<{ name: string; value: number }>> | undefined;
    await expect(
      shop.db.transaction().execute(async (trx) => {
        await sql`update revisions set value = ${before + 1} where name = 'settings'`.execute(trx);
        during = statementRows(shop.db, allRevisionsQuery(shop.db));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await settingsRevision(during as NonNullable<typeof during>)).toBe(before);
  });
});
