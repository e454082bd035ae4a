import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "./index.ts";
import { prepared } from "./prepared.ts";

const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
await migrateToLatest(db);
afterAll(() => db.destroy());

describe("prepared", () => {
  it("runs the compiled query with each call's values, constants kept", async () => {
    const insert = prepared((d, name: string, value: number) =>
      d
        .insertInto("revisions")
        .values({ name, value })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value })),
    );
    const read = prepared((d, name: string) => d.selectFrom("revisions").select("value").where("name", "=", name).where("value", ">", 0));
    await insert(db, "alpha", 7);
    await insert(db, "beta", 9);
    await insert(db, "alpha", 8);
    expect((await read(db, "alpha")).rows).toEqual([{ value: 8 }]);
    expect((await read(db, "beta")).rows).toEqual([{ value: 9 }]);
    expect((await read(db, "gamma")).rows).toEqual([]);
  });

  it("works inside a transaction", async () => {
    const read = prepared((d, name: string) => d.selectFrom("revisions").select("value").where("name", "=", name));
    const value = await db.transaction().execute(async (trx) => (await read(trx, "beta")).rows[0]?.value);
    expect(value).toBe(9);
  });

  it("refuses a query that does not use an argument as a value", () => {
    const bad = prepared((d, _unused: string) => d.selectFrom("revisions").select("value"));
    expect(() => bad(db, "x")).toThrow("every argument must be a value");
  });
});
