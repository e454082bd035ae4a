import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDatabaseUrl, unknownSettings } from "./config.ts";

const folder = () => mkdtempSync(join(tmpdir(), "cw-config-"));

describe("loadConfig", () => {
  it("defaults to port 3000 and an SQLite file under ./data", () => {
    const cwd = folder();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ dialect: "sqlite", file: join(cwd, "data", "shop.db") });
    expect(config.dataDir).toBe(join(cwd, "data"));
    expect(config.rateLimit).toBe(true);
  });

  it("believes X-Forwarded-For from private networks in production, from nobody otherwise, unless TRUST_PROXY says", () => {
    expect(loadConfig({}, folder()).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }, folder()).trustProxy).toEqual(["loopback", "linklocal", "uniquelocal"]);
    expect(loadConfig({ TRUST_PROXY: "on" }, folder()).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", TRUST_PROXY: "off" }, folder()).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.1, loopback" }, folder()).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.0.2.1",
      "loopback",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "the balancer" }, folder())).toThrow(/TRUST_PROXY/);
  });

  it("takes SECRET from the environment, or leaves it to the database", () => {
    expect(loadConfig({}, folder()).secret).toBeNull();
    expect(loadConfig({ SECRET: "s".repeat(40) }, folder()).secret).toBe("s".repeat(40));
  });

  it("reads PORT, HOST, RATE_LIMIT, DATA_DIR and a PostgreSQL URL", () => {
    const cwd = folder();
    const config = loadConfig(
      { PORT: "3999", HOST: "0.0.0.0", RATE_LIMIT: "off", DATA_DIR: "files", DATABASE_URL: "postgres://u:p@db:5432/shop" },
      cwd,
    );
    expect(config).toMatchObject({ port: 3999, host: "0.0.0.0", rateLimit: false, dataDir: join(cwd, "files") });
    expect(config.database).toEqual({ dialect: "postgres", url: "postgres://u:p@db:5432/shop", preparedStatements: true });
    const pooled = loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/shop", DATABASE_PREPARED_STATEMENTS: "off" }, cwd);
    expect(pooled.database).toEqual({ dialect: "postgres", url: "postgres://u:p@db:5432/shop", preparedStatements: false });
  });

  it("writes mail to an outbox in the data folder, links to localhost, and leaves sender and owner to the defaults", () => {
    const cwd = folder();
    const config = loadConfig({ PORT: "3999" }, cwd);
    expect(config.publicUrl).toBe("http://localhost:3999");
    expect(config.mail).toEqual({ smtpUrl: null, from: null, ownerEmail: null, outbox: join(cwd, "data", "outbox") });
    expect(loadConfig({ DATABASE_URL: "file:/srv/shop/shop.db" }, cwd).mail.outbox).toBe("/srv/shop/outbox");
    expect(loadConfig({ DATA_DIR: "files" }, cwd).mail.outbox).toBe(join(cwd, "files", "outbox"));
  });

  it("reads SMTP_URL, MAIL_FROM, SHOP_OWNER_EMAIL, PUBLIC_URL and MAIL_OUTBOX", () => {
    const cwd = folder();
    const config = loadConfig(
      {
        SMTP_URL: "smtp://user:pass@mail.example.com:587",
        MAIL_FROM: "Example Shop <orders@example.com>",
        SHOP_OWNER_EMAIL: "owner@example.com, packing@example.com",
        PUBLIC_URL: "https://shop.example.com/",
        MAIL_OUTBOX: "mail",
      },
      cwd,
    );
    expect(config.publicUrl).toBe("https://shop.example.com");
    expect(config.mail).toEqual({
      smtpUrl: "smtp://user:pass@mail.example.com:587",
      from: "Example Shop <orders@example.com>",
      ownerEmail: "owner@example.com, packing@example.com",
      outbox: join(cwd, "mail"),
    });
  });

  it("reads the owner account from OWNER_EMAIL and OWNER_PASSWORD, none by default", () => {
    expect(loadConfig({}, folder()).owner).toBeNull();
    expect(loadConfig({ OWNER_EMAIL: " owner@example.com ", OWNER_PASSWORD: "twelve-chars" }, folder()).owner).toEqual({
      email: "owner@example.com",
      password: "twelve-chars",
    });
  });

  it.each<[NodeJS.ProcessEnv, RegExp]>([
    [{ OWNER_EMAIL: "owner@example.com" }, /OWNER_PASSWORD/],
    [{ OWNER_PASSWORD: "a-long-enough-password" }, /OWNER_EMAIL/],
    [{ OWNER_EMAIL: "owner", OWNER_PASSWORD: "a-long-enough-password" }, /OWNER_EMAIL/],
    [{ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "eleven-char" }, /OWNER_PASSWORD must be at least 12 characters/],
  ])("refuses an incomplete or weak owner account %o, never repeating the password", (env, message) => {
    expect(() => loadConfig(env, folder())).toThrow(ConfigError);
    expect(() => loadConfig(env, folder())).toThrow(message);
    if (env.OWNER_PASSWORD) expect(() => loadConfig(env, folder())).not.toThrow(env.OWNER_PASSWORD);
  });

  it("lists the EXTENSIONS to load: paths resolved against the start folder, package names as given", () => {
    const cwd = folder();
    expect(loadConfig({}, cwd).extensions).toEqual([]);
    expect(loadConfig({ EXTENSIONS: " " }, cwd).extensions).toEqual([]);
    expect(
      loadConfig({ EXTENSIONS: "./extensions/gift-wrap/index.ts, /srv/shop/fees.ts,@my-shop/checkout-extras" }, cwd).extensions,
    ).toEqual([join(cwd, "extensions", "gift-wrap", "index.ts"), "/srv/shop/fees.ts", "@my-shop/checkout-extras"]);
  });

  it("reads the visitor's country from cf-ipcountry unless COUNTRY_HEADER names another header or none", () => {
    const cwd = folder();
    expect(loadConfig({}, cwd).countryHeader).toBe("cf-ipcountry");
    expect(loadConfig({ COUNTRY_HEADER: " CloudFront-Viewer-Country " }, cwd).countryHeader).toBe("cloudfront-viewer-country");
    expect(loadConfig({ COUNTRY_HEADER: "none" }, cwd).countryHeader).toBeNull();
    expect(() => loadConfig({ COUNTRY_HEADER: "x country" }, cwd)).toThrow(/COUNTRY_HEADER/);
  });

  it("never repeats the SMTP password in its complaint", () => {
    expect(() => loadConfig({ SMTP_URL: "http://user:hunter2@mail" }, folder())).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "http://user:hunter2@mail" }, folder())).not.toThrow(/hunter2/);
  });

  it.each([
    [{ SMTP_URL: "mail.example.com:25" }, /SMTP_URL/],
    [{ MAIL_FROM: "Shop" }, /MAIL_FROM/],
    [{ SHOP_OWNER_EMAIL: "owner@example.com, nobody" }, /SHOP_OWNER_EMAIL/],
    [{ PUBLIC_URL: "shop.example.com" }, /PUBLIC_URL/],
    [{ PUBLIC_URL: "ftp://shop.example.com" }, /PUBLIC_URL/],
    [{ PORT: "abc" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ RATE_LIMIT: "sometimes" }, /RATE_LIMIT/],
    [{ DATABASE_PREPARED_STATEMENTS: "maybe" }, /DATABASE_PREPARED_STATEMENTS/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SECRET: "short" }, /SECRET/],
    [{ EXTENSIONS: "./one.ts,,./two.ts" }, /EXTENSIONS/],
  ])("refuses %o with a clear message", (env, message) => {
    expect(() => loadConfig(env, folder())).toThrow(ConfigError);
    expect(() => loadConfig(env, folder())).toThrow(message);
  });
});

