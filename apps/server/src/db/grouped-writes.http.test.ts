/**
 * Grouped writes (group commit, decision 0111): on SQLite the writes queued in one turn of the event loop share
 * one transaction, each in a savepoint, and settle after its commit; on PostgreSQL each runs alone. Either way
 * each write answers and keeps exactly what it would alone.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop, testDialect } from "../../../../test/app.ts";
import { sqliteStatementsDuring } from "../../../../test/sqlite-statements.ts";
import { attemptGrouped, awaited, type Cached, cached, run, runWork, unitsRun, type Work } from "./unit-of-work.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await sql`create table group_notes (body text primary key)`.execute(shop.db);
  // Checked at COMMIT: a write can pass its own savepoint and still make the commit fail.
  await sql`create table group_children (body text primary key, parent text references group_notes (body) deferrable initially deferred)`.execute(
    shop.db,
  );
});
afterAll(() => shop.close());
beforeEach(async () => {
  await sql`delete from group_children`.execute(shop.db);
  await sql`delete from group_notes`.execute(shop.db);
});

const stored = async (table: "group_notes" | "group_children" = "group_notes") =>
  (await sql<{ body: string }>`select body from ${sql.table(table)} order by body`.execute(shop.db)).rows.map((row) => row.body);

/** A unit of work inserting `body`, then doing `more`; it answers `body`. */
function* noting(body: string, more?: () => Work<unknown>): Work<string> {
  yield* run(sql`insert into group_notes (body) values (${body})`.compile(shop.db));
  if (more) yield* more();
  return body;
}

/** A grouped write of `noting`. */
const write = (body: string, more?: () => Work<unknown>) => runWork(shop.db, () => noting(body, more), { write: true, grouped: true });

/** The webhooks revision counter as a unit of work's cached value sees it (the counter itself, by the snapshot it runs on). */
const webhooksCounter: Cached<number> = {
  peek: (_db, revisions) => revisions.get("webhooks"),
  load: async (db) => counterIn(db),
};
const counterIn = async (db: typeof shop.db) =>
  Number((await sql<{ value: number }>`select value from revisions where name = 'webhooks'`.execute(db)).rows[0]?.value);
const counter = () => counterIn(shop.db);
function* readCounter(): Work<number> {
  return yield* cached(webhooksCounter);
}

/** What every unit of work runs to read the counters on SQLite (db/revisions.ts `allRevisionsQuery`). */
const REVISIONS_READ = 'select "name", "value" from "revisions"';

const outcomes = <T>(settled: PromiseSettledResult<T>[]) =>
  settled.map((one) => (one.status === "fulfilled" ? one.value : `refused: ${(one.reason as Error).message}`));

/** A step that reads, then fails as an order finding its stock gone would. */
function* outOfStock(): Work<never> {
  yield* run(sql`select 1`.compile(shop.db));
  throw new Error("out of stock");
}

describe("writes grouped in one turn", () => {
  it("commit together on SQLite, each answered with its own value", async () => {
    const groupsBefore = unitsRun.groups;
    expect(await Promise.all([write("a"), write("b"), write("c")])).toEqual(["a", "b", "c"]);
    expect(await stored()).toEqual(["a", "b", "c"]);
    expect(unitsRun.groups - groupsBefore).toBe(shop.dialect === "sqlite" ? 1 : 0);
  });

  it("lose only the rows of a write that throws; the others are kept", async () => {
    const settled = await Promise.allSettled([write("a"), write("b", outOfStock), write("c")]);
    expect(outcomes(settled)).toEqual(["a", "refused: out of stock", "c"]);
    expect(await stored()).toEqual(["a", "c"]);
  });

  it("refuse a write whose statement fails (a taken key) without touching the group", async () => {
    const settled = outcomes(await Promise.allSettled([write("a"), write("a"), write("c")]));
    // On SQLite the first queued wins; on PostgreSQL, where each runs alone at once, whichever commits first.
    expect(settled.slice(0, 2).sort()).toEqual(["a", expect.stringMatching(/^refused: .*(UNIQUE|unique|duplicate)/)]);
    expect(settled[2]).toBe("c");
    expect(await stored()).toEqual(["a", "c"]);
  });

  it("run a write that needs a promise on its own after the commit, its first try undone", async () => {
    const settled = await Promise.allSettled([write("a"), write("b", () => awaited(async () => "waited")), write("c")]);
    expect(outcomes(settled)).toEqual(["a", "b", "c"]);
    // One row for b: its savepoint's insert was undone before the async run made it again.
    expect(await stored()).toEqual(["a", "b", "c"]);
  });

  it("run each write again on its own when the group cannot commit", async () => {
    const groupsBefore = unitsRun.groups;
    const orphan = () =>
      (function* () {
        yield* run(sql`insert into group_children (body, parent) values ('orphan', 'nobody')`.compile(shop.db));
      })();
    const settled = await Promise.allSettled([write("a"), write("b", orphan), write("c")]);
    const [first, second, third] = outcomes(settled);
    expect([first, third]).toEqual(["a", "c"]);
    expect(second).toMatch(/^refused: .*(FOREIGN KEY|foreign key)/);
    expect(await stored()).toEqual(["a", "c"]);
    expect(await stored("group_children")).toEqual([]);
    // The group's commit failed, so no group was counted: each write committed alone.
    expect(unitsRun.groups).toBe(groupsBefore);
  });

  it("read the revision counters once for the whole group", async () => {
    const counterReads = await sqliteStatementsDuring(shop.db, () =>
      Promise.all([write("a", readCounter), write("b", readCounter), write("c", readCounter)]),
    );
    expect(await stored()).toEqual(["a", "b", "c"]);
    // One read for the group and one to check it before the commit, on SQLite; one per write where each runs alone.
    if (shop.dialect === "sqlite") expect(counterReads.filter((text) => text === REVISIONS_READ)).toHaveLength(2);
  });

  it("run each write again on its own when one moved a revision counter that the others priced from", async () => {
    const groupsBefore = unitsRun.groups;
    const before = await counter();
    // a reads the counter (the group's snapshot), then moves it; b, after it, must see the moved value.
    const moving = () =>
      (function* () {
        yield* readCounter();
        yield* run(sql`update revisions set value = value + 1 where name = 'webhooks'`.compile(shop.db));
      })();
    // b keeps a row naming the counter it priced from.
    const reading = () =>
      (function* () {
        const seen = yield* readCounter();
        yield* run(sql`insert into group_notes (body) values (${`b saw ${seen}`})`.compile(shop.db));
      })();
    await Promise.all([write("a", moving), write("b", reading)]);
    expect(await counter()).toBe(before + 1);
    // On SQLite b runs after a, as queued; on PostgreSQL the two run alone at once, and b may read before a commits.
    const kept =
      shop.dialect === "sqlite" ? [`b saw ${before + 1}`] : [expect.stringMatching(new RegExp(`^b saw (${before}|${before + 1})$`))];
    expect(await stored()).toEqual(["a", "b", ...kept]);
    expect(unitsRun.groups).toBe(groupsBefore);
  });

  it("answer a write queued alone in its turn without a savepoint", async () => {
    const groupsBefore = unitsRun.groups;
    expect(await write("solo")).toBe("solo");
    expect(await stored()).toEqual(["solo"]);
    expect(unitsRun.groups).toBe(groupsBefore);
  });

  it("still run while a test fakes setImmediate", async () => {
    vi.useFakeTimers({ toFake: ["setImmediate"] });
    try {
      expect(await Promise.all([write("x"), write("y")])).toEqual(["x", "y"]);
    } finally {
      vi.useRealTimers();
    }
    expect(await stored()).toEqual(["x", "y"]);
  });
});

