/**
 * The shop of the running journey's server: each Playwright project has its own (playwright.config.ts, decision
 * 0150), its folder in the project's metadata. The chromium project's is $CW_E2E_DATA itself.
 */
import { join } from "node:path";
import { test } from "@playwright/test";

/** The folder of the journey's shop: its SQLite file, its outbox. */
export const shopData = (): string => String(test.info().project.metadata.data ?? process.env.CW_E2E_DATA);

/** The journey's shop's SQLite file, for a journey that reads or writes a setting directly. */
export const shopDatabaseFile = (): string => join(shopData(), "shop.db");
