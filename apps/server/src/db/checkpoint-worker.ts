/**
 * The checkpointer's thread (checkpointer.ts): every few hundred milliseconds it copies the pages
 * committed to the WAL into the database file, so that no commit on the server's thread has to.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, everyMs } = workerData as { file: string; everyMs: number };
const sqlite = new SQLite(file);

/** Frames of the current WAL copied so far: the pragma counts from the WAL's start, which a writer resets. */
let copied = 0;
const timer = setInterval(() => {
  // PASSIVE waits for no reader or writer; what it cannot copy now it copies next time.
  const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
  if (!result || result.checkpointed < 0) return;
  const fresh = result.checkpointed >= copied ? result.checkpointed - copied : result.checkpointed;
  copied = result.checkpointed;
  if (fresh > 0) parentPort?.postMessage({ checkpointed: fresh });
}, everyMs);

parentPort?.on("message", (message: unknown) => {
  if (message !== "stop") return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
