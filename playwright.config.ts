/** End-to-end journeys in Debian's Chromium against the real server on a fresh demo shop. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { journeyLaunchOptions } from "./e2e/support/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
/** Journeys whose changes other journeys would see run after them: the shop's settings, then what /shop lists. */
const SETTINGS_JOURNEYS = /shop-settings.*\.spec\.ts/;
const LISTING_JOURNEYS = /admin-products.*\.spec\.ts/;
// One fresh shop per run; workers inherit the folder chosen by the main process.
process.env.CW_E2E_DATA ??= mkdtempSync(join(tmpdir(), "cw-e2e-"));

export default defineConfig({
  testDir: "e2e",
  // Journeys are *.spec.ts; a helper's Vitest test beside it (e2e/support/*.test.ts) is the unit project's.
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey of several pages, sign-ins and axe scans took 25–37 s on a slower 2-core machine (2026-12-02): 30 s cut them off.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: journeyLaunchOptions(),
  },
  projects: [
    // Journeys that change the shop's settings run after the others, one at a time (e2e/shop-settings.spec.ts);
    // those that publish products last, so no journey counts /shop's products while they do (admin-products).
    {
      name: "chromium",
      testIgnore: [SETTINGS_JOURNEYS, LISTING_JOURNEYS],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "shop-settings",
      testMatch: SETTINGS_JOURNEYS,
      dependencies: ["chromium"],
      fullyParallel: false,
      // One journey at a time across files too: each changes settings the others' shoppers would meet (a cart fee, a tax rate).
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "catalogue",
      testMatch: LISTING_JOURNEYS,
      dependencies: ["shop-settings"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    // What npm start runs: the server's bundle (decision 0068), built first if a source is newer.
    command: "node scripts/start.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The server logs at "warn" here: its warnings and errors (an unhandled error's stack) show in the run's output.
    stdout: "pipe",
    // A stale build is rebuilt first (the storefront takes a minute or more on a busy machine).
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // The address the journeys use, so that http://localhost:<port> is another site (the widget's embed journeys).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${join(process.env.CW_E2E_DATA, "shop.db")}`,
      LOG_LEVEL: "warn",
      // The journeys are many visitors from one address: the limits would refuse their forms and
      // accounts partway through a run. The HTTP tests hold the limits (rate-limits.http.test.ts, forms, messages).
      RATE_LIMIT: "off",
      // The console journeys' owner (e2e/support/owner.ts).
      OWNER_EMAIL: "owner@cartwright.test",
      OWNER_PASSWORD: "e2e-owner-password",
      // The example product collection (e2e/collections.spec.ts) and the filter journeys' (e2e/listing-filters.spec.ts);
      // each adds a page and changes no other.
      EXTENSIONS: "./extensions/demo-collections/index.ts,./e2e/support/filter-collections.ts",
      // The webhooks journey's receiver listens on 127.0.0.1 (e2e/admin-webhooks.spec.ts): local delivery URLs allowed, as the README says for such a receiver.
      WEBHOOKS_ALLOW_PRIVATE: "on",
    },
  },
});
