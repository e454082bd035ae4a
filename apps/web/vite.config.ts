import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * What every page runs before anything else: React, React Router, the browser entry and the
 * root route with the page shell. One file compresses better than the dozen small chunks the
 * default split makes of them (decision 0013).
 */
const EVERY_PAGE =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.tsx$|[\\/]app[\\/]root\.tsx$|[\\/]components[\\/](Price|ProductImage)\.tsx$/;

export default defineConfig({
  plugins: [reactRouter()],
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
