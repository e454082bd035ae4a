/**
 * PostgreSQL parses and plans an unnamed statement on every run. The shop runs the same few hundred SQL texts
 * again and again, so the ones it repeats become named prepared statements, parsed once on each connection
 * (decision 0133). A text is named from its second run, and at most MAX_NAMED texts are, so that texts that vary
 * (lists of ids of every length) cannot fill the server's memory.
 */
import type { PoolClient } from "pg";

export const STATEMENT_LIMITS = {
  /** A text is named from this run on: one run alone proves nothing about repeats. */
  namedFromRun: 2,
  /** Texts named in a process; each connection prepares those it runs, once. */
  maxNamed: 500,
  /** Texts counted while not yet named; the count starts again past it. */
  maxCounted: 5000,
};

// Transaction control costs nothing to parse and runs through the simple protocol, in one message.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

export class StatementNames {
  readonly #runs = new Map<string, number>();
  readonly #names = new Map<string, string>();
  // Names are never reused: a connection keeps what it prepared until it closes.
  #lastNumber = 0;

  readonly limits: typeof STATEMENT_LIMITS;

  constructor(limits = STATEMENT_LIMITS) {
    this.limits = limits;
  }

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.#names.get(text);
    if (named !== undefined) return named;
    if (this.#names.size >= this.limits.maxNamed || TRANSACTION_CONTROL.test(text)) return undefined;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < this.limits.namedFromRun) {
      if (this.#runs.size >= this.limits.maxCounted) this.#runs.clear();
      this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    const name = `cw_${++this.#lastNumber}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }

  /** After a prepared plan went stale, every text gets a fresh name, prepared again on each connection. */
  forgetAll(): void {
    this.#names.clear();
  }
}

/**
 * A prepared statement the server can no longer run: its result's columns changed under it (a migration
 * from another process: "cached plan must not change result type"), or the server lost it (26000).
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "26000") return true;
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}

/** Runs the client's parameterised texts under their names (Kysely calls `query(text, values)`). */
export function nameStatementsOf(client: PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === "string" && Array.isArray(values) && callback === undefined ? names.nameOf(config) : undefined;
    if (name === undefined) return query(config, values, callback);
    return (query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
      // The statement fails this once; the next run of any text prepares it afresh.
      if (isStalePreparedStatement(error)) names.forgetAll();
      throw error;
    });
  }) as typeof client.query;
}
