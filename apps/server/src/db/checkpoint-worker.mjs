/**
 * The checkpointer's thread (checkpointer.ts): every few hundred milliseconds it copies the pages
 * committed to the WAL into the database file, so that no commit on the server's thread has to.
 * Plain JavaScript on purpose (decision 0062): a thread does not share the compile cache's
 * type-stripped code, and stripping one .ts file there loads TypeScript's stripper into the
 * thread, about 14 MB of resident memory for the life of the server.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/** @type {{ file: string, everyMs: number }} */
const { file, everyMs } = workerData;
const sqlite = new SQLite(file);

/** Frames of the current WAL copied so far: the pragma counts from the WAL's start, which a writer resets. */
let copied = 0;
const timer = setInterval(() => {
  // PASSIVE waits for no reader or writer; what it cannot copy now it copies next time.
  /** @type {{ busy: number, log: number, checkpointed: number }[]} */
  const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)");
  if (!result || result.checkpointed < 0) return;
  const fresh = result.checkpointed >= copied ? result.checkpointed - copied : result.checkpointed;
  copied = result.checkpointed;
  if (fresh > 0) parentPort?.postMessage({ checkpointed: fresh });
}, everyMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
