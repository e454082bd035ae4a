/**
 * Whether any connection, in any process, has committed to a SQLite file since a moment this process
 * saw, told without a read transaction (decision 0071). In WAL mode every commit rewrites the
 * wal-index header at the start of the `-shm` file (sqlite.org/walformat.html: two 48-byte copies,
 * written by the committer while it holds the write lock, read by SQLite's own readers without a
 * lock). While those bytes stay the same, nothing was committed; a read transaction, by contrast,
 * takes and drops file locks, which on a loaded server cost a kept `GET /cart` a third of its time.
 *
 * The epoch names a span with no commit in it: a value checked against the database during epoch E
 * still holds while the epoch is E, provided the epoch was read before the check (the caller's job).
 */
import { closeSync, openSync, readSync } from "node:fs";

/** Bytes of the two copies of the wal-index header (WalIndexHdr), at offset 0 of the `-shm` file. */
const HEADER_BYTES = 48;
/** `iVersion`, the header's first field: the wal-index format this reading understands. */
const WAL_INDEX_VERSION = 3007000;
/** `isInit`, at byte 12: the header has been written at least once. */
const IS_INIT_OFFSET = 12;

export interface CommitWatch {
  /** The current epoch, or undefined when the header cannot be read as expected (then check the database). */
  epoch(): number | undefined;
  close(): void;
}

/**
 * A watch on the SQLite file's commits, or undefined for a database without a `-shm` file of the
 * unix VFS (`:memory:`, or locking_mode = EXCLUSIVE, where the wal-index lives in the process's heap).
 */
export function watchCommits(file: string, lockingMode: string): CommitWatch | undefined {
  if (file === ":memory:" || lockingMode.toLowerCase() !== "normal") return undefined;
  const shm = `${file}-shm`;
  const scratch = Buffer.alloc(2 * HEADER_BYTES);
  const last = Buffer.alloc(HEADER_BYTES);
  let fd: number | undefined;
  let epoch = 0;
  let closed = false;
  return {
    epoch() {
      if (closed) return undefined;
      try {
        // Opened on first use: SQLite makes the file with the connection's first read in WAL mode.
        fd ??= openSync(shm, "r");
        if (readSync(fd, scratch, 0, scratch.length, 0) !== scratch.length) return undefined;
      } catch {
        return undefined;
      }
      // Compared in place (compare's ranges), as every GET /cart reads it: no view of the buffer is made.
      if (scratch.readUInt32LE(0) !== WAL_INDEX_VERSION && scratch.readUInt32BE(0) !== WAL_INDEX_VERSION) return undefined;
      // The two copies differ while a commit is writing them, and an uninitialised header means nothing yet:
      // a fresh epoch that no earlier check holds, and no match for the next read either.
      if (scratch[IS_INIT_OFFSET] !== 1 || scratch.compare(scratch, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) {
        last.fill(0);
        return ++epoch;
      }
      if (scratch.compare(last, 0, HEADER_BYTES, 0, HEADER_BYTES) !== 0) {
        scratch.copy(last, 0, 0, HEADER_BYTES);
        epoch++;
      }
      return epoch;
    },
    close() {
      closed = true;
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
