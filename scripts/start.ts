/** npm start: build what is not built, then run the server (it migrates and seeds on start). */
import { buildWeb } from "./build-web.ts";

await buildWeb();
await import("../apps/server/src/main.ts");
