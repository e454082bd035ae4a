/**
 * The widget's loader bundles parts of these files within a 6 KB budget: they may import types only, never each
 * other, but for memory.ts's key and keeping time, which live in memory-key.ts (importing nothing) so that the loader
 * can read the first click without carrying the memory's rules.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const importsOf = (file: string) => {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
  return (source.match(/^\s*(?:import|export)\b[^;]*\bfrom\s+["'][^"']+["']/gm) ?? []).map((statement) => statement.trim());
};

describe("the loader's parts", () => {
  it.each([["channels.ts"], ["schedule.ts"], ["memory-key.ts"]])("%s imports nothing but types", (file) => {
    for (const statement of importsOf(file)) expect(statement).toMatch(/^import type /);
  });

  it("memory.ts imports types and memory-key.ts only", () => {
    for (const statement of importsOf("memory.ts")) expect(statement).toMatch(/^import type |from "\.\/memory-key\.ts"$/);
  });
});
