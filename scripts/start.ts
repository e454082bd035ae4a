/**
 * npm start: build what is not built, then run the server's bundle (it migrates and seeds on start).
 * Node's compile cache is switched on first, so every later start reuses the compiled code of the
 * modules; hence the imports below are dynamic (decision 0050). The bundle links a handful of modules
 * where the sources are some 1,300 (decision 0068); `npm run dev` runs the sources (scripts/dev.ts).
 */
import module from "node:module";
import { pathToFileURL } from "node:url";

module.enableCompileCache?.();
const { buildWeb } = await import("./build-web.ts");
await buildWeb();
const { buildServer, SERVER_BUNDLE } = await import("./build-server.ts");
await buildServer();
await import(pathToFileURL(SERVER_BUNDLE).href);
