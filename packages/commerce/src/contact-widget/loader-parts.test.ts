/** The widget's loader bundles these files within a 6 KB budget: they may import types only, never each other. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the loader's parts", () => {
  it.each([["channels.ts"], ["schedule.ts"], ["memory.ts"]])("%s imports nothing but types", (file) => {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
    const imports = source.match(/^\s*(?:import|export)\b[^;]*\bfrom\s+["'][^"']+["']/gm) ?? [];
    for (const statement of imports) expect(statement.trim()).toMatch(/^import type /);
  });
});
