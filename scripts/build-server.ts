/**
 * Bundles the server for `npm start` (decision 0068): apps/server/src/main.ts with our packages and the
 * libraries it imports into one ES module, apps/server/build/main.js, so a start links one module instead
 * of some 1,300. Built again whenever a source is newer than the bundle, as the storefront is;
 * `npm run dev`, the tests and the journeys run the sources.
 */
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
// rolldown is imported only when something is built: the freshness check runs on every start (decision 0050).
import type { Plugin } from "rolldown";
import { newestMtime } from "./build-helpers.ts";

const root = resolve(import.meta.dirname, "..");
/** Directly in apps/server, as src is: apps/server/src/paths.ts finds apps/server and apps/web from either. */
export const SERVER_BUILD_DIR = join(root, "apps/server/build");
/** What `npm start` imports. */
export const SERVER_BUNDLE = join(SERVER_BUILD_DIR, "main.js");
// apps/web/forms/render: the forms' renderer and stylesheet, which the one-tag embed (`GET /forms/{slug}.js`) draws on the server.
const sources = ["apps/server/src", "packages/commerce/src", "apps/web/forms/render", "scripts/build-server.ts", "package-lock.json"];

/**
 * Left to Node at run time: native modules (better-sqlite3; sharp, which finds its binary by paths relative to
 * itself, imported with the first image); `pg` (CommonJS that looks for the optional pg-native, and
 * imported only on PostgreSQL); and what the storefront's server build imports itself, which must be
 * the very modules the server hands it (React Router's context token and provider, React).
 */
const EXTERNAL = [
  /^better-sqlite3$/,
  /^sharp($|\/)/,
  /^pg($|\/)/,
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^react-router($|\/)/,
  /^@react-router\//,
  /^@mcansh\//,
];

export function serverBuildIsFresh(directory = SERVER_BUILD_DIR): boolean {
  const bundle = join(directory, "main.js");
  return existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources.map(newestMtime));
}

/**
 * Source maps for our own code only: a library's lines map to nothing. Node reads the maps of the modules
 * it loads and keeps them (`process.setSourceMapsEnabled`): the libraries' mappings would cost some 30 MB
 * of resident memory for names no stack trace of ours needs (measured in decision 0068).
 */
function librariesUnmapped(): Plugin {
  return {
    name: "libraries-unmapped",
    async load(id) {
      if (!id.includes("/node_modules/") || !/\.[cm]?js$/.test(id)) return null;
      const { readFile } = await import("node:fs/promises");
      return { code: await readFile(id, "utf8"), map: { version: 3, mappings: "", sources: [], names: [] } };
    },
  };
}

/**
 * @fastify/compress asks of every reply whether it is a fetch `Response` or a web stream (`instanceof`).
 * Touching Node's global `Response` loads its fetch implementation: 17.7 MB resident for the process's
 * life, from the first request of a server that never fetches (`ReadableStream`, 2 MB). In the bundle the
 * two checks read the object's tag instead, as Fastify's own reply does (decision 0068's amendment). The
 * build fails if the library's lines change, so an update is looked at again.
 */
function compressWithoutFetch(): Plugin {
  const checks = [
    ["obj instanceof Response", 'Object.prototype.toString.call(obj) === "[object Response]"'],
    ["obj instanceof ReadableStream", 'Object.prototype.toString.call(obj) === "[object ReadableStream]"'],
  ];
  return {
    name: "compress-without-fetch",
    transform(code, id) {
      if (!id.endsWith("/node_modules/@fastify/compress/lib/utils.js")) return null;
      let changed = code;
      for (const [check, tagCheck] of checks as [string, string][]) {
        if (!changed.includes(check)) throw new Error(`@fastify/compress no longer says "${check}": see decision 0068's amendment.`);
        changed = changed.replaceAll(check, tagCheck);
      }
      return { code: changed, map: { version: 3, mappings: "", sources: [], names: [] } };
    },
  };
}

/**
 * A library's `require("http")` becomes, in an ES bundle, `import http from "node:http"`; importing Node's
 * http as an ES module reads all its exports, `WebSocket` among them, which loads Node's fetch (17.7 MB)
 * at start. Here they get Node's http as `require` gives it (`process.getBuiltinModule`), read only when asked.
 */
