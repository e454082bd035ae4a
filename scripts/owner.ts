/**
 * npm run owner -- --email owner@example.com --password '…': creates the shop owner's account,
 * or makes the account of that e-mail the owner's with this password (at least 12 characters).
 * Uses the configured database (DATABASE_URL), migrating it first. The password is never printed.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { type Db, migrateToLatest, openDatabase } from "../apps/server/src/db/index.ts";
import { StoreError } from "../apps/server/src/http/errors.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
import { startProblem } from "../apps/server/src/start-problems.ts";

const usage = "Usage: npm run owner -- --email owner@example.com --password 'at least 12 characters'";

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let values: { email?: string; password?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.email || !values.password) fail(usage);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}

let db: Db | undefined;
try {
  db = openDatabase(config.database);
  await migrateToLatest(db);
  // As `npm start` would: the demo shop (and its customer) is seeded only while the database is
  // empty, and only before any account exists, so an owner made first must not prevent it.
  await seedDemoShop(db);
  const { created } = await ensureOwner(db, values.email, values.password);
  const email = values.email.trim().toLowerCase();
  console.log(created ? `Owner account created for ${email}.` : `${email} is now the owner account.`);
} catch (error) {
  if (error instanceof StoreError) fail(error.message);
  // A database that is down, refuses us or is no SQLite file: the same line as npm start's.
  const problem = startProblem(error, config, { listening: false });
  if (problem) fail(problem, 1);
  throw error;
} finally {
  await db?.destroy();
}
