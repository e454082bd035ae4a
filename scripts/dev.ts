/**
 * npm run dev: build the storefront if it is not built, then run the server from its sources (Node
 * restarts it when they change), not npm start's bundle (decision 0068).
 */
import module from "node:module";

module.enableCompileCache?.();
const { buildWeb } = await import("./build-web.ts");
await buildWeb();
await import("../apps/server/src/main.ts");
