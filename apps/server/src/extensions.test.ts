/** The start path of extensions: EXTENSIONS (config.ts) → loadExtensions → main.ts hands them to buildApp. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import giftWrap, { WRAPPING_FEE } from "../../../extensions/gift-wrap/index.ts";
import { ConfigError } from "./config.ts";
import { loadExtensions } from "./extensions.ts";

const root = resolve(import.meta.dirname, "../../..");
const folder = () => mkdtempSync(join(tmpdir(), "cw-extensions-"));
let child: ChildProcess | undefined;
afterEach(() => child?.kill("SIGKILL"));

/** Runs `node apps/server/src/main.ts` as npm start does, on a new SQLite file; the output so far and the exit. */
function start(env: Record<string, string>) {
  child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", DATABASE_URL: `file:${join(folder(), "shop.db")}`, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run = { output: "", exited: new Promise<number | null>((done) => child?.on("exit", (code) => done(code))) };
  const collect = (chunk: Buffer) => {
    run.output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return run;
}

describe("loadExtensions", () => {
  it("imports each module's default export, and refuses a module that cannot load or has none", async () => {
    expect(await loadExtensions([join(root, "extensions/gift-wrap/index.ts")])).toEqual([giftWrap]);
    await expect(loadExtensions([join(root, "extensions/nothing-here.ts")])).rejects.toThrow(ConfigError);
    const empty = join(folder(), "empty.mjs");
    writeFileSync(empty, "export const name = 'no-default';\n");
    await expect(loadExtensions([empty])).rejects.toThrow("must export an extension");
  });
});

describe("EXTENSIONS at npm start", () => {
  it("registers the listed extensions in the running shop", async () => {
    const run = start({ EXTENSIONS: "./extensions/gift-wrap/index.ts" });
    let address: string | undefined;
    for (let i = 0; i < 200 && !address; i++) {
      address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output)?.[1];
      if (!address) await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.output).toContain("extensions registered (EXTENSIONS)");
    const api = `${address}/api/store/v1`;
    const { id } = (await (await fetch(`${api}/products/classic-t-shirt`)).json()) as { id: number };
    const token = (await fetch(`${api}/cart`)).headers.get("cart-token")!;
    const post = (path: string, body: unknown) =>
      fetch(`${api}${path}`, {
        method: "POST",
        headers: { "Cart-Token": token, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await post("/cart/add-item", { id });
    const cart = (await (await post("/cart/extensions", { namespace: "gift-wrap", data: { wrap: true } })).json()) as {
      totals: { total_fees: string };
    };
    expect(cart.totals.total_fees).toBe(String(WRAPPING_FEE));
    child?.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 30_000);

  it("stops with a configuration error when an extension cannot be loaded", async () => {
    const run = start({ EXTENSIONS: "./extensions/nothing-here.ts" });
    expect(await run.exited).toBe(2);
    expect(run.output).toContain(`Configuration error: EXTENSIONS: '${join(root, "extensions/nothing-here.ts")}' could not be loaded`);
  }, 30_000);
});

describe("a product collection refused at npm start", () => {
  it("stops the start with a configuration error naming the extension and the collection", async () => {
    const module = join(folder(), "untitled.mjs");
    writeFileSync(
      module,
      "export default { name: 'untitled', productCollections: [{ name: 'untitled/product-collection/picks', title: '' }] };\n",
    );
    const run = start({ EXTENSIONS: module });
    expect(await run.exited).toBe(2);
    expect(run.output).toContain(
      "Configuration error: EXTENSIONS: extension 'untitled': Product collection 'untitled/product-collection/picks': its title must not be empty.",
    );
  }, 30_000);
});
