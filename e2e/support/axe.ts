/**
 * axe-core on a journey's page. A page without frames is scanned by axe-core inside the page, loaded there once:
 * AxeBuilder scans each frame apart and merges the results in a blank page it opens and loads axe into, which took
 * 1.3–1.5 s a scan against 0.05–0.6 s (decision 0138). A page with frames is scanned AxeBuilder's way, so no frame
 * goes unchecked. Only the violations are detailed and brought back: the passes' nodes made a 300 KB answer on /shop
 * whose passage out of the page took two thirds of the scan (decision 0138, amended).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";

/** What a scan answers: what the journeys read. */
export type AxeViolations = Pick<AxeResults, "violations">;

/** axe details the violations alone; the other kinds keep one node each, and are not brought back. */
const VIOLATIONS_ONLY: RunOptions = { resultTypes: ["violations"] };

export interface AxeScope {
  /** Only what this selector matches. */
  include?: string;
  /** Not what this selector matches. */
  exclude?: string;
  /** Only these rules (axe's ids), as AxeBuilder's `withRules`. */
  rules?: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Waits for the page's transitions and other finite animations to end (at most 2 s): scanned mid-transition, a button
 * fading from its busy grey back to its colour read as too pale. Endless ones (a skeleton's shimmer) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  // A string, as the journeys' other in-page code: their TypeScript has no DOM types.
  await page.evaluate(`Promise.race([
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
    new Promise((done) => setTimeout(done, 2000)),
  ])`);
}

export async function axeScan(page: Page, scope: AxeScope = {}): Promise<AxeViolations> {
  await settled(page);
  if (page.frames().length > 1) {
    // Options before rules, as a copy: AxeBuilder's options() replaces what withRules() set, and withRules() writes into it.
    let builder = new AxeBuilder({ page }).options({ ...VIOLATIONS_ONLY });
    if (scope.include) builder = builder.include(scope.include);
    if (scope.exclude) builder = builder.exclude(scope.exclude);
    if (scope.rules) builder = builder.withRules(scope.rules);
    return { violations: (await builder.analyze()).violations };
  }
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axeSource);
  return await page.evaluate(
    async ({ include, exclude, rules, violationsOnly }) => {
      const axe = (globalThis as unknown as { axe: typeof import("axe-core") }).axe;
      // As AxeBuilder puts it: an empty include is the whole page.
      const context = { include: include ? [include] : [], exclude: exclude ? [exclude] : [] } as ElementContext;
      const options: RunOptions = rules ? { ...violationsOnly, runOnly: { type: "rule", values: rules } } : violationsOnly;
      return { violations: (await axe.run(context, options)).violations };
    },
    { include: scope.include, exclude: scope.exclude, rules: scope.rules, violationsOnly: VIOLATIONS_ONLY },
  );
}
