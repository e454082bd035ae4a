/** How every process of the shop opens its SQLite file: the settings its memory and durability rest on. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WAL_SIZE_LIMIT_BYTES } from "./checkpointer.ts";
import { openSqlite, PAGE_CACHE_KIB } from "./index.ts";

const dir = mkdtempSync(join(tmpdir(), "cw-open-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a shop's SQLite connection", () => {
  it("writes ahead, syncs at checkpoints, checks foreign keys, waits on locks, and caches 4 MB of pages", () => {
    const sqlite = openSqlite(join(dir, "nested", "shop.db"));
    try {
      const read = (name: string) => sqlite.pragma(name, { simple: true });
      expect(read("journal_mode")).toBe("wal");
      expect(read("synchronous")).toBe(1);
      expect(read("foreign_keys")).toBe(1);
      expect(read("busy_timeout")).toBe(5000);
      expect(read("journal_size_limit")).toBe(WAL_SIZE_LIMIT_BYTES);
      // Negative: KiB rather than pages (decision 0118).
      expect(PAGE_CACHE_KIB).toBe(4000);
      expect(read("cache_size")).toBe(-PAGE_CACHE_KIB);
    } finally {
      sqlite.close();
    }
  });
});
