/**
 * The SQL of every statement a SQLite database runs while `act` runs, for tests that count what a unit of work
 * asks of the database. better-sqlite3's statements are spied on (their prototype's `all`, `run` and `get`), so
 * statements kept prepared are counted too. On PostgreSQL, nothing is counted: it answers [].
 */
import { vi } from "vitest";
import { type Db, sqliteHandleOf } from "../apps/server/src/db/index.ts";

export async function sqliteStatementsDuring(db: Db, act: () => Promise<unknown>): Promise<string[]> {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite) {
    await act();
    return [];
  }
  const statement = Object.getPrototypeOf(sqlite.prepare("select 1")) as Record<"all" | "run" | "get", (...args: unknown[]) => unknown>;
  const seen: string[] = [];
  const spies = (["all", "run", "get"] as const).map((method) => {
    const original = statement[method];
    return vi.spyOn(statement, method).mockImplementation(function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return original.apply(this, args);
    });
  });
  try {
    await act();
    return seen;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
