/**
 * The visitor's report memory per widget (spec §3.4, §4.2; reference §2 "Chaty analytics"): which
 * views and clicks were reported and when, as JSON `[{k, v}]` (v in ms). A report is due when never
 * made or at least 2 whole days ago; entries are kept 7 days. The browser gives it localStorage under
 * `contactWidget_{id}` when consent allows, else a store that lives as long as the page.
 */

import { DAY_MS, MEMORY_KEEP_DAYS } from "./memory-key.ts";

/** Where the memory's text lives. Either call may throw (storage blocked); the memory then forgets. */
export interface MemoryStore {
  get(): string | null;
  set(value: string): void;
}

export interface MemoryEntry {
  /** `v-widget`, `c-widget`, `v-{channel}` or `c-{channel}`. */
  k: string;
  /** When it was reported, ms since the epoch. */
  v: number;
}

export { MEMORY_KEEP_DAYS, memoryStorageKey } from "./memory-key.ts";
export const RECOUNT_AFTER_DAYS = 2;

/** A report's key: "v" for a view, "c" for a click; of the widget or of one channel (its `channel` name). */
export function reportKey(kind: "v" | "c", channel?: string): string {
  return `${kind}-${channel ?? "widget"}`;
}

/** A store that keeps the text for the page's life (no consent, or storage blocked). */
export function pageMemoryStore(initial: string | null = null): MemoryStore {
  let text = initial;
  return {
    get: () => text,
    set: (value) => {
      text = value;
    },
  };
}

const ms = (now: number | Date) => (typeof now === "number" ? now : now.getTime());

/** The entries still kept at `now`; anything unreadable counts as never reported. */
export function readMemory(memory: MemoryStore, now: number | Date): MemoryEntry[] {
  const time = ms(now);
  let parsed: unknown;
  try {
    parsed = JSON.parse(memory.get() ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is MemoryEntry =>
      typeof entry === "object" &&
      entry !== null &&
      typeof entry.k === "string" &&
      typeof entry.v === "number" &&
      Number.isFinite(entry.v) &&
      time - entry.v < MEMORY_KEEP_DAYS * DAY_MS &&
      entry.v - time < DAY_MS, // a time far ahead is a broken clock's, not a record
  );
}

/** Due when never recorded (or forgotten) or when ≥ 2 whole days have passed since the record. */
export function shouldReport(memory: MemoryStore, key: string, now: number | Date): boolean {
  const entry = readMemory(memory, now).find((e) => e.k === key);
  return !entry || Math.floor((ms(now) - entry.v) / DAY_MS) >= RECOUNT_AFTER_DAYS;
}

/** Records the report(s) at `now`, dropping entries older than 7 days. */
export function markReported(memory: MemoryStore, key: string | string[], now: number | Date): void {
  const keys = typeof key === "string" ? [key] : key;
  const time = ms(now);
  const kept = readMemory(memory, time).filter((entry) => !keys.includes(entry.k));
  try {
    memory.set(JSON.stringify([...kept, ...keys.map((k) => ({ k, v: time }))]));
  } catch {
    // Storage full or blocked: this report may be sent again, which the server's counts tolerate.
  }
}
