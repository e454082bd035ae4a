import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rolldown } from "rolldown";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEPD_WITHOUT_STACK } from "../../../scripts/build-server.ts";

let folder: string;

/** A program that throws from a known line of its source and prints the stack trace. */
const PROGRAM = `import { mapBundledStackTraces } from ${JSON.stringify(join(import.meta.dirname, "stack-traces.ts"))};
import { failInLibrary } from "./node_modules/some-library/index.js";

mapBundledStackTraces();
function failHere(): never {
  throw new Error("from the source");
}
try {
  failHere();
} catch (error) {
  console.log((error as Error).stack);
}
try {
  failInLibrary();
} catch (error) {
  console.log((error as Error).stack);
}
`;

/** A library's code, which the server's bundle maps to nothing (scripts/build-server.ts), several lines long. */
const LIBRARY = `export function failInLibrary() {
  const reason = "from the library";
  // a line
  // and another
  throw new Error(reason);
}
`;

const run = (file: string) => spawnSync(process.execPath, [file], { encoding: "utf8" }).stdout;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "cw-stack-traces-"));
  writeFileSync(join(folder, "program.ts"), PROGRAM);
  mkdirSync(join(folder, "node_modules", "some-library"), { recursive: true });
  writeFileSync(join(folder, "node_modules", "some-library", "index.js"), LIBRARY);
  // Bundled as scripts/build-server.ts bundles the server: ES modules, maps beside them without the sources,
  // and a library's lines mapped to nothing.
  const unmapped = {
    name: "libraries-unmapped",
    load(id: string) {
      if (!id.includes("/node_modules/")) return null;
      return { code: LIBRARY, map: { version: 3, mappings: "", sources: [], names: [] } };
    },
  };
  const bundle = await rolldown({ input: { main: join(folder, "program.ts") }, platform: "node", plugins: [unmapped] });
  await bundle.write({ dir: join(folder, "build"), format: "es", sourcemap: true, sourcemapExcludeSources: true });
  await bundle.close();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("stack traces of a bundle", () => {
  it("name the source's file, line and column, through the bundle's map", () => {
    const stack = run(join(folder, "build", "main.js"));
    expect(stack).toMatch(/^Error: from the source\n/);
    const [ours = "", library = ""] = stack.split(/\n(?=Error: )/);
    expect(ours).toContain(`at failHere (${join(folder, "program.ts")}:6:9)`);
    expect(ours).not.toContain("main.js");
    // A frame in a library's unmapped lines keeps the bundle's place rather than borrowing the program's.
    expect(library).toMatch(/^Error: from the library\n/);
    expect(library).toContain(`at failInLibrary (file://${join(folder, "build", "main.js")}:`);
    expect(library).toContain(`at ${join(folder, "program.ts")}:14:3`);
  });

  it("are left as they are when the sources run", () => {
    const stack = run(join(folder, "program.ts"));
    expect(stack).toMatch(/^Error: from the source\n/);
    expect(stack).toContain(`at failHere (file://${join(folder, "program.ts")}:6:9)`);
  });
});

// The bundle's depd (decision 0102): http-errors' deprecation notices, without the stack trace depd captured to place them.
describe("the bundle's depd", () => {
  type Deprecate = ((message: string) => void) & {
    function: <F extends (...args: never[]) => unknown>(fn: F, message?: string) => F;
    property: (obj: object, prop: string, message?: string) => void;
  };
  /** The module as the bundle runs it: CommonJS, `module.exports` a function of the package's name. */
  function load(): (namespace: string) => Deprecate {
    const module = { exports: {} as unknown };
    new Function("module", "exports", DEPD_WITHOUT_STACK)(module, module.exports);
    return module.exports as (namespace: string) => Deprecate;
  }

  it("warns once a message, as a DeprecationWarning naming its package, and never captures a stack", () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const capture = vi.spyOn(Error, "captureStackTrace");
    try {
      const deprecate = load()("http-errors");
      deprecate("non-error status code; use only 4xx or 5xx status codes");
      deprecate("non-error status code; use only 4xx or 5xx status codes");
      expect(warn.mock.calls).toEqual([
        ["http-errors deprecated non-error status code; use only 4xx or 5xx status codes", "DeprecationWarning"],
      ]);
      expect(capture).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      capture.mockRestore();
    }
  });

  it("wraps a function and a property so that using them warns and still works", () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const deprecate = load()("some-library");
      const double = deprecate.function((n: number) => n * 2, "double");
      const settings = { old: 1 };
      deprecate.property(settings, "old");
      expect(double(4)).toBe(8);
      expect(settings.old).toBe(1);
      settings.old = 2;
      expect(settings.old).toBe(2);
      expect(warn.mock.calls.map(([message]) => message)).toEqual(["some-library deprecated double", "some-library deprecated old"]);
    } finally {
      warn.mockRestore();
    }
  });
});
