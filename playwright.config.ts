/** End-to-end journeys in Debian's Chromium against the real server on a fresh demo shop. */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { journeyLaunchOptions } from "./e2e/support/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
/** Journeys whose changes other journeys would see: the shop's settings, and what /shop lists. */
const SETTINGS_JOURNEYS = /shop-settings.*\.spec\.ts/;
const LISTING_JOURNEYS = /admin-products.*\.spec\.ts/;
// One fresh shop per run; workers inherit the folder chosen by the main process.
process.env.CW_E2E_DATA ??= mkdtempSync(join(tmpdir(), "cw-e2e-"));
const data = process.env.CW_E2E_DATA;

/**
 * Each project's own shop (decision 0150): the chromium journeys' in $CW_E2E_DATA, the settings journeys' and the
 * catalogue journeys' in a folder of it, each served by its own server on its own port. So the three projects run at
 * the same time on the two workers, none meeting another's changed settings or new products; a journey that opens
 * its shop's SQLite file takes the folder from its project's metadata (e2e/support/shop-data.ts).
 */
const SHOPS = {
  chromium: { port, data },
  "shop-settings": { port: port + 100, data: join(data, "shop-settings") },
  catalogue: { port: port + 200, data: join(data, "catalogue") },
} as const;
for (const shop of Object.values(SHOPS)) mkdirSync(shop.data, { recursive: true });

const project = (name: keyof typeof SHOPS) => ({
  name,
  metadata: { data: SHOPS[name].data },
  use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${SHOPS[name].port}` },
});

/** One shop's server: what npm start runs, the server's bundle (decision 0068), built first if a source is newer. */
const server = ({ port, data }: { port: number; data: string }) => ({
  command: "node scripts/start.ts",
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  // The server logs at "warn" here: its warnings and errors (an unhandled error's stack) show in the run's output.
  stdout: "pipe" as const,
  // A stale build is rebuilt first (the storefront takes a minute or more on a busy machine); the servers start one
  // after another, so only the first builds.
  timeout: 240_000,
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    // The address the journeys use, so that http://localhost:<port> is another site (the widget's embed journeys).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${join(data, "shop.db")}`,
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
});

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
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: journeyLaunchOptions(),
  },
  projects: [
    // The settings journeys first, one at a time (each changes settings the others' shoppers would meet: a cart fee,
    // a tax rate); the catalogue journeys next; the worker the settings journeys leave free runs the others meanwhile.
    // The order is the queue's: the long serial chain starts first rather than ending the run on one worker.
    { ...project("shop-settings"), testMatch: SETTINGS_JOURNEYS, fullyParallel: false, workers: 1 },
    // Those that publish products, on a shop of their own, so no journey counts /shop's products while they do.
    { ...project("catalogue"), testMatch: LISTING_JOURNEYS },
    { ...project("chromium"), testIgnore: [SETTINGS_JOURNEYS, LISTING_JOURNEYS] },
  ],
  webServer: Object.values(SHOPS).map(server),
});
