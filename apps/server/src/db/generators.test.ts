/**
 * Units of work and their steps are generators (unit-of-work.ts), run on every cart call and order. A generator
 * function made per call (`function* () {…}` inside a function, or a `*method()` of an object literal) gets a
 * prototype and an object shape of its own at its first call, and V8 makes shapes in its old generation: the shape
 * keeps the function, and through it the call's whole context, past two young collections, so each call's objects
 * were promoted and then collected by a full collection (decision 0126). A class made per call does the same with
 * its instances' shape. The server's synchronous generators and its classes are made once, outside any function.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SERVER_SOURCES = new URL("..", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Whether the node runs inside a function, so that evaluating it once per call makes it anew. */
const insideFunction = (node: ts.Node): boolean => {
  for (let up = node.parent; up; up = up.parent) if (ts.isFunctionLike(up)) return true;
  return false;
};

/**
 * Where `text` makes, per call, a synchronous generator function or a class (whose instances' shape is made the
 * same way), as `file:line`. Async generators are left out: they stream a response (an export, a download) and
 * live as long as it anyway.
 */
function shapesMadePerCall(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const generator =
      (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) &&
      node.asteriskToken !== undefined &&
      !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
    const madeClass = ts.isClassDeclaration(node) || ts.isClassExpression(node);
    if ((generator || madeClass) && insideFunction(node))
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("generators and classes of the server", () => {
  it("are made once, never per call", () => {
    const found = sourceFiles(SERVER_SOURCES).flatMap((path) =>
      shapesMadePerCall(relative(SERVER_SOURCES, path), readFileSync(path, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("the check finds a generator or a class made per call, in each form", () => {
    const text = `
      function* once(ctx) { return ctx; }
      class Reader { *rows() { yield 1; } }
      const steps = { *view() { yield 1; } };
      export function perCall(ctx) {
        const work = function* () { return ctx; };
        function* named() { return ctx; }
        const shaped = { *view() { return ctx; } };
        class Local { n = ctx; }
        async function* chunks() { yield ctx; }
        return [work, named, shaped, Local, chunks, once, Reader, steps];
      }`;
    expect(shapesMadePerCall("example.ts", text)).toEqual(["example.ts:6", "example.ts:7", "example.ts:8", "example.ts:9"]);
  });

  it("V8 promotes the context of a generator made per call, and not of one declared once (decision 0126)", () => {
    // V8's own accounting, in a process of its own: the bytes its young collections moved to the old generation.
    const script = `
      function* declaredOnce(ctx) { return ctx.items.length; }
      const ways = {
        perCall: (ctx) => { const work = function* () { return ctx.items.length; }; return work().next().value; },
        once: (ctx) => declaredOnce(ctx).next().value,
      };
      const run = ways[process.argv[1]];
      for (let i = 0; i < 50000; i++) run({ items: Array.from({ length: 30 }, (_, k) => ({ k })) });`;
    const promotedPerCall = (way: string) => {
      const child = spawnSync(process.execPath, ["--trace-gc-nvp", "-e", script, way], { encoding: "utf8" });
      expect(child.status).toBe(0);
      const promoted = [...child.stdout.matchAll(/ gc=s .*? promoted=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      return promoted / 50_000;
    };
    // Each call's context is about 1 KB. When the first figure falls to the second, V8 has changed and the rule may go.
    expect(promotedPerCall("perCall")).toBeGreaterThan(200);
    expect(promotedPerCall("once")).toBeLessThan(20);
  });
});
