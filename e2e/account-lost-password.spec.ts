/**
 * "Lost your password?" in Chromium: a shopper registers and signs out, follows the link from the
 * sign-in form, asks for a reset link, opens the link the e-mail carries (read from the outbox the
 * test server writes), chooses a new password (a weak one first, refused beside the field) and is
 * signed in; signs out and in again with the new password. The used link then shows its message
 * and "Ask for a new link". axe on both pages.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { mailedLink } from "./support/outbox.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const FIRST_PASSWORD = "lost-first-password-2026";
const NEW_PASSWORD = "found-Second-password-2026!";

/** The reset link's path in the e-mail sent to this address. */
const resetLink = (address: string) =>
  mailedLink(address, "password-reset", /https?:\/\/[^/\s"]+(\/my-account\/reset-password\?key=[A-Za-z0-9_-]{43})/);

/** The password field is React's (show/hide, the meter): typing before hydration would be lost. */
async function hydrated(field: Locator) {
  await expect.poll(() => field.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/my-account");
  const form = page.getByRole("region", { name: "Sign in" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

test("a shopper who lost their password chooses a new one through the emailed link", async ({ page, browser }) => {
  const email = `lost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/my-account");
  const register = page.getByRole("region", { name: "Create an account" });
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password").fill(FIRST_PASSWORD);
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You have signed out.");

  // From the sign-in form to the lost-password page.
  await page.getByRole("region", { name: "Sign in" }).getByRole("link", { name: "Lost your password?" }).click();
  await expect(page).toHaveURL(/\/my-account\/lost-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lost password" })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Email address" });
  await expect(field).toHaveAttribute("type", "email");
  await expect(field).toHaveAttribute("autocomplete", "email");
  expect(await seriousViolations(page)).toEqual([]);

  // A malformed address: the server's message beside the field.
  await field.fill("not-an-address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(field).toHaveAccessibleDescription((await page.getByRole("alert").textContent()) ?? "");
  expect(await seriousViolations(page)).toEqual([]);

  await field.fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `If an account uses ${email}, a link to choose a new password is on its way. It works once, for one hour.`,
  );
  await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/my-account");

  // The e-mail's link, opened as the shopper would (the same browser, signed out).
  const link = await resetLink(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const password = page.getByLabel("New password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  expect(await seriousViolations(page)).toEqual([]);

  // Show/hide and the strength meter, as at registration.
  await hydrated(password);
  await password.fill("short");
  await expect(page.getByText(/^Password strength: /)).toBeVisible();
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // Too short: refused beside the field, the form kept.
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please choose a password of at least 8 characters.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/Please choose a password of at least 8 characters\./);
  expect(await seriousViolations(page)).toEqual([]);

  await hydrated(password);
  await password.fill(NEW_PASSWORD);
  await expect(page.getByText(/^Password strength: /)).toBeVisible();
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/my-account\?password-reset$/);
  await expect(page.getByRole("status")).toHaveText("Your password has been changed, and you are signed in.");
  await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();

  // Out, then in with the new password.
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  await signIn(page, email, FIRST_PASSWORD);
  await expect(page.getByRole("region", { name: "Sign in" }).getByRole("alert")).toHaveText("The email address or password is incorrect.");
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();

  // The link worked once: now its message, and the way to ask for another.
  const later = await (await browser.newContext()).newPage();
  await later.goto(link);
  await expect(later.getByRole("alert")).toHaveText("This password reset link has been used already. Ask for a new one.");
  await expect(later.getByLabel("New password", { exact: true })).toHaveCount(0);
  expect(await seriousViolations(later)).toEqual([]);
  await later.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(later.getByRole("heading", { level: 1, name: "Lost password" })).toBeVisible();
  await later.context().close();
});
