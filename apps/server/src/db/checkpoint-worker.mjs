/**
 * The checkpointer's thread (checkpointer.ts): every few hundred milliseconds it copies the pages
 * committed to the WAL into the database file, so that no commit on the server's thread has to.
 * Plain JavaScript on purpose (decision 0062): a thread does not share the compile cache's
 * type-stripped code, and stripping one .ts file there loads TypeScript's stripper into the
 * thread, about 14 MB of resident memory for the life of the server.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/** @type {{ file: string, everyMs: number, restartAtFrames: number }} */
const { file, everyMs, restartAtFrames } = workerData;
const sqlite = new SQLite(file);
/** The connection's own busy timeout, given back after each RESTART. */
const usualBusyTimeout = sqlite.pragma("busy_timeout", { simple: true });

/** Frames of the current WAL copied so far: the pragma counts from the WAL's start, which a writer resets. */
let copied = 0;

/** Runs one checkpoint and tells the server how many frames it copied; returns SQLite's figures. */
function checkpoint(mode) {
  /** @type {{ busy: number, log: number, checkpointed: number }[]} */
  const [result] = sqlite.pragma(`wal_checkpoint(${mode})`);
  if (!result || result.checkpointed < 0) return undefined;
  const fresh = result.checkpointed >= copied ? result.checkpointed - copied : result.checkpointed;
  copied = result.checkpointed;
  const restarted = mode === "RESTART" && result.busy === 0;
  if (fresh > 0 || restarted) parentPort?.postMessage({ checkpointed: fresh, restarted });
  return result;
}

const timer = setInterval(() => {
  // PASSIVE waits for no reader or writer; what it cannot copy now it copies next time.
  const passive = checkpoint("PASSIVE");
  if (!passive || passive.log < restartAtFrames || passive.checkpointed < passive.log) return;
  // Under writes that never pause, no commit ever finds the WAL wholly copied, so it never starts over and
  // grows to the server's backstop. Copy what came in meanwhile without a lock, then RESTART: it holds the
  // write lock only long enough to see the WAL copied and unread, and the server's next commit starts it over.
  checkpoint("PASSIVE");
  // With no busy timeout it never waits on the server: a round that meets a writer or reader tries again next time.
  sqlite.pragma("busy_timeout = 0");
  try {
    checkpoint("RESTART");
  } finally {
    sqlite.pragma(`busy_timeout = ${usualBusyTimeout}`);
  }
}, everyMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
