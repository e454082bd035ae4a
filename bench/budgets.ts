/**
 * The budgets of bench/budgets.json checked against one scenario's rows (bench/run.ts): plain
 * figures, ratios to the floor rows of the same run (decision 0013, issue 20), open-rate
 * latencies, and the server's start time and peak memory. Pure, so the maths is tested.
 */

/** A step's budget; every field is optional and checked only when present. */
export interface StepBudget {
  /** Closed-loop p99: for one connection (each request's own time), never for many (Little's law, decision 0013). */
  p99Ms?: number;
  minRequestsPerSecond?: number;
  /** Requests per second at least this share of the "reference: floor write" row of the same run. */
  minFloorWriteRatio?: number;
  /** Requests per second at least this share of the "reference: floor read" row of the same run. */
  minFloorReadRatio?: number;
  /** The open-rate phase's p99 (timed from each request's due time). */
  openRateP99Ms?: number;
}

/** The scenario's "server" entry. */
export interface ServerBudget {
  maxStartMs?: number;
  maxRssMb?: number;
}

export type ScenarioBudgets = Record<string, StepBudget & ServerBudget>;

export interface Row {
  step: string;
  requestsPerSecond: number;
  /** The step's floor, measured right after it once the shop was idle (decision 0072): read against before the floor row. */
  pairedFloor?: { step: string; requestsPerSecond: number };
  latencyMs: { p99: number };
  /** With the generator's own lateness (bench/open-rate.ts): a broken p99 says how late the generator itself was. */
  openRate?: { latencyMs: { p99: number }; generatorLagMs?: { loopMax: number; sendP99: number } };
}

export interface ServerFigures {
  startMs?: number;
  peakRssMb?: number;
}

export const FLOOR_WRITE = "reference: floor write";
export const FLOOR_READ = "reference: floor read";

export interface Broken {
  /** The step's name, or "server". */
  step: string;
  message: string;
}

/**
 * The floor a row is read against: its own, measured beside it (the machine's speed drifts over a run, decision 0072),
 * else the floor row `floor` of the same run; undefined when there is neither.
 */
export function floorReference(rows: Row[], step: string, floor: string): { requestsPerSecond: number; beside: boolean } | undefined {
  const row = rows.find((r) => r.step === step);
  if (row?.pairedFloor?.step === floor) return { requestsPerSecond: row.pairedFloor.requestsPerSecond, beside: true };
  const reference = rows.find((r) => r.step === floor);
  return reference ? { requestsPerSecond: reference.requestsPerSecond, beside: false } : undefined;
}

/** A row's requests per second as a share of its floor (`floorReference`); undefined without one. */
export function floorRatio(rows: Row[], step: string, floor: string): number | undefined {
  const row = rows.find((r) => r.step === step);
  const reference = floorReference(rows, step, floor);
  if (!row || !reference || reference.requestsPerSecond <= 0) return undefined;
  return row.requestsPerSecond / reference.requestsPerSecond;
}

/** Which floor row a step is read against: the read for a step with a read-ratio budget, else the write. */
export function floorOf(budget: StepBudget | undefined): string {
  return budget?.minFloorReadRatio !== undefined ? FLOOR_READ : FLOOR_WRITE;
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

/** Every budget of `budgets` a row or the server broke, each with a line saying by how much. */
/** Said beside a broken p99 when the load generator itself was later than the budget: the machine, not only the shop (decision 0061). */
function generatorLate(lag: { loopMax: number; sendP99: number } | undefined, budgetMs: number): string {
  if (!lag || lag.loopMax <= budgetMs) return "";
  return ` (the load generator itself was up to ${lag.loopMax} ms late, its sends ${lag.sendP99} ms at p99: the machine was short of CPU)`;
}

export function brokenBudgets(scenario: string, rows: Row[], budgets: ScenarioBudgets, server: ServerFigures = {}): Broken[] {
  const broken: Broken[] = [];
  const fail = (step: string, message: string) => broken.push({ step, message: `${scenario}: ${step} ${message}` });
  for (const [step, budget] of Object.entries(budgets)) {
    if (step === "server") continue;
    const row = rows.find((r) => r.step === step);
    if (!row) continue; // a step this run did not load (e.g. on another database)
    if (budget.p99Ms !== undefined && row.latencyMs.p99 > budget.p99Ms)
      fail(step, `p99 ${row.latencyMs.p99} ms, ${row.latencyMs.p99 - budget.p99Ms} ms over the budget of ${budget.p99Ms} ms`);
    if (budget.minRequestsPerSecond !== undefined && row.requestsPerSecond < budget.minRequestsPerSecond)
      fail(
        step,
        `${count(row.requestsPerSecond)} req/s, ${count(budget.minRequestsPerSecond - row.requestsPerSecond)} short of the budget of ${count(budget.minRequestsPerSecond)}`,
      );
    for (const [floor, wanted] of [
      [FLOOR_WRITE, budget.minFloorWriteRatio],
      [FLOOR_READ, budget.minFloorReadRatio],
    ] as const) {
      if (wanted === undefined) continue;
      const ratio = floorRatio(rows, step, floor);
      const reference = floorReference(rows, step, floor);
      if (ratio === undefined || !reference) fail(step, `cannot be read against "${floor}": that row is not in this run`);
      else if (ratio < wanted)
        fail(
          step,
          `${count(row.requestsPerSecond)} req/s is ${ratio.toFixed(2)} of "${floor}" (${count(reference.requestsPerSecond)} req/s${reference.beside ? ", measured right after the step" : ""}); ` +
            `the budget of ${wanted} needs ${count(wanted * reference.requestsPerSecond)} req/s, ${count(wanted * reference.requestsPerSecond - row.requestsPerSecond)} short`,
        );
    }
    if (budget.openRateP99Ms !== undefined) {
      if (!row.openRate) fail(step, "has an open-rate budget but no open-rate phase ran");
      else if (row.openRate.latencyMs.p99 > budget.openRateP99Ms)
        fail(
          step,
          `open-rate p99 ${row.openRate.latencyMs.p99} ms, ${(row.openRate.latencyMs.p99 - budget.openRateP99Ms).toFixed(2)} ms over the budget of ${budget.openRateP99Ms} ms` +
            generatorLate(row.openRate.generatorLagMs, budget.openRateP99Ms),
        );
    }
  }
  const limits = budgets.server;
  if (limits?.maxStartMs !== undefined && server.startMs !== undefined && server.startMs > limits.maxStartMs)
    fail("server", `start took ${server.startMs} ms, ${server.startMs - limits.maxStartMs} ms over the budget of ${limits.maxStartMs} ms`);
  if (limits?.maxRssMb !== undefined && server.peakRssMb !== undefined && server.peakRssMb > limits.maxRssMb)
    fail(
      "server",
      `resident memory peaked at ${server.peakRssMb} MB, ${(server.peakRssMb - limits.maxRssMb).toFixed(1)} MB over the budget of ${limits.maxRssMb} MB`,
    );
  return broken;
}
