/**
 * The shop owner of the journeys' server (playwright.config.ts starts it with OWNER_EMAIL and
 * OWNER_PASSWORD, as DEMO.md "Owner" says a shop does): signing in through the console's own form
 * instead of creating an account per test keeps the suite under the registration limit (20 an hour
 * from one address), which a full run would otherwise reach.
 */
import { expect, type Page } from "@playwright/test";

export const E2E_OWNER = { email: "owner@cartwright.test", password: "e2e-owner-password" } as const;

/**
 * Signs the owner in as the console's form does, by the Store API's sign-in with the page's nonce, and opens
 * `path` signed in. The form itself has its journeys (admin-owner-journey, admin-widgets); the others skip its two
 * page loads (the form, then the dashboard it reloads onto). With `path` null no page is opened: for a journey whose
 * next step opens its own console page and checks its heading, which the sign-in form would stand in place of.
 */
export async function signInAsOwner(page: Page, path: string | null = "/admin"): Promise<void> {
  const nonce = (await page.request.get("/api/store/v1/cart")).headers().nonce ?? "";
  const signedIn = await page.request.post("/api/store/v1/account/sign-in", {
    headers: { nonce },
    data: { email: E2E_OWNER.email, password: E2E_OWNER.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  if (path === null) return;
  await page.goto(path);
  await expect(page.locator("#signin-email")).toHaveCount(0);
}

/** Signs the owner in without a page and returns the session's own nonce, for the owner API's writes. */
export async function ownerApiNonce(page: Page): Promise<string> {
  await signInAsOwner(page, null);
  return (await page.request.get("/api/store/v1/cart")).headers().nonce ?? "";
}

/** The demo's Color attribute (DEMO.md) by the owner API: its id and a term's id by its slug. */
export async function colorAttribute(page: Page): Promise<{ id: number; term(slug: string): number | undefined }> {
  const { attributes } = (await (await page.request.get("/api/admin/v1/attributes")).json()) as {
    attributes: { slug: string; id: number; terms: { slug: string; id: number }[] }[];
  };
  const color = attributes.find((a) => a.slug === "color");
  expect(color, "the demo's Color attribute").toBeDefined();
  return { id: color?.id ?? 0, term: (slug) => color?.terms.find((t) => t.slug === slug)?.id };
}
