/** The only reader of process.env: parsed once, validated, frozen. */
import { dirname, isAbsolute, resolve } from "node:path";

export type DatabaseConfig = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  /** SECRET from the environment; when not given the database keeps one (db/signing-secret.ts). */
  secret: string | null;
  rateLimit: boolean;
  logLevel: string;
  production: boolean;
}

export class ConfigError extends Error {}

/** `file:./data/shop.db`, `file:/abs/shop.db`, `:memory:` or `postgres://…`. */
export function parseDatabaseUrl(url: string, cwd: string): DatabaseConfig {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return { dialect: "postgres", url };
  if (url === ":memory:" || url === "file::memory:") return { dialect: "sqlite", file: ":memory:" };
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    if (!path) throw new ConfigError("DATABASE_URL 'file:' needs a path, e.g. file:./data/shop.db");
    return { dialect: "sqlite", file: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  throw new ConfigError(`DATABASE_URL must start with file: or postgres:// (got '${url.split(":")[0]}:…')`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be 0–65535 (got '${value}')`);
  return port;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (["on", "true", "1", "yes"].includes(value.toLowerCase())) return true;
  if (["off", "false", "0", "no"].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be on or off (got '${value}')`);
}

function parseSecret(given: string | undefined): string | null {
  if (!given) return null;
  if (given.length < 32) throw new ConfigError("SECRET must be at least 32 characters");
  return given;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const database = parseDatabaseUrl(env.DATABASE_URL || "file:./data/shop.db", cwd);
  // The data folder defaults to the SQLite file's folder, so one shop's files stay together.
  const defaultDataDir = database.dialect === "sqlite" && database.file !== ":memory:" ? dirname(database.file) : resolve(cwd, "data");
  const dataDir = env.DATA_DIR ? resolve(cwd, env.DATA_DIR) : defaultDataDir;
  const production = env.NODE_ENV === "production";
  return Object.freeze({
    port: parsePort(env.PORT),
    host: env.HOST || (production ? "0.0.0.0" : "127.0.0.1"),
    database,
    dataDir,
    secret: parseSecret(env.SECRET),
    rateLimit: parseSwitch("RATE_LIMIT", env.RATE_LIMIT, true),
    logLevel: env.LOG_LEVEL || "info",
    production,
  });
}