function httpWithoutFetch(): Plugin {
  const id = "\0cartwright:node-http";
  return {
    name: "http-without-fetch",
    resolveId(source) {
      return source === "http" || source === "node:http" ? id : null;
    },
    load(loading) {
      if (loading !== id) return null;
      return {
        code: 'module.exports = process.getBuiltinModule("node:http");\n',
        map: { version: 3, mappings: "", sources: [], names: [] },
      };
    },
  };
}

/**
 * `depd`, which http-errors (through @fastify/static's send) calls once as it loads, captures a stack trace then
 * to learn its caller's file and line. In the bundle that caller sits in a 5 MB script whose functions came from
 * the compile cache without their source positions: asking for one line re-parses the whole script, a 17 MB
 * parser zone that glibc's main heap keeps for the process's life (decision 0102). Here `depd` is a module that
 * only warns: http-errors' one notice (a non-error status given to createError) is still a DeprecationWarning,
 * once, silenced by --no-deprecation as Node's own are; it no longer names the line that caused it.
 */
export const DEPD_WITHOUT_STACK = `module.exports = function depd(namespace) {
  const warned = new Set();
  function deprecate(message) {
    if (warned.has(message)) return;
    warned.add(message);
    process.emitWarning(namespace + " deprecated " + message, "DeprecationWarning");
  }
  deprecate.function = (fn, message) =>
    function (...args) {
      deprecate(message || (fn.name || "anonymous") + "()");
      return fn.apply(this, args);
    };
  deprecate.property = (obj, prop, message) => {
    let value = obj[prop];
    Object.defineProperty(obj, prop, {
      configurable: true,
      enumerable: Object.getOwnPropertyDescriptor(obj, prop)?.enumerable ?? true,
      get: () => (deprecate(message || String(prop)), value),
      set: (next) => (deprecate(message || String(prop)), (value = next)),
    });
  };
  return deprecate;
};
`;

function depdWithoutStack(): Plugin {
  const id = "\0cartwright:depd";
  return {
    name: "depd-without-stack",
    resolveId(source) {
      return source === "depd" ? id : null;
    },
    load(loading) {
      return loading === id ? { code: DEPD_WITHOUT_STACK, map: { version: 3, mappings: "", sources: [], names: [] } } : null;
    },
  };
}

/** Builds the bundle into `directory` (apps/server/build unless a test says otherwise), replacing what was there. */
export async function buildServer({ force = false, directory = SERVER_BUILD_DIR } = {}): Promise<void> {
  if (!force && serverBuildIsFresh(directory)) return;
  console.log("Bundling the server…");
  const { rolldown } = await import("rolldown");
  const bundle = await rolldown({
    input: { main: join(root, "apps/server/src/main.ts") },
    cwd: root,
    platform: "node",
    external: EXTERNAL,
    plugins: [librariesUnmapped(), compressWithoutFetch(), httpWithoutFetch(), depdWithoutStack()],
    onLog(level, log, handler) {
      // An import the bundler cannot find would fail only when that code runs: fail the build instead.
      if (log.code === "UNRESOLVED_IMPORT") throw new Error(log.message);
      handler(level, log);
    },
  });
  // Written beside, then swapped in: a server starting meanwhile finds the old bundle or the new one, whole.
  const next = `${directory}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const { output } = await bundle.write({
    dir: next,
    format: "es",
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
    sourcemap: true,
    sourcemapExcludeSources: true,
    // ASCII only: Node keeps a module's source in memory for its life, and one character beyond ASCII (an en
    // dash in a comment) makes it two bytes a character, 9.5 MB instead of 4.7. Comments go for the same reason;
    // the libraries' notices stay in their packages, which this bundle is built from and never leaves.
    charset: "ascii",
    comments: false,
    // One file: a library imported on first use (nodemailer, file-type, typebox/value) is still evaluated only
    // then, and a server already running never looks for a chunk that a newer build has replaced.
    codeSplitting: false,
  });
  await bundle.close();
  const old = `${directory}.old-${process.pid}`;
  if (existsSync(directory)) renameSync(directory, old);
  renameSync(next, directory);
  rmSync(old, { recursive: true, force: true });
  const size = output.find((file) => file.type === "chunk")?.code.length ?? 0;
  console.log(`Bundled the server: ${(size / 1e6).toFixed(1)} MB in ${directory}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer({ force: process.argv.includes("--force") });
