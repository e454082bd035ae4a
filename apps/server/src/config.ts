/** The only reader of the shop's settings in process.env (password.ts reads a test-only knob): parsed once, validated, frozen. */
import { dirname, isAbsolute, join, resolve } from "node:path";

export type DatabaseConfig =
  | { dialect: "sqlite"; file: string }
  /** preparedStatements (default on): repeated statements named and parsed once per connection (decision 0133). */
  | { dialect: "postgres"; url: string; preparedStatements?: boolean };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  /** SECRET from the environment; when not given the database keeps one (db/signing-secret.ts). */
  secret: string | null;
  rateLimit: boolean;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For is believed for the client's address (rate
   * limits count by it): false, true (any, which lets a client name its own address), or ranges.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  production: boolean;
  /** PUBLIC_URL: the shop's address as shoppers reach it, for absolute links (e-mails); no trailing slash. */
  publicUrl: string;
  mail: MailConfig;
  /** OWNER_EMAIL and OWNER_PASSWORD: the owner account made or updated at start; null when not given. */
  owner: OwnerConfig | null;
  /** EXTENSIONS: the modules main.ts loads and hands buildApp (extensions.ts), as absolute paths or package names. */
  extensions: readonly string[];
  /**
   * The contact form's third-party captcha secrets (RECAPTCHA_V2_SECRET, RECAPTCHA_V3_SECRET,
   * TURNSTILE_SECRET, HCAPTCHA_SECRET), for channels whose owner chose that provider; unset ones are absent.
   */
  captchaSecrets: Readonly<Partial<Record<"recaptcha-v2" | "recaptcha-v3" | "turnstile" | "hcaptcha", string>>>;
  /**
   * COUNTRY_HEADER: the request header a CDN or proxy puts the visitor's country in (default
   * cf-ipcountry); null (`none`) trusts no header and asks the bundled geo-IP data only.
   */
  countryHeader: string | null;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhooks may deliver to loopback, private and link-local addresses (a
   * receiver on this machine or network; the tests' own). Off: such URLs are refused (decision 0097).
   */
  webhooksAllowPrivate: boolean;
}

export interface OwnerConfig {
  email: string;
  /** Never logged nor repeated in a message. */
  password: string;
}

/** Order e-mails (modules/emails, decision 0012). */
export interface MailConfig {
  /** SMTP_URL (smtp:// or smtps://); null writes every message into the outbox folder instead. */
  smtpUrl: string | null;
  /** MAIL_FROM; null: the site title as the name, at shop@ the PUBLIC_URL's host. */
  from: string | null;
  /** SHOP_OWNER_EMAIL: the owner's notices, unless the e-mail settings name a recipient; null: the owner account's (decision 0147). */
  ownerEmail: string | null;
  /** MAIL_OUTBOX, default `<data folder>/outbox`. */
  outbox: string;
}

export class ConfigError extends Error {}

