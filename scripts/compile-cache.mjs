// Preloaded by `npm start` (node --import): switches Node's compile cache on before the first
// TypeScript file loads, so even the entry's type stripping comes from the cache (decision 0050).
// Plain JavaScript on purpose: a .ts preload would itself need the stripper it spares.
import module from "node:module";

module.enableCompileCache?.();
