import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let folder: string;

/** A program that throws from a known line of its source and prints the stack trace. */
const PROGRAM = `import { mapBundledStackTraces } from ${JSON.stringify(join(import.meta.dirname, "stack-traces.ts"))};

mapBundledStackTraces();
function failHere(): never {
  throw new Error("from the source");
}
try {
  failHere();
} catch (error) {
  console.log((error as Error).stack);
}
`;

const run = (file: string) => spawnSync(process.execPath, [file], { encoding: "utf8" }).stdout;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "cw-stack-traces-"));
  writeFileSync(join(folder, "program.ts"), PROGRAM);
  // Bundled as scripts/build-server.ts bundles the server: ES modules, maps beside them without the sources.
  const bundle = await rolldown({ input: { main: join(folder, "program.ts") }, platform: "node" });
  await bundle.write({ dir: join(folder, "build"), format: "es", sourcemap: true, sourcemapExcludeSources: true });
  await bundle.close();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("stack traces of a bundle", () => {
  it("name the source's file, line and column, through the bundle's map", () => {
    const stack = run(join(folder, "build", "main.js"));
    expect(stack).toMatch(/^Error: from the source\n/);
    expect(stack).toContain(`at failHere (${join(folder, "program.ts")}:5:9)`);
    expect(stack).not.toContain("main.js");
  });

  it("are left as they are when the sources run", () => {
    const stack = run(join(folder, "program.ts"));
    expect(stack).toMatch(/^Error: from the source\n/);
    expect(stack).toContain(`at failHere (file://${join(folder, "program.ts")}:5:9)`);
  });
});
