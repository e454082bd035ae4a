/**
 * Checkpoints off the event loop (decision 0058).
 * In WAL mode the commit that finds the WAL past `wal_autocheckpoint` pages copies them all into the
 * database file and syncs it, a stall of several to tens of milliseconds for every request queued behind
 * it. The server hands that work to a thread of its own with a second connection; its own connection
 * keeps a far higher threshold only as a backstop, and gets the usual one back if the thread ever stops.
 * Under writes that never pause the thread also makes the WAL start over once it reaches its restart size
 * (decision 0058's amendment, the sizes: decision 0135), so the backstop stays one. While the server writes, it
 * reads the WAL through every few seconds, so no commit waits on the disk to read a page of it (decision 0139).
 */
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import { CHECKPOINT_WORKER_FILE } from "../paths.ts";

/** SQLite's default threshold, in WAL pages, for the commit that checkpoints. */
const DEFAULT_AUTOCHECKPOINT = 1000;
/**
 * The WAL's size at which the thread starts it over. Each restart costs the server's next commit a sync of the
 * WAL's header, and a commit that meets the restart's lock waits it out in SQLite's busy sleeps (1, 2, 5 ms …):
 * at 16 MB that was about once a second under the bench's cart writes, now a quarter as often at most (decision 0135).
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024;
/**
 * The size the WAL file is cut back to when it starts over, twice the restart size: a WAL started over as usual is
 * never cut (a truncate on the event loop, with the disk's discards, took 4–24 ms), only one a burst outgrew.
 * Past it the thread has fallen behind: it is also the backstop at which commits checkpoint again.
 */
export const WAL_SIZE_LIMIT_BYTES = 2 * WAL_RESTART_BYTES;

/**
 * How often, while the server writes, the thread reads the whole WAL through to keep it in the kernel's cache
 * (decision 0139): well inside the minute after which a page cache's unread pages count as cold.
 */
const WARM_EVERY_MS = 10_000;

export interface BackgroundCheckpoints {
  /** The thread itself (a test ends it unasked to see the connection take checkpoints back). */
  readonly thread: Worker;
  /** Pages the thread has copied into the database file so far. */
  readonly checkpointed: () => number;
  /** Times the thread has had the WAL start over because writes never paused long enough for it to. */
  readonly restarts: () => number;
  /** How many times the thread has read the WAL through to keep it in the kernel's cache, and the bytes it read last. */
  readonly warmed: () => { times: number; bytes: number };
  /** Stops the thread and closes its connection (before the server closes its own). */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file` (the database `sqlite` has open) on a thread of its own, every `everyMs`, starting the
 * WAL over once it reaches `restartAtBytes` (a test's smaller size; WAL_RESTART_BYTES otherwise) and reading it
 * through every `warmEveryMs` while it is written.
 */
export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  options: { everyMs?: number; restartAtBytes?: number; warmEveryMs?: number; onStopped?: (error?: Error) => void } = {},
): BackgroundCheckpoints {
  const pageSize = Number(sqlite.pragma("page_size", { simple: true }));
  const worker = new Worker(CHECKPOINT_WORKER_FILE, {
    workerData: {
      file,
      everyMs: options.everyMs ?? 200,
      restartAtFrames: Math.floor((options.restartAtBytes ?? WAL_RESTART_BYTES) / pageSize),
      warmEveryMs: options.warmEveryMs ?? WARM_EVERY_MS,
    },
    // The thread holds one connection and a timer: a small heap is plenty.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  // The backstop while the thread runs: only a thread that falls behind until the WAL reaches its size limit lets
  // commits checkpoint again.
  sqlite.pragma(`wal_autocheckpoint = ${Math.ceil(WAL_SIZE_LIMIT_BYTES / pageSize)}`);
  let pages = 0;
  let restarts = 0;
  const warmed = { times: 0, bytes: 0 };
  let stopping = false;
  worker.on("message", (message: { checkpointed: number; restarted: boolean } | { warmed: number }) => {
    if ("warmed" in message) {
      warmed.times++;
      warmed.bytes = message.warmed;
      return;
    }
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
    warmed: () => ({ ...warmed }),
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
