/**
 * The shop owner of the journeys' server (playwright.config.ts starts it with OWNER_EMAIL and
 * OWNER_PASSWORD, as DEMO.md "Owner" says a shop does): signing in through the console's own form
 * instead of creating an account per test keeps the suite under the registration limit (20 an hour
 * from one address), which a full run would otherwise reach.
 */
import { expect, type Page } from "@playwright/test";

export const E2E_OWNER = { email: "owner@cartwright.test", password: "e2e-owner-password" } as const;

export async function signInAsOwner(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.locator("#signin-email").fill(E2E_OWNER.email);
  await page.locator("#signin-password").fill(E2E_OWNER.password);
  await page.locator(".admin-signin__submit").click();
  await expect(page.locator("#signin-email")).toHaveCount(0);
}
