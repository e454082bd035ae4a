import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkpointInBackground, WAL_RESTART_BYTES } from "./checkpointer.ts";
import { openSqlite, WAL_SIZE_LIMIT_BYTES } from "./index.ts";

let dir: string;
let sqlite: SQLite.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cw-checkpoint-"));
  sqlite = openSqlite(join(dir, "shop.db"));
  sqlite.exec("create table notes (id integer primary key, body text not null)");
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Commits that fill the WAL with about `pages` pages of 4 KB. */
function write(pages: number) {
  const insert = sqlite.prepare("insert into notes (body) values (?)");
  for (let i = 0; i < pages; i++) sqlite.transaction(() => insert.run("x".repeat(3500)))();
}

/** Waits until `check` holds, polling every 20 ms, for at most 10 s. */
async function until(check: () => boolean) {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("checkpoints on a thread of their own", () => {
  it("copies the WAL into the database file while the server's connection never checkpoints below the backstop", async () => {
    const checkpoints = checkpointInBackground(sqlite, join(dir, "shop.db"), { everyMs: 20 });
    // The backstop: the WAL at its size limit (128 MB: 32,768 pages of 4 KB).
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(32_768);
    write(1500);
    await until(() => checkpoints.checkpointed() >= 1500);
    await checkpoints.stop();
    // Stopped on purpose: the connection checkpoints as SQLite's default has it do again.
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    expect((sqlite.prepare("select count(*) as n from notes").get() as { n: number }).n).toBe(1500);
    // Everything committed is in the file itself: a fresh connection to it reads it all.
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const reader = openSqlite(join(dir, "shop.db"));
    expect((reader.prepare("select count(*) as n from notes").get() as { n: number }).n).toBe(1500);
    reader.close();
  });

  it("makes the WAL start over at its restart size while the server's writes never pause, long before the backstop", async () => {
    // A restart size of 4 MB, so that two seconds of writes pass it several times (the server's is 64 MB).
    const restartAtBytes = 4 * 1024 * 1024;
    const checkpoints = checkpointInBackground(sqlite, join(dir, "shop.db"), { everyMs: 20, restartAtBytes });
    const wal = join(dir, "shop.db-wal");
    const insert = sqlite.prepare("insert into notes (body) values (?)");
    let largest = 0;
    // A busy shop's pace: three commits (about nine pages) every millisecond for two seconds, never a pause long
    // enough for a checkpoint to finish between two of them.
    for (let batch = 0; batch < 2000; batch++) {
      for (let i = 0; i < 3; i++) sqlite.transaction(() => insert.run("x".repeat(3500)))();
      largest = Math.max(largest, statSync(wal).size);
      await new Promise((r) => setTimeout(r, 1));
    }
    await checkpoints.stop();
    // Without the restart the WAL grows by every page written (about 24 MB here), until the backstop has the server's own commits checkpoint.
    expect(checkpoints.restarts()).toBeGreaterThan(0);
    expect(largest).toBeLessThan(restartAtBytes * 2);
    expect((sqlite.prepare("select count(*) as n from notes").get() as { n: number }).n).toBe(6000);
  });

  it("gives the connection its usual checkpoints back when the thread stops unasked", async () => {
    let told = false;
    const checkpoints = checkpointInBackground(sqlite, join(dir, "shop.db"), {
      everyMs: 20,
      onStopped: () => {
        told = true;
      },
    });
    write(10);
    await until(() => checkpoints.checkpointed() > 0);
    await checkpoints.thread.terminate();
    await until(() => told);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    await checkpoints.stop();
  });
});

describe("the WAL kept in the kernel's cache", () => {
  it("is read through by the thread while the server writes, and left alone while it does not", async () => {
    const checkpoints = checkpointInBackground(sqlite, join(dir, "shop.db"), { everyMs: 20, warmEveryMs: 100 });
    // About 5.3 MB of WAL: more than one round's slice (4 MB), so it is read through in two rounds.
    write(1300);
    const wal = join(dir, "shop.db-wal");
    // The whole file, every frame in it, not only what the last checkpoint copied.
    await until(() => checkpoints.warmed().bytes === statSync(wal).size);
    expect(checkpoints.warmed().bytes).toBeGreaterThan(1300 * 4096);
    // Idle: once what was written is copied and read through, nothing is read again, however many rounds pass.
    for (let tries = 0; ; tries++) {
      const before = checkpoints.warmed().times;
      await new Promise((r) => setTimeout(r, 400));
      if (checkpoints.warmed().times === before) break;
      if (tries === 10) throw new Error("the thread kept reading the WAL of an idle database");
    }
    const times = checkpoints.warmed().times;
    // Written again: read through again once its interval has passed.
    write(10);
    await until(() => checkpoints.warmed().times > times);
    await checkpoints.stop();
  });
});

describe("the WAL's size", () => {
  /** Commits of 1 MB each (overflow pages), `megabytes` of WAL in a few hundred milliseconds. */
  function writeMegabytes(megabytes: number) {
    const insert = sqlite.prepare("insert into notes (body) values (?)");
    const body = "x".repeat(1024 * 1024);
    for (let i = 0; i < megabytes; i++) sqlite.transaction(() => insert.run(body))();
  }

  it("is left as it is when SQLite starts it over from the restart size, so no commit truncates the file", () => {
    expect(WAL_SIZE_LIMIT_BYTES).toBeGreaterThanOrEqual(2 * WAL_RESTART_BYTES);
    sqlite.pragma("wal_autocheckpoint = 0");
    writeMegabytes(WAL_RESTART_BYTES / (1024 * 1024) + 8);
    const wal = join(dir, "shop.db-wal");
    const grown = statSync(wal).size;
    expect(grown).toBeGreaterThan(WAL_RESTART_BYTES);
    expect(sqlite.pragma("wal_checkpoint(PASSIVE)")).toEqual([expect.objectContaining({ busy: 0 })]);
    write(1);
    expect(statSync(wal).size).toBe(grown);
  });

  it("is cut back to the limit when SQLite starts it over after a burst outgrew it", () => {
    sqlite.pragma("wal_autocheckpoint = 0");
    writeMegabytes(WAL_SIZE_LIMIT_BYTES / (1024 * 1024) + 8);
    const wal = join(dir, "shop.db-wal");
    expect(statSync(wal).size).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    expect(sqlite.pragma("wal_checkpoint(PASSIVE)")).toEqual([expect.objectContaining({ busy: 0 })]);
    write(1);
    expect(statSync(wal).size).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
  });
});
