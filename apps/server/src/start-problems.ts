/**
 * What stops a start, said in one line with what to do (main.ts): the folders the shop writes,
 * checked before anything opens, and the failures a setting or the machine causes (a port in use,
 * a PostgreSQL that is down or refuses us, a file that is no SQLite database). Anything else is a
 * bug of ours and keeps its stack trace.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Config, ConfigError } from "./config.ts";

type StartConfig = Pick<Config, "port" | "host" | "database" | "dataDir" | "mail">;

/** The folders the shop writes to, each under the setting that names it: a start stops on the first it cannot write. */
export function checkWritableFolders(config: StartConfig): void {
  if (config.database.dialect === "sqlite" && config.database.file !== ":memory:")
    checkWritableFolder(dirname(config.database.file), "DATABASE_URL");
  checkWritableFolder(config.dataDir, "DATA_DIR");
  checkWritableFolder(config.mail.outbox, "MAIL_OUTBOX");
}

function checkWritableFolder(folder: string, setting: string): void {
  // A file written and removed: the folder's mode alone says nothing of a read-only disk or another user's folder.
  const probe = join(folder, `.write-check-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (error) {
    throw new ConfigError(
      `${setting}: cannot write to the folder '${folder}' (${codeOf(error) ?? String(error)}); make it a folder this user can write, or set ${setting} to one`,
    );
  }
}

interface SystemError {
  code?: unknown;
  message?: unknown;
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as SystemError | null)?.code;
  return typeof code === "string" ? code : undefined;
};

/** One line for a failure a setting explains, or null for anything else (a bug, whose stack trace is wanted). */
export function startProblem(error: unknown, config: StartConfig, stage: { listening: boolean }): string | null {
  if (!error || typeof error !== "object") return null;
  const code = codeOf(error);
  // HOST is looked up as the server starts listening, so a name that cannot be found fails there too.
  if (stage.listening) return listenProblem(code, config);
  if (config.database.dialect === "postgres") return postgresProblem(error as SystemError, code, config.database.url);
  if (code?.startsWith("SQLITE_"))
    return `DATABASE_URL: the SQLite file '${config.database.file}' cannot be used (${code}: ${String((error as SystemError).message)}); point DATABASE_URL at a shop's database file, or at a new file in a folder this user can write`;
  return null;
}

function listenProblem(code: string | undefined, { host, port }: StartConfig): string | null {
  if (code === "EADDRINUSE")
    return `PORT: ${host}:${port} is already in use by another program; stop that program or set PORT to a free port`;
  if (code === "EACCES")
    return `PORT: this user may not listen on ${host}:${port} (ports below 1024 need privileges); set PORT to 1024 or above`;
  if (code === "EADDRNOTAVAIL")
    return `HOST: '${host}' is not an address of this machine; set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `HOST: the name '${host}' cannot be found; set HOST to an address of this machine, 127.0.0.1 or 0.0.0.0`;
  return null;
}

// PostgreSQL's error codes (SQLSTATE) for the failures a DATABASE_URL explains.
const AUTHENTICATION_FAILED = new Set(["28P01", "28000"]);
const NO_SUCH_DATABASE = "3D000";
const NO_PRIVILEGE = "42501";

// The URL holds the password: the line names the host, port, user and database only.
function postgresProblem(error: SystemError, code: string | undefined, url: string): string | null {
  const parsed = new URL(url);
  const where = `${parsed.hostname || "the local socket"}:${parsed.port || "5432"}`;
  const user = decodeURIComponent(parsed.username) || "the current user";
  const database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  if (code === "ECONNREFUSED")
    return `DATABASE_URL: no PostgreSQL answers at ${where} (connection refused); start PostgreSQL, or correct the host and port in DATABASE_URL`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `DATABASE_URL: the host '${parsed.hostname}' cannot be found; correct the host in DATABASE_URL`;
  if (code === "ETIMEDOUT" || code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return `DATABASE_URL: PostgreSQL at ${where} cannot be reached (${code}); check that it runs and that this machine may connect to it`;
  if (code && AUTHENTICATION_FAILED.has(code))
    return `DATABASE_URL: PostgreSQL at ${where} refused user '${user}' (${String(error.message)}); correct the user and password in DATABASE_URL`;
  if (code === NO_SUCH_DATABASE)
    return `DATABASE_URL: PostgreSQL at ${where} has no database '${database}'; create it (createdb ${database}) or correct the name in DATABASE_URL`;
  if (code === NO_PRIVILEGE)
    return `DATABASE_URL: user '${user}' may not create or change the shop's tables in database '${database}' (${String(error.message)}); connect as the database's owner, or create it owned by this user (createdb --owner=${user} ${database})`;
  return null;
}
