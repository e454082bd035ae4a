/**
 * Where the server finds what it loads by path at run time. This file sits directly in apps/server/src,
 * and npm start's bundle (scripts/build-server.ts) directly in apps/server/build: from either, the
 * folder above is apps/server (decision 0068). Modules in deeper folders take their paths from here, since
 * in the bundle their own `import.meta.dirname` is the bundle's.
 */
import { join, resolve } from "node:path";

/** apps/server, whether the sources or the bundle run. */
export const SERVER_ROOT = resolve(import.meta.dirname, "..");
/** apps/web: the storefront's sources and its builds (build/server, build/client, build/forms, build/widget). */
export const WEB_ROOT = resolve(SERVER_ROOT, "../web");
/** The checkpointer's thread: plain JavaScript run from the sources in either case (decision 0058). */
export const CHECKPOINT_WORKER_FILE = join(SERVER_ROOT, "src/db/checkpoint-worker.mjs");
