import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { build, defineConfig, type Plugin } from "vite";

/**
 * `virtual:cw-attribution-script`: the order-attribution tracker (features/attribution/script.ts)
 * built on its own into one minified script and handed to the server as text, so every page can
 * carry it inline with its CSP nonce, with no React and no extra request (decision 0014).
 */
function attributionScript(): Plugin {
  const id = "virtual:cw-attribution-script";
  const entry = fileURLToPath(new URL("./app/features/attribution/script.ts", import.meta.url));
  return {
    name: "cw-attribution-script",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const output = await build({
        configFile: false,
        logLevel: "silent",
        build: {
          write: false,
          minify: true,
          target: "es2020",
          lib: { entry, formats: ["iife"], name: "cwAttributionScript" },
        },
      });
      const chunk = [output].flat().flatMap((o) => ("output" in o ? o.output : []))[0];
      if (chunk?.type !== "chunk") throw new Error("The attribution script did not build");
      this.addWatchFile(entry);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}

/**
 * What every page runs before anything else: React, React Router, the browser entry and the
 * root route with the page shell. One file compresses better than the dozen small chunks the
 * default split makes of them (decision 0013).
 */
const EVERY_PAGE =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.tsx$|[\\/]app[\\/]root\.tsx$|[\\/]components[\\/](Price|ProductImage)\.tsx$/;

export default defineConfig({
  plugins: [attributionScript(), reactRouter()],
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "framework", test: EVERY_PAGE }] } },
        },
      },
    },
  },
});
