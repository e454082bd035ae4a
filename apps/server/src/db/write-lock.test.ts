/**
 * A Kysely transaction on SQLite takes the write lock when it begins (BEGIN IMMEDIATE). Begun deferred,
 * a transaction that read first and then wrote while another connection held the lock (the checkpoint
 * thread's RESTART, for a moment) failed at once with SQLITE_BUSY: SQLite never waits on a lock for a
 * connection that already holds a read snapshot, whatever its busy timeout.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, openSqlite } from "./index.ts";

const dir = mkdtempSync(join(tmpdir(), "cw-write-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A shop file with one counter row, opened as the server opens it. */
function shopFile(name: string) {
  const file = join(dir, name);
  const setup = openSqlite(file);
  setup.exec("CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1, 0);");
  setup.close();
  return { file, db: openDatabase({ dialect: "sqlite", file }) };
}

/** Another connection, on a thread of its own, holds the write lock for `ms`; resolves once it holds it. */
function holdWriteLock(file: string, ms: number): Promise<Worker> {
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const SQLite = require(workerData.module);
     const other = new SQLite(workerData.file);
     other.exec("BEGIN IMMEDIATE");
     parentPort.postMessage("held");
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     other.exec("COMMIT");
     other.close();`,
    { eval: true, workerData: { file, ms, module: require.resolve("better-sqlite3") } },
  );
  return new Promise((resolve, reject) => {
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
  });
}

describe("a write transaction through Kysely on SQLite", () => {
  it("holds the write lock from its start, before its first write", async () => {
    const { file, db } = shopFile("immediate.db");
    const other = openSqlite(file);
    other.pragma("busy_timeout = 0");
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select n from counter`.execute(trx);
        expect(() => other.exec("BEGIN IMMEDIATE")).toThrow(expect.objectContaining({ code: "SQLITE_BUSY" }));
      });
    } finally {
      other.close();
      await db.destroy();
    }
  });

  it("waits for a lock another connection holds for a moment, then reads and writes", async () => {
    const { file, db } = shopFile("waits.db");
    try {
      const worker = await holdWriteLock(file, 300);
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
        await sql`update counter set n = ${Number(rows[0]?.n) + 1} where id = 1`.execute(trx);
      });
      await new Promise((done) => worker.once("exit", done));
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
