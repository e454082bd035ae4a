import { defineConfig } from "vitest/config";

const httpTests = ["apps/server/src/**/*.http.test.ts", "apps/web/app/**/*.http.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/app/**/*.test.ts",
            "apps/web/widget/**/*.test.ts",
            "apps/web/forms/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: httpTests,
        },
      },
      {
        test: {
          name: "sqlite",
          include: httpTests,
          env: { CW_TEST_DB: "sqlite" },
        },
      },
      {
        test: {
          name: "postgres",
          include: httpTests,
          env: { CW_TEST_DB: "postgres" },
          globalSetup: ["test/postgres.global-setup.ts"],
          // Each file gets its own database; a few at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
