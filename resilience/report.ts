/** The one table the resilience suite ends with: a column per database, a row per figure of issue 21. */
import type { Dialect } from "./shop.ts";

/** A scenario's figures on one database; undefined: the scenario did not run (not built yet, or left out). */
export interface Figures {
  requestsFuzzed?: number;
  serverErrors?: number;
  malformedErrors?: number;
  invariantViolations?: number;
  crashesSurvived?: string;
  ordersLost?: number;
  /** Crashes the shop did not survive, or 5xx answered while it was up (crash.ts). */
  crashFailures?: number;
  twoProcesses?: string;
  /** Two-process checks that did not agree (two-processes.ts). */
  twoProcessFailures?: number;
  soakErrors?: number;
  /** Requests the soak sent (its errors are out of these). */
  soakRequests?: number;
  memory?: string;
  /** Whether the soak's memory levelled off (soak.ts levelsOff); undefined when the soak was too short to judge. */
  memoryLevelsOff?: boolean;
  abuseRefused?: string;
  abuseNotRefused?: number;
}

const ROWS: [keyof Figures, string][] = [
  ["requestsFuzzed", "requests fuzzed"],
  ["serverErrors", "5xx seen"],
  ["malformedErrors", "errors without the JSON shape, or no answer"],
  ["invariantViolations", "invariant violations"],
  ["crashesSurvived", "crashes survived (SIGKILL, restart)"],
  ["ordersLost", "confirmed orders lost or worse"],
  ["twoProcesses", "two processes: checks that agreed"],
  ["soakRequests", "soak requests"],
  ["soakErrors", "soak errors"],
  ["memory", "memory at start → end (RSS)"],
  ["abuseRefused", "abuse cases refused"],
];

const show = (value: Figures[keyof Figures]) =>
  value === undefined
    ? "not run"
    : typeof value === "boolean"
      ? String(value)
      : typeof value === "number"
        ? value.toLocaleString("en")
        : value;

export function formatTable(columns: Partial<Record<Dialect, Figures>>): string {
  const dialects = Object.keys(columns) as Dialect[];
  const header = ["figure", ...dialects.map((d) => (d === "sqlite" ? "SQLite" : "PostgreSQL"))];
  const rows = ROWS.map(([key, label]) => [label, ...dialects.map((d) => show(columns[d]?.[key]))]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** Whether the figures hold: no 5xx, no malformed error, no violation, no crash or two-process failure, no soak error, memory levelled off, every abuse refused. */
export const holds = (figures: Figures): boolean =>
  !figures.serverErrors &&
  !figures.malformedErrors &&
  !figures.invariantViolations &&
  !figures.soakErrors &&
  !figures.ordersLost &&
  !figures.crashFailures &&
  !figures.twoProcessFailures &&
  figures.memoryLevelsOff !== false &&
  !figures.abuseNotRefused;
