/**
 * npm test: every suite, then one closing line 'N passed, N failed' over all of them.
 * Unit and HTTP tests (SQLite and PostgreSQL) run in Vitest; the resilience suite's short form;
 * journeys in Playwright's Chromium.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { journeyChromium } from "../e2e/support/chromium.ts";
import { buildServer } from "./build-server.ts";
import { buildWeb } from "./build-web.ts";

const root = resolve(import.meta.dirname, "..");
const reports = join(root, ".tmp", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => join(root, "node_modules/.bin", name);
const only = process.argv.slice(2);
const wants = (suite: string) => only.length === 0 || only.includes(suite);

const chromium = journeyChromium();
if (wants("e2e") && !existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: run \`apt-get install chromium-headless-shell\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}

interface Count {
  passed: number;
  failed: number;
  skipped: number;
}
const counts: Count[] = [];
const failures: string[] = [];
let exitCode = 0;

/** Runs one suite; returns false when it exited with an error, counted or not. */
function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status ?? 1;
  return result.status === 0;
}

/** A suite that failed outside its tests (an unhandled error, a crash) counts as one failure. */
function count(ok: boolean, c: Count): Count {
  return !ok && c.failed === 0 ? { ...c, failed: 1 } : c;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests: { projectName: string; results: { error?: { message?: string } }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

/** The first line of an error, short enough for a log's tail. */
const firstLine = (message = "") =>
  stripVTControlCharacters(message)
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim()
    .slice(0, 300) ?? "";

function vitestFailures(report: VitestReport): string[] {
  return (report.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${root}/`, "");
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0 && file.message) return [`${name}: ${firstLine(file.message)}`];
    return failed.map((test) => `${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const test = spec.tests[0];
        const error = test?.results.at(-1)?.error?.message;
        return `[${test?.projectName}] ${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`;
      }),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

// The storefront build serves the e2e journeys and the server start-up tests alike; npm start's bundle, the
// resilience suite's servers (scripts/start.ts), built once here rather than by the first of them.
await buildWeb();
await buildServer();

if (wants("vitest")) {
  const file = join(reports, "vitest.json");
  const ok = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  const report = readJson(file) as VitestReport | null;
  if (!report) {
    console.error("Vitest wrote no report.");
    exitCode ||= 1;
    counts.push({ passed: 0, failed: 1, skipped: 0 });
  } else {
    counts.push(
      count(ok, { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }),
    );
    failures.push(...vitestFailures(report));
  }
}

// The resilience suite's short form (issue 21): fuzzing and the invariants; it counts as one test.
if (wants("resilience")) {
  const ok = run(process.execPath, ["resilience/run.ts", "--short"]);
  counts.push({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  if (!ok) failures.push("resilience (short form): see its table and findings above");
}

if (wants("e2e")) {
  const file = join(reports, "playwright.json");
  const ok = run(bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = readJson(file) as PlaywrightReport | null;
  if (!report) {
    console.error("Playwright wrote no report.");
    exitCode ||= 1;
    counts.push({ passed: 0, failed: 1, skipped: 0 });
  } else {
    counts.push(
      count(ok, { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped }),
    );
    failures.push(...playwrightFailures(report.suites ?? []));
  }
}

const total = counts.reduce(
  (sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (total.failed > 0) exitCode ||= 1;
// Repeated at the very end so a log's tail (all CI keeps) names what failed.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(exitCode);
