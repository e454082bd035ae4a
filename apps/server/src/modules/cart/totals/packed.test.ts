import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { mapped } from "./packed.ts";

describe("mapped", () => {
  it("answers what map answers, with each item's index", () => {
    const lines = [{ key: "a" }, { key: "b" }, { key: "c" }];
    expect(mapped(lines, (line, index) => `${index}:${line.key}`)).toEqual(["0:a", "1:b", "2:c"]);
    expect(mapped([], () => 1)).toEqual([]);
  });

  it("answers a packed array from V8's optimised code, where map answers a holey one (decision 0125)", () => {
    // V8's own checks, run in a process of their own: the test runner does not allow natives syntax.
    const script = `
      import { mapped } from ${JSON.stringify(new URL("./packed.ts", import.meta.url).href)};
      const kind = (a) => (%HasHoleyElements(a) ? "holey" : "packed");
      const each = (x) => ({ x });
      const viaMap = (xs) => xs.map(each);
      const xs = [1, 2, 3];
      for (const f of [mapped, viaMap]) { %PrepareFunctionForOptimization(f); f(xs, each); f(xs, each); %OptimizeFunctionOnNextCall(f); }
      console.log(JSON.stringify({ mapped: kind(mapped(xs, each)), map: kind(viaMap(xs)) }));`;
    const child = spawnSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    // When map's answer is packed too, V8 has changed and the helper may go (the second half says so).
    expect(JSON.parse(child.stdout)).toEqual({ mapped: "packed", map: "holey" });
  });
});
