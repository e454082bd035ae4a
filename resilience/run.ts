/**
 * `npm run test:resilience`: the resilience suite (issue 21). Each scenario runs against a fresh
 * demo shop on SQLite and PostgreSQL and ends with `checkInvariants`; the run ends with one table
 * and exits 1 when a figure does not hold.
 *
 *   RESILIENCE_SHORT=1 (or --short)   the CI form: fewer requests, SQLite only
 *   RESILIENCE_SEED=<n> (or --seed=n)  repeat a run (the seed is printed at the start)
 *   RESILIENCE_REQUESTS=<n>            requests fuzzed per database
 *   RESILIENCE_DB=sqlite,postgres      which databases
 *   RESILIENCE_TWO_PROCESSES=0         leaves out the two-process checks (run on PostgreSQL)
 *   RESILIENCE_CRASHES=<n>             SIGKILLs per database (20; 3 in the short form; 0 leaves it out)
 *   RESILIENCE_SOAK_SECONDS=<n>        the soak's length (600; the short form 20), on RESILIENCE_SOAK_DB (sqlite)
 *   RESILIENCE_SOAK_SHOPPERS=<n>       shoppers visiting at once in the soak (4)
 *   RESILIENCE_PORT=<n>                the real server's port for the soak and abuse (3780, the next for the next database)
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crashScenario } from "./crash.ts";
import { fuzz } from "./fuzz/fuzz.ts";
import { captureStock, checkInvariants } from "./invariants.ts";
import { soakAndAbuse } from "./live.ts";
import { type Figures, formatTable, holds } from "./report.ts";
import { type Dialect, startShop, stopPostgres } from "./shop.ts";
import { twoProcessScenario } from "./two-processes.ts";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}`))?.split("=")[1];
const short = process.argv.includes("--short") || process.env.RESILIENCE_SHORT === "1";
const seed = Number(argument("seed") ?? process.env.RESILIENCE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const requests = Number(argument("requests") ?? process.env.RESILIENCE_REQUESTS ?? (short ? 1_500 : 10_000));
const crashes = Number(argument("crashes") ?? process.env.RESILIENCE_CRASHES ?? (short ? 3 : 20));
const dialects = (argument("db") ?? process.env.RESILIENCE_DB ?? (short ? "sqlite" : "sqlite,postgres")).split(",") as Dialect[];

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(
  `resilience: seed ${seed}, ${requests.toLocaleString("en")} requests per database on ${dialects.join(" and ")}${short ? " (short form)" : ""}`,
);

const columns: Partial<Record<Dialect, Figures>> = {};
const details: Record<string, unknown> = { seed, requests, short };
for (const dialect of dialects) {
  const shop = await startShop(dialect);
  try {
    const baseline = await captureStock(shop.db);
    const result = await fuzz(shop.app, {
      seed,
      requests,
      trace: process.env.RESILIENCE_TRACE === "1",
      progress: (done) => process.stdout.write(`  ${dialect}: ${done.toLocaleString("en")} requests (${elapsed()})\n`),
    });
    const violations = await checkInvariants(shop.db, baseline);
    columns[dialect] = {
      requestsFuzzed: result.requests,
      serverErrors: result.serverErrors,
      malformedErrors: result.malformed + result.unanswered,
      invariantViolations: violations.length,
    };
    details[dialect] = { ...result, violations };
    console.log(
      `  ${dialect}: fuzzing done in ${elapsed()}: ${result.ordersPlaced} orders placed between fuzzed calls, ${result.refusedByRateLimit} answered 429, statuses ${JSON.stringify(result.byStatus)}`,
    );
    for (const finding of result.findings)
      console.log(`  ${finding.kind} ×${finding.count}: ${finding.key}\n    ${JSON.stringify(finding.example)}`);
    for (const violation of violations) console.log(`  violation ${violation.kind} ${violation.where}: ${violation.message}`);
  } finally {
    await shop.close();
  }
  if (crashes > 0) {
    const figures = columns[dialect] as Figures;
    const crashed = await crashScenario({ dialect, crashes, seed, port: dialect === "sqlite" ? 3770 : 3771, log: console.log });
    figures.crashesSurvived = `${crashed.survived} / ${crashed.crashes} (${crashed.ordersConfirmed} orders confirmed, ${crashed.formsSent} forms, ${crashed.ownerEdits} owner edits)`;
    figures.ordersLost = crashed.ordersLost;
    figures.invariantViolations = (figures.invariantViolations ?? 0) + crashed.violations.length - crashed.ordersLost;
    figures.crashFailures = crashed.crashes - crashed.survived + crashed.serverErrors.length;
    details[`${dialect}-crashes`] = crashed;
    console.log(`  ${dialect}: ${crashed.survived} of ${crashed.crashes} crashes survived (${elapsed()})`);
    for (const error of crashed.serverErrors) console.log(`  5xx while up: ${error}`);
    for (const line of crashed.serverLog) console.log(`  the server logged: ${line}`);
  }
  if (dialect === "postgres" && process.env.RESILIENCE_TWO_PROCESSES !== "0") {
    const figures = columns[dialect] as Figures;
    console.log("  postgres: two processes behind a round-robin proxy");
    const two = await twoProcessScenario({ ports: [3772, 3773, 3774], log: console.log });
    figures.twoProcesses = `${two.checks - two.failures.length} / ${two.checks} (requests per process: ${two.answered.join(" and ")})`;
    figures.twoProcessFailures = two.failures.length;
    details["two-processes"] = two;
  }
}

// The soak and the abuse cases against the real server process, `npm start`'s (live.ts).
const soakSeconds = Number(process.env.RESILIENCE_SOAK_SECONDS ?? (short ? 20 : 600));
const soakOn = (process.env.RESILIENCE_SOAK_DB ?? "sqlite").split(",");
for (const [index, dialect] of dialects.entries()) {
  const live = await soakAndAbuse(dialect, {
    port: Number(process.env.RESILIENCE_PORT ?? 3780) + index,
    soakSeconds: soakOn.includes(dialect) ? soakSeconds : 0,
    shoppers: Number(process.env.RESILIENCE_SOAK_SHOPPERS ?? 4),
    progress: (line) => console.log(`  ${line} (${elapsed()})`),
  });
  const before = columns[dialect]?.invariantViolations ?? 0;
  columns[dialect] = { ...columns[dialect], ...live.figures, invariantViolations: before + (live.figures.invariantViolations ?? 0) };
  details[`${dialect} soak and abuse`] = live;
}
stopPostgres();

const file = join(tmpdir(), `cartwright-resilience-${seed}.json`);
writeFileSync(file, JSON.stringify(details, null, 2));
console.log(`\nResilience (seed ${seed}, ${elapsed()}; every finding in ${file}):\n`);
console.log(formatTable(columns));
process.exitCode = Object.values(columns).every((figures) => figures && holds(figures)) ? 0 : 1;
