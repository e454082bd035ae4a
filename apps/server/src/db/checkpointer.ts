/**
 * Checkpoints off the event loop (decision 0058).
 * In WAL mode the commit that finds the WAL past `wal_autocheckpoint` pages copies them all into the
 * database file and syncs it, a stall of several to tens of milliseconds for every request queued behind
 * it. The server hands that work to a thread of its own with a second connection; its own connection
 * keeps a far higher threshold only as a backstop, and gets the usual one back if the thread ever stops.
 * Under writes that never pause the thread also makes the WAL start over once it reaches its size limit
 * (decision 0058's amendment), so the backstop stays one.
 */
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import { CHECKPOINT_WORKER_FILE } from "../paths.ts";

/** SQLite's default threshold, in WAL pages, for the commit that checkpoints. */
const DEFAULT_AUTOCHECKPOINT = 1000;
/** The backstop while the thread runs: only a thread that falls this far behind lets commits checkpoint again. */
const BACKSTOP_AUTOCHECKPOINT = 10_000;
/** The size the WAL file is cut back to when it starts over, and the size at which the thread starts it over. */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

export interface BackgroundCheckpoints {
  /** The thread itself (a test ends it unasked to see the connection take checkpoints back). */
  readonly thread: Worker;
  /** Pages the thread has copied into the database file so far. */
  readonly checkpointed: () => number;
  /** Times the thread has had the WAL start over because writes never paused long enough for it to. */
  readonly restarts: () => number;
  /** Stops the thread and closes its connection (before the server closes its own). */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (the database `sqlite` has open) on a thread of its own, every `everyMs`. */
export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  options: { everyMs?: number; onStopped?: (error?: Error) => void } = {},
): BackgroundCheckpoints {
  const worker = new Worker(CHECKPOINT_WORKER_FILE, {
    workerData: {
      file,
      everyMs: options.everyMs ?? 200,
      restartAtFrames: Math.floor(WAL_SIZE_LIMIT_BYTES / Number(sqlite.pragma("page_size", { simple: true }))),
    },
    // The thread holds one connection and a timer: a small heap is plenty.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT}`);
  let pages = 0;
  let restarts = 0;
  let stopping = false;
  worker.on("message", (message: { checkpointed: number; restarted: boolean }) => {
    pages += message.checkpointed;
    if (message.restarted) restarts++;
  });
  const exited = new Promise<void>((done) => {
    worker.once("error", (error) => {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
      options.onStopped?.(error);
    });
    worker.once("exit", () => {
      // Stopped unasked: commits checkpoint as SQLite's default has them do.
      if (!stopping && sqlite.open) {
        sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
        options.onStopped?.();
      }
      done();
    });
  });
  return {
    thread: worker,
    checkpointed: () => pages,
    restarts: () => restarts,
    async stop() {
      if (!stopping) {
        stopping = true;
        // Held by the thread until it has closed its connection, even where nothing else keeps the process up.
        worker.ref();
        worker.postMessage("stop");
      }
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}
