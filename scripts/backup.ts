/**
 * npm run backup [-- <file>]: a consistent copy of the running shop's SQLite database
 * (DATABASE_URL), taken while the server keeps writing, to <file> or to a dated file under the
 * data folder's backups/. Prints where it went. PostgreSQL is backed up with pg_dump (README).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { backupSqlite, datedBackupPath } from "../apps/server/src/db/index.ts";

const usage = "Usage: npm run backup [-- <file>]   (default: <data folder>/backups/shop-<date>-<time>.db)";

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let positionals: string[];
let help: boolean | undefined;
try {
  ({
    positionals,
    values: { help },
  } = parseArgs({ options: { help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length > 1) fail(usage);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}
if (config.database.dialect !== "sqlite")
  fail("DATABASE_URL names PostgreSQL: back it up with pg_dump (README, Backups); npm run backup copies an SQLite shop.");
if (config.database.file === ":memory:") fail("DATABASE_URL names an in-memory database: there is no file to back up.");

const destination = positionals[0] ? resolve(positionals[0]) : datedBackupPath(config.dataDir);
try {
  const { bytes } = await backupSqlite(config.database.file, destination);
  console.log(`Backed up ${config.database.file} to ${destination} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  fail(`Backup failed: ${(error as Error).message}`, 1);
}