/** `file:./data/shop.db`, `file:/abs/shop.db`, `:memory:` or `postgres://…`. */
export function parseDatabaseUrl(url: string, cwd: string): DatabaseConfig {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return { dialect: "postgres", url: checkPostgresUrl(url) };
  if (url === ":memory:" || url === "file::memory:") return { dialect: "sqlite", file: ":memory:" };
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    if (!path) throw new ConfigError("DATABASE_URL 'file:' needs a path, e.g. file:./data/shop.db");
    return { dialect: "sqlite", file: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  throw new ConfigError(`DATABASE_URL must start with file: or postgres:// (got '${url.split(":")[0]}:…')`);
}

// The URL holds the database's password: messages never repeat it.
function checkPostgresUrl(url: string): string {
  if (!URL.canParse(url))
    throw new ConfigError("DATABASE_URL is not a valid PostgreSQL URL: write it as postgres://user:password@host:5432/database");
  return url;
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

/** Private networks, where a load balancer sits: what production believes by default. */
export const PRIVATE_PROXIES = ["loopback", "linklocal", "uniquelocal"];
/** Without TRUST_PROXY: in production a load balancer on a private network is believed, never any client. */
export const defaultTrustProxy = (production: boolean): boolean | string[] => (production ? PRIVATE_PROXIES : false);

// Addresses, CIDR ranges, or proxy-addr's names of ranges (loopback, linklocal, uniquelocal).
const PROXY_ENTRY = /^([0-9a-f.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/i;

function parseTrustProxy(value: string | undefined, production: boolean): boolean | string[] {
  if (value === undefined || value === "") return defaultTrustProxy(production);
  const lower = value.toLowerCase();
  if (["on", "true", "yes"].includes(lower)) return true;
  if (["off", "false", "no"].includes(lower)) return false;
  const entries = value.split(",").map((a) => a.trim());
  if (entries.every((a) => PROXY_ENTRY.test(a))) return entries;
  throw new ConfigError(`TRUST_PROXY must be on, off, or the proxies' addresses or ranges separated by commas (got '${value}')`);
}

/** pino's levels: another word would stop the logger only once the database is open. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function parseLogLevel(value: string | undefined): string {
  if (!value) return "info";
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got '${value}')`);
  return value;
}

/** Unset, development or test run as development; a misspelt "production" would quietly do so too. */
function parseProduction(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "development" || value === "test") return false;
  if (value === "production") return true;
  throw new ConfigError(`NODE_ENV must be production, development or test, or left unset (got '${value}')`);
}

function parseSecret(given: string | undefined): string | null {
  if (!given) return null;
  if (given.length < 32) throw new ConfigError("SECRET must be at least 32 characters");
  return given;
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, e.g. https://shop.example.com (got '${value}')`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigError(`PUBLIC_URL must start with http:// or https:// (got '${url.protocol}…')`);
  if (url.search || url.hash) throw new ConfigError("PUBLIC_URL must not have a query or a fragment");
  return url.toString().replace(/\/+$/, "");
}

// The URL holds the SMTP password: messages name only its scheme.
function parseSmtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^smtps?:\/\/[^/]/.test(value))
    throw new ConfigError("SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465");
  return value;
}

const looksLikeAddress = (value: string) => /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(value);

function parseMailFrom(value: string | undefined): string | null {
  if (!value) return null;
  const address = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
  if (!looksLikeAddress(address.trim()) || /[\r\n]/.test(value))
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>" (got '${value}')`);
  return value.trim();
}

/** One address or several separated by commas. */
function parseOwnerEmail(value: string | undefined): string | null {
  if (!value) return null;
  const addresses = value.split(",").map((a) => a.trim());
  if (!addresses.every(looksLikeAddress))
    throw new ConfigError(`SHOP_OWNER_EMAIL must be one or more addresses separated by commas (got '${value}')`);
  return addresses.join(", ");
}

/** As modules/customers MIN_OWNER_PASSWORD_LENGTH. */
const MIN_OWNER_PASSWORD_LENGTH = 12;

// Both or neither; messages name the variable, never the password.
function parseOwner(email: string | undefined, password: string | undefined): OwnerConfig | null {
  if (!email && !password) return null;
  if (!email) throw new ConfigError("OWNER_PASSWORD needs OWNER_EMAIL, the owner account's email address");
  if (!password) throw new ConfigError("OWNER_EMAIL needs OWNER_PASSWORD, the owner account's password");
  if (!looksLikeAddress(email.trim())) throw new ConfigError(`OWNER_EMAIL must be an email address (got '${email}')`);
  if ([...password].length < MIN_OWNER_PASSWORD_LENGTH)
    throw new ConfigError(`OWNER_PASSWORD must be at least ${MIN_OWNER_PASSWORD_LENGTH} characters`);
  return Object.freeze({ email: email.trim(), password });
}

/** A header name, lower-cased; `none` turns the header off. */
function parseCountryHeader(value: string | undefined): string | null {
  if (value === undefined || value.trim() === "") return "cf-ipcountry";
  const name = value.trim().toLowerCase();
  if (name === "none") return null;
  if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
    throw new ConfigError(`COUNTRY_HEADER must be a header name such as cf-ipcountry, or none (got '${value}')`);
  return name;
}

/** Module paths (relative to the folder the shop starts in) or package names, separated by commas. */
function parseExtensions(value: string | undefined, cwd: string): string[] {
  if (!value?.trim()) return [];
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => !entry))
    throw new ConfigError(`EXTENSIONS must be module paths or package names separated by commas (got '${value}')`);
  return entries.map((entry) => (entry.startsWith(".") || isAbsolute(entry) ? resolve(cwd, entry) : entry));
}

/**
 * Variables a shop owner may set expecting a setting that does not exist; each is said once at start
 * (a warning, not a refusal: a platform may set them for programs of its own).
 */
export function unknownSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.WORKERS === undefined) return [];
  return [
    `WORKERS is not a setting (got '${env.WORKERS}'): this server is one process; for more, start several over one PostgreSQL database, each with its own PORT (README "Several processes")`,
  ];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = parseDatabaseUrl(env.DATABASE_URL || "file:./data/shop.db", cwd);
  // Off behind a pooler that shares server connections between transactions (PgBouncer before 1.21).
  const preparedStatements = parseSwitch("DATABASE_PREPARED_STATEMENTS", env.DATABASE_PREPARED_STATEMENTS, true);
  const database: DatabaseConfig = parsed.dialect === "postgres" ? { ...parsed, preparedStatements } : parsed;
  // The data folder defaults to the SQLite file's folder, so one shop's files stay together.
  const defaultDataDir = database.dialect === "sqlite" && database.file !== ":memory:" ? dirname(database.file) : resolve(cwd, "data");
  const dataDir = env.DATA_DIR ? resolve(cwd, env.DATA_DIR) : defaultDataDir;
  const production = parseProduction(env.NODE_ENV);
  const port = parsePort(env.PORT);
  return Object.freeze({
    port,
    host: env.HOST || (production ? "0.0.0.0" : "127.0.0.1"),
    database,
    dataDir,
    secret: parseSecret(env.SECRET),
    rateLimit: parseSwitch("RATE_LIMIT", env.RATE_LIMIT, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, production),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    production,
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    mail: Object.freeze({
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      from: parseMailFrom(env.MAIL_FROM),
      ownerEmail: parseOwnerEmail(env.SHOP_OWNER_EMAIL),
      outbox: env.MAIL_OUTBOX ? resolve(cwd, env.MAIL_OUTBOX) : join(dataDir, "outbox"),
    }),
    owner: parseOwner(env.OWNER_EMAIL, env.OWNER_PASSWORD),
    extensions: Object.freeze(parseExtensions(env.EXTENSIONS, cwd)),
    captchaSecrets: Object.freeze(
      Object.fromEntries(
        (
          [
            ["recaptcha-v2", env.RECAPTCHA_V2_SECRET],
            ["recaptcha-v3", env.RECAPTCHA_V3_SECRET],
            ["turnstile", env.TURNSTILE_SECRET],
            ["hcaptcha", env.HCAPTCHA_SECRET],
          ] as const
        ).filter(([, secret]) => secret?.trim()),
      ),
    ),
    countryHeader: parseCountryHeader(env.COUNTRY_HEADER),
    webhooksAllowPrivate: parseSwitch("WEBHOOKS_ALLOW_PRIVATE", env.WEBHOOKS_ALLOW_PRIVATE, false),
  });
}