/** An attempt (`attemptGrouped`, the checkout's) of `noting`: it answers `{ value: body }` or undefined. */
const attempt = (body: string, more?: () => Work<unknown>, movesRevisions = false) =>
  attemptGrouped(shop.db, () => noting(body, more), { movesRevisions });

/** Moves the webhooks counter after reading it, as an order taking tracked stock moves the stock's. */
const moving = () =>
  (function* () {
    yield* readCounter();
    yield* run(sql`update revisions set value = value + 1 where name = 'webhooks'`.compile(shop.db));
  })();
/** Keeps a row naming the counter it priced from. */
const reading = (name: string) => () =>
  (function* () {
    const seen = yield* readCounter();
    yield* run(sql`insert into group_notes (body) values (${`${name} saw ${seen}`})`.compile(shop.db));
  })();

describe.skipIf(testDialect() !== "sqlite")("attempts grouped in one turn (decision 0129)", () => {
  it("commit with the writes of the turn, each answered with its value", async () => {
    const groupsBefore = unitsRun.groups;
    expect(await Promise.all([attempt("a"), write("b"), attempt("c")])).toEqual([{ value: "a" }, "b", { value: "c" }]);
    expect(await stored()).toEqual(["a", "b", "c"]);
    expect(unitsRun.groups - groupsBefore).toBe(1);
  });

  it("answer undefined, keeping nothing, when a step needs a promise; the caller runs it its own way", async () => {
    const settled = await Promise.all([attempt("a"), attempt("b", () => awaited(async () => "waited")), write("c")]);
    expect(settled).toEqual([{ value: "a" }, undefined, "c"]);
    expect(await stored()).toEqual(["a", "c"]);
  });

  it("reject with an attempt's own failure, its rows undone and the others kept", async () => {
    const settled = await Promise.allSettled([attempt("a"), attempt("b", outOfStock), attempt("c")]);
    expect(outcomes(settled)).toEqual([{ value: "a" }, "refused: out of stock", { value: "c" }]);
    expect(await stored()).toEqual(["a", "c"]);
  });

  it("read the counters again after one that may move them: those after it price on the moved values, in the same group", async () => {
    const before = await counter();
    let answers: unknown[] = [];
    const statements = await sqliteStatementsDuring(shop.db, async () => {
      answers = await Promise.all([attempt("a", moving, true), attempt("b", reading("b"), true), attempt("c", reading("c"), true)]);
    });
    expect(answers).toEqual([{ value: "a" }, { value: "b" }, { value: "c" }]);
    expect(await counter()).toBe(before + 1);
    expect(await stored()).toEqual(["a", "b", `b saw ${before + 1}`, "c", `c saw ${before + 1}`]);
    // One commit for the three (decision 0130; before it, a committed alone and b and c in a group of their own).
    expect(statements.filter((text) => text === "COMMIT")).toHaveLength(1);
  });

  it("run alone, as runSync, when queued alone in the turn", async () => {
    expect(await attempt("solo")).toEqual({ value: "solo" });
    expect(await attempt("later", () => awaited(async () => "waited"))).toBeUndefined();
    expect(await stored()).toEqual(["solo"]);
  });
});