describe("parseDatabaseUrl", () => {
  it("understands absolute, relative and in-memory SQLite", () => {
    expect(parseDatabaseUrl("file:/tmp/x/shop.db", "/srv")).toEqual({ dialect: "sqlite", file: "/tmp/x/shop.db" });
    expect(parseDatabaseUrl("file:db/shop.db", "/srv")).toEqual({ dialect: "sqlite", file: "/srv/db/shop.db" });
    expect(parseDatabaseUrl(":memory:", "/srv")).toEqual({ dialect: "sqlite", file: ":memory:" });
    expect(parseDatabaseUrl("postgresql://h/db", "/srv")).toEqual({ dialect: "postgres", url: "postgresql://h/db" });
  });

  it("refuses a PostgreSQL URL the driver could not read, without repeating its password", () => {
    expect(parseDatabaseUrl("postgres:///shop?host=/var/run/postgresql", "/srv").dialect).toBe("postgres");
    const malformed = () => parseDatabaseUrl("postgres://shop:hunter2@db:fivefour/shop", "/srv");
    expect(malformed).toThrow(ConfigError);
    expect(malformed).toThrow("DATABASE_URL is not a valid PostgreSQL URL: write it as postgres://user:password@host:5432/database");
    expect(malformed).not.toThrow(/hunter2/);
  });
});

describe("NODE_ENV, LOG_LEVEL and WORKERS", () => {
  it("says WORKERS is no setting, rather than quietly run one process, without refusing to start", () => {
    expect(unknownSettings({})).toEqual([]);
    for (const value of ["0", "abc", "4"]) {
      expect(() => loadConfig({ WORKERS: value }, folder())).not.toThrow();
      expect(unknownSettings({ WORKERS: value })).toEqual([
        expect.stringContaining(`WORKERS is not a setting (got '${value}'): this server is one process;`),
      ]);
    }
  });

  it("refuses an unknown NODE_ENV rather than run a misspelt production as development", () => {
    expect(loadConfig({ NODE_ENV: "development" }, folder()).production).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }, folder()).production).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "prod" }, folder())).toThrow(
      "NODE_ENV must be production, development or test, or left unset (got 'prod')",
    );
  });

  it("refuses a LOG_LEVEL the logger does not know, before anything opens the database", () => {
    expect(loadConfig({ LOG_LEVEL: "debug" }, folder()).logLevel).toBe("debug");
    expect(() => loadConfig({ LOG_LEVEL: "verbose" }, folder())).toThrow(
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'verbose')",
    );
  });
});
