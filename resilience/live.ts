/**
 * The scenarios against the real server process (server.ts): the soak (soak.ts) and the abuse
 * cases (abuse.ts) on one shop, then the invariants and the orders the soak's shoppers saw
 * confirmed (invariants.ts), read from the same database.
 */
import { openDatabase } from "../apps/server/src/db/index.ts";
import { type AbuseCase, abuse } from "./abuse.ts";
import { captureStock, checkInvariants, lostOrders, type Violation } from "./invariants.ts";
import type { Figures } from "./report.ts";
import { startServer } from "./server.ts";
import type { Dialect } from "./shop.ts";
import { formatMemory, type SoakResult, soak } from "./soak.ts";

/** Shorter soaks are reported but not judged on memory: the first minutes are the server warming up. */
export const JUDGE_MEMORY_FROM_SECONDS = 180;

export interface LiveOptions {
  port: number;
  /** Seconds of soak; 0 runs none (the abuse cases still run). */
  soakSeconds: number;
  shoppers: number;
  progress: (line: string) => void;
}

export interface LiveResult {
  figures: Figures;
  soak?: Omit<SoakResult, "confirmed">;
  abuse: AbuseCase[];
  violations: Violation[];
  serverErrors: string;
}

export async function soakAndAbuse(dialect: Dialect, options: LiveOptions): Promise<LiveResult> {
  const server = await startServer(dialect, options.port);
  const db = openDatabase(
    dialect === "sqlite" ? { dialect, file: server.database.slice("file:".length) } : { dialect, url: server.database },
  );
  try {
    const baseline = await captureStock(db);
    const figures: Figures = {};
    let soaked: SoakResult | undefined;
    if (options.soakSeconds > 0) {
      options.progress(`${dialect}: soak for ${options.soakSeconds} s, ${options.shoppers} shoppers at once, server pid ${server.pid}`);
      soaked = await soak(server, {
        seconds: options.soakSeconds,
        shoppers: options.shoppers,
        sampleSeconds: options.soakSeconds >= 120 ? 5 : 1,
        progress: (line) => options.progress(`${dialect}: soak ${line}`),
      });
      figures.soakErrors = soaked.errors;
      figures.soakRequests = soaked.requests;
      const judged = options.soakSeconds >= JUDGE_MEMORY_FROM_SECONDS;
      figures.memory = formatMemory(soaked, judged);
      if (judged) figures.memoryLevelsOff = soaked.levelsOff;
      options.progress(
        `${dialect}: soak done: ${soaked.requests.toLocaleString("en")} requests (${JSON.stringify(soaked.byVisit)} visits), ${soaked.ordersPlaced} orders, ${soaked.formsSent} forms paid, ${soaked.errors} errors; memory ${soaked.levelRule}`,
      );
      for (const example of soaked.errorExamples) options.progress(`  soak error: ${example}`);
    }
    const cases = await abuse(server);
    const refused = cases.filter((c) => c.refused).length;
    figures.abuseRefused = `${refused} of ${cases.length}`;
    figures.abuseNotRefused = cases.length - refused;
    for (const c of cases.filter((c) => !c.refused)) options.progress(`  abuse NOT refused: ${c.name}: ${c.detail}`);
    const violations = [...(await checkInvariants(db, baseline)), ...(await lostOrders(db, soaked?.confirmed ?? []))];
    figures.invariantViolations = violations.length;
    for (const violation of violations) options.progress(`  violation ${violation.kind} ${violation.where}: ${violation.message}`);
    for (const line of server.errorLines) options.progress(`  the server logged: ${line}`);
    const { confirmed: _confirmed, ...soakDetails } = soaked ?? { confirmed: [] };
    return {
      figures,
      soak: soaked ? (soakDetails as Omit<SoakResult, "confirmed">) : undefined,
      abuse: cases,
      violations,
      serverErrors: server.errors(),
    };
  } finally {
    await db.destroy();
    await server.stop();
  }
}
