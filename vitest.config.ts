import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Generous limits: a test is judged by what it asserts, and a busy 2-core machine may take seconds to build an app.
const limits = { testTimeout: 20_000, hookTimeout: 30_000 };
// The HTTP tests' password hashes: scrypt with N=2^10, not 2^15 (decision 0108); the unit tests and the journeys keep 2^15.
const cheapHashes = { CW_TEST_SCRYPT_N: "1024" };
// The HTTP tests' files share a worker's modules (isolate: false): each builds its own app over its own database, and
// every cache is kept per database; importing the server afresh per file was 70 % of their time (decision 0136).
// A file that mocks a module imports the app afresh itself (request-context.http.test.ts); a file that leaves a
// registration behind (a payment gateway, a checkout field…) fails in test/registries.setup.ts.
const httpProject = { ...limits, isolate: false, setupFiles: ["test/registries.setup.ts"] };
// The unit files that read state one per page or per process by design (a registry, `window`'s checkout API, the
// remembered tokens, a lazily loaded library), which another file in a shared worker would have filled first.
const isolatedUnitTests = [
  "apps/server/src/http/tokens.remembered.test.ts",
  "apps/server/src/modules/customers/password.test.ts",
  "apps/server/src/extensions.test.ts",
  "apps/web/app/features/checkout/payment/built-in.test.ts",
  "apps/web/app/features/checkout/AdditionalField.test.ts",
  "apps/web/app/features/checkout/PasswordField.test.ts",
];
const unitTests = [
  "packages/*/src/**/*.test.ts",
  "apps/server/src/**/*.test.ts",
  "apps/web/app/**/*.test.ts",
  "apps/web/widget/**/*.test.ts",
  "apps/web/forms/**/*.test.ts",
  "bench/**/*.test.ts",
  "resilience/**/*.test.ts",
  "e2e/support/**/*.test.ts",
];
const httpTests = ["apps/server/src/**/*.http.test.ts", "apps/web/app/**/*.http.test.ts", "resilience/**/*.http.test.ts"];

export default defineConfig({
  test: {
    // Vitest's default, a core less than the machine has, is one worker on 2 cores: two took unit 96 → 63 s and
    // sqlite 280 → 199 s there (decision 0136). Every project takes it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...limits,
          name: "unit",
          include: unitTests,
          exclude: [...httpTests, ...isolatedUnitTests],
          // A worker's files share its modules: importing them afresh per file was two thirds of the project's time.
          isolate: false,
          setupFiles: ["test/checkout-registries.setup.ts"],
        },
      },
      {
        test: { ...limits, name: "unit-isolated", include: isolatedUnitTests },
      },
      {
        test: {
          ...httpProject,
          name: "sqlite",
          include: httpTests,
          env: { CW_TEST_DB: "sqlite", ...cheapHashes },
        },
      },
      {
        test: {
          ...httpProject,
          name: "postgres",
          include: httpTests,
          env: { CW_TEST_DB: "postgres", ...cheapHashes },
          globalSetup: ["test/postgres.global-setup.ts"],
        },
      },
    ],
  },
});
