import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDatabaseUrl } from "./config.ts";

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
    expect(config.database).toEqual({ dialect: "postgres", url: "postgres://u:p@db:5432/shop" });
  });

  it.each([
    [{ PORT: "abc" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ RATE_LIMIT: "sometimes" }, /RATE_LIMIT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SECRET: "short" }, /SECRET/],
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
});
