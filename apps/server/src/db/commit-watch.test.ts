import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchCommits } from "./commit-watch.ts";
import { openSqlite } from "./index.ts";

let dir: string;
let file: string;
let sqlite: SQLite.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cw-commit-watch-"));
  file = join(dir, "shop.db");
  sqlite = openSqlite(file);
  sqlite.exec("create table t (id integer primary key, v integer)");
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the commit watch of a SQLite file", () => {
  it("keeps its epoch while only reads run, and moves it on every commit from any connection", () => {
    const watch = watchCommits(file, "normal");
    if (!watch) throw new Error("no watch on a WAL file");
    const start = watch.epoch();
    expect(start).toBeTypeOf("number");
    sqlite.prepare("select count(*) from t").get();
    expect(watch.epoch()).toBe(start);

    sqlite.prepare("insert into t (v) values (1)").run();
    const afterOwn = watch.epoch();
    expect(afterOwn).not.toBe(start);
    expect(watch.epoch()).toBe(afterOwn);

    // Another connection in this process, then another process.
    const other = new SQLite(file);
    other.prepare("update t set v = 2").run();
    const afterOther = watch.epoch();
    expect(afterOther).not.toBe(afterOwn);
    other.prepare("select * from t").all();
    other.close();
    expect(watch.epoch()).toBe(afterOther);

    execFileSync(process.execPath, ["-e", `new (require("better-sqlite3"))(${JSON.stringify(file)}).prepare("update t set v = 3").run()`]);
    expect(watch.epoch()).not.toBe(afterOther);
    expect(sqlite.prepare("select v from t").pluck().get()).toBe(3);
    watch.close();
    expect(watch.epoch()).toBeUndefined();
  });

  it("keeps its epoch through a passive checkpoint, which commits nothing", () => {
    const watch = watchCommits(file, "normal");
    sqlite.prepare("insert into t (v) values (1)").run();
    const before = watch?.epoch();
    const other = new SQLite(file);
    other.pragma("wal_checkpoint(PASSIVE)");
    other.close();
    expect(watch?.epoch()).toBe(before);
    watch?.close();
  });

  it("keeps its epoch through transactions that write no page", () => {
    const watch = watchCommits(file, "normal");
    const before = watch?.epoch();
    sqlite.exec("begin immediate; commit");
    expect(watch?.epoch()).toBe(before);
    sqlite.prepare("update t set v = v where 0").run();
    expect(watch?.epoch()).toBe(before);
    watch?.close();
  });

  it("is not offered where the wal-index is not the -shm file", () => {
    expect(watchCommits(":memory:", "normal")).toBeUndefined();
    expect(watchCommits(file, "exclusive")).toBeUndefined();
  });

  it("answers nothing for a header it does not know, and a fresh epoch while its two copies differ", () => {
    const shm = join(dir, "fake.db-shm");
    const header = Buffer.alloc(136);
    header.writeUInt32LE(3007000, 0);
    header[12] = 1;
    header.writeUInt32LE(7, 16);
    header.copy(header, 48, 0, 48);
    writeFileSync(shm, header);
    const watch = watchCommits(join(dir, "fake.db"), "normal");
    const steady = watch?.epoch();
    expect(watch?.epoch()).toBe(steady);

    // A commit writing the copies: each read while they differ is an epoch of its own.
    const torn = Buffer.from(header);
    torn.writeUInt32LE(8, 16);
    writeFileSync(shm, torn);
    const during = watch?.epoch();
    expect(during).not.toBe(steady);
    expect(watch?.epoch()).not.toBe(during);

    // Written through, even back to the same bytes as before: never the epoch of before the commit began.
    writeFileSync(shm, header);
    const after = watch?.epoch();
    expect(after).not.toBe(steady);
    expect(after).not.toBe(during);
    expect(watch?.epoch()).toBe(after);

    const unknown = Buffer.from(header);
    unknown.writeUInt32LE(1, 0);
    writeFileSync(shm, unknown);
    expect(watch?.epoch()).toBeUndefined();
    watch?.close();
  });
});
