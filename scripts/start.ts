/**
 * npm start: build what is not built, then run the server (it migrates and seeds on start).
 * Node's compile cache is switched on first, so every later start reuses the compiled (and
 * type-stripped) code of the server's modules; hence the imports below are dynamic (decision 0050).
 */
import module from "node:module";

module.enableCompileCache?.();
const { buildWeb } = await import("./build-web.ts");
await buildWeb();
await import("../apps/server/src/main.ts");
