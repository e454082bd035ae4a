/**
 * The checkpointer's thread (checkpointer.ts): every few hundred milliseconds it copies the pages
 * committed to the WAL into the database file, so that no commit on the server's thread has to, and
 * every few seconds of writing it reads the WAL through, so no commit has to read it from disk.
 * Plain JavaScript on purpose (decision 0062): a thread does not share the compile cache's
 * type-stripped code, and stripping one .ts file there loads TypeScript's stripper into the
 * thread, about 14 MB of resident memory for the life of the server.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/** @type {{ file: string, everyMs: number, restartAtFrames: number, warmEveryMs: number }} */
const { file, everyMs, restartAtFrames, warmEveryMs } = workerData;
const sqlite = new SQLite(file);
/** The connection's own busy timeout, given back after each RESTART. */
const usualBusyTimeout = sqlite.pragma("busy_timeout", { simple: true });

/** Frames of the current WAL copied so far: the pragma counts from the WAL's start, which a writer resets. */
let copied = 0;
/** Whether the server has written frames since the WAL was last read through: an idle shop's WAL is left alone. */
let writtenSinceWarm = false;
let lastWarm = 0;
/** The read-through under way: the WAL file open and how far it has been read. */
let warming;
/** How much of the WAL a round reads: under 1 ms of this thread's time, 64 MB in 16 rounds (about 3 s). */
const WARM_SLICE_BYTES = 4 * 1024 * 1024;
const chunk = Buffer.allocUnsafe(1024 * 1024);

/** Runs one checkpoint and tells the server how many frames it copied; returns SQLite's figures. */
function checkpoint(mode) {
  /** @type {{ busy: number, log: number, checkpointed: number }[]} */
  const [result] = sqlite.pragma(`wal_checkpoint(${mode})`);
  if (!result || result.checkpointed < 0) return undefined;
  const fresh = result.checkpointed >= copied ? result.checkpointed - copied : result.checkpointed;
  copied = result.checkpointed;
  const restarted = mode === "RESTART" && result.busy === 0;
  if (fresh > 0 || restarted) {
    writtenSinceWarm = true;
    parentPort?.postMessage({ checkpointed: fresh, restarted });
  }
  return result;
}

/**
 * Reads the WAL file through, a slice a round, so its pages stay in the kernel's cache (decision 0139). A frame is a
 * page and 24 bytes, so nearly every frame the server writes covers part of a memory page; where the kernel has
 * dropped that page, the write first reads it from disk, on the server's thread, for milliseconds. Pages only
 * written look unused to the kernel and are dropped first; reading them here marks them used, and brings back any
 * already dropped. A read-through starts at most every `warmEveryMs`, and only if the server wrote since the last.
 */
function warmSlice() {
  if (!warming) {
    if (!writtenSinceWarm || performance.now() - lastWarm < warmEveryMs) return;
    writtenSinceWarm = false;
    lastWarm = performance.now();
    try {
      warming = { fd: openSync(`${file}-wal`, "r"), at: 0 };
    } catch {
      return; // no WAL file (SQLite removes it at a clean close): nothing to keep
    }
  }
  const { fd } = warming;
  try {
    for (let left = WARM_SLICE_BYTES; left > 0; left -= chunk.length) {
      const read = readSync(fd, chunk, 0, chunk.length, warming.at);
      warming.at += read;
      if (read < chunk.length) {
        parentPort?.postMessage({ warmed: warming.at });
        stopWarming();
        return;
      }
    }
  } catch {
    stopWarming(); // the next read-through starts afresh
  }
}

function stopWarming() {
  if (warming) closeSync(warming.fd);
  warming = undefined;
}

const timer = setInterval(() => {
  checkpointRound();
  warmSlice();
}, everyMs);

/** Copies what the WAL holds into the database file, and has the WAL start over once it is past its restart size. */
function checkpointRound() {
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
}

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  stopWarming();
  sqlite.close();
  parentPort?.close();
});
