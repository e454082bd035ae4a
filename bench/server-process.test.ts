import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS, SERVER_PRELOAD } from "../scripts/server-process.ts";

const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;

/** The environment assignments and node flags a script starts with, up to its first argument that is neither. */
function serverStart(script: string): { env: Record<string, string>; flags: string[]; words: string[] } {
  const words = script.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes("=") && !words[0].startsWith("-")) {
    const [name, ...value] = (words.shift() as string).split("=");
    env[name as string] = value.join("=");
  }
  expect(words.shift()).toBe("node");
  const flags = words.filter((word) => word.startsWith("--") && !word.startsWith("--watch") && word !== "--import");
  return { env, flags, words };
}

// The bench measures the server as `npm start` runs it (decision 0057): both read scripts/server-process.ts or must say the same.
describe("the server process's settings", () => {
  for (const name of ["start", "dev"]) {
    it(`npm run ${name} starts the server with the bench's flags and environment`, () => {
      const { env, flags } = serverStart(scripts[name] ?? "");
      expect(env).toEqual(SERVER_ENV);
      expect(flags).toEqual(SERVER_NODE_FLAGS);
    });
  }
  it("npm start preloads the compile cache as the bench's server does", () => {
    const { words } = serverStart(scripts.start ?? "");
    expect(words.join(" ")).toContain(SERVER_PRELOAD.join(" "));
  });
});
