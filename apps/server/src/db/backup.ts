/**
 * A consistent copy of a running SQLite shop (`npm run backup`): SQLite's online backup API
 * through better-sqlite3, copying every page in one step, so the copy is the database as one
 * read transaction saw it (WAL: the server keeps writing meanwhile, and nothing it commits after
 * that moment is in the copy). The copy is checked before it is called done.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";

/** Where a backup goes when none is named: `<data folder>/backups/shop-<UTC date and time>.db`. */
export function datedBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return join(dataDir, "backups", `shop-${stamp}.db`);
}

export interface BackupResult {
  destination: string;
  pages: number;
  bytes: number;
}

/** Copies the SQLite file at `source` to `destination` (which must not exist yet) while other processes may write to it. */
export async function backupSqlite(source: string, destination: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`There is no SQLite database at ${source}.`);
  if (existsSync(destination)) throw new Error(`${destination} exists already: name a new file.`);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    // All remaining pages in one step: a single snapshot, never restarted by a write between steps.
    const { totalPages } = await database.backup(partial, { progress: () => Number.MAX_SAFE_INTEGER });
    const copy = new SQLite(partial);
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`The copy failed SQLite's integrity check: ${String(check)}`);
      // One file that stands alone: no -wal beside it to lose on the way to the backup disk.
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    const bytes = new SQLite(destination, { readonly: true });
    const size = (bytes.pragma("page_count", { simple: true }) as number) * (bytes.pragma("page_size", { simple: true }) as number);
    bytes.close();
    return { destination, pages: totalPages, bytes: size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    database.close();
  }
}
