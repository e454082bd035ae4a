/** Migration 031: guest carts stay out of the carts' customer index, which still finds a customer's saved cart. */
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, sqliteHandleOf } from "../index.ts";
import { down, up } from "./031_guest_carts_unindexed.ts";

const cart = (id: string, customerId: number | null) =>
  `insert into carts (id, customer_id, created_at, updated_at, expires_at) values ('${id}', ${customerId ?? "null"}, '2026-01-01', '2026-01-01', '2026-01-03')`;

describe("migration 031", () => {
  it("indexes signed-in customers' carts only, the sign-in's lookup uses it, and it goes down again", async () => {
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    await migrateToLatest(db);
    const sqlite = sqliteHandleOf(db);
    if (!sqlite) throw new Error("an SQLite database");
    sqlite.exec([cart("guest-1", null), cart("guest-2", null), cart("customer-7", 7)].join(";"));
    expect(sqlite.prepare("select sql from sqlite_master where name = 'carts_customer'").pluck().get()).toMatch(
      /where "customer_id" is not null/i,
    );
    const plan = sqlite
      .prepare("explain query plan select id from carts where customer_id = ? and expires_at > ? order by updated_at desc")
      .all(7, "2026-01-02") as { detail: string }[];
    // The sign-in's lookup of a saved cart (cart.repo.ts findSavedCartId) still reads the index.
    expect(plan.map((step) => step.detail).join(" ")).toMatch(/USING INDEX carts_customer/);
    expect(sqlite.prepare("select id from carts where customer_id = ?").pluck().all(7)).toEqual(["customer-7"]);

    await down(db as never);
    expect(sqlite.prepare("select sql from sqlite_master where name = 'carts_customer'").pluck().get()).not.toMatch(/where/i);
    await up(db as never);
    expect(sqlite.prepare("select sql from sqlite_master where name = 'carts_customer'").pluck().get()).toMatch(/is not null/i);
    await db.destroy();
  });
});
