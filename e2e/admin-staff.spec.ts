/**
 * Staff (issue 18, decision 0032): the owner invites a manager from /admin/staff (the e-mail's
 * error beside its field first); the link in the e-mail (read from the outbox the test server
 * writes) is accepted in a fresh browser; the manager lands in the console, sees Messages but not
 * Coupons, Shipping, Widgets, Forms or Staff, and meets "This page is for the shop owner." on the owner's pages; the
 * owner ends the manager's access after a confirmation. /admin/account lists a manager's sessions
 * and ends the others, and leads to the shop's account page, where the manager's password changes under the staff's
 * 12 characters and the e-mail stays. axe on the three pages; the invitation by keyboard alone.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { linkSentTo, mailedLink } from "./support/outbox.ts";
import { E2E_OWNER, signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const MANAGER_PASSWORD = "manager-e2e-password";

/** The invitation link in an e-mail to this address: its path. */
const INVITE_LINK = /https?:\/\/[^/\s"]+(\/admin\/invite\?token=[A-Za-z0-9_-]{43})/;
const inviteLink = (address: string) => mailedLink(address, "staff-invite", INVITE_LINK);

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });

/** Accepts the invitation in a browser of its own, as a new account; answers the manager's page. */
async function acceptAsNewManager(browser: Browser, link: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Join the shop's staff" })).toBeVisible();
  await expect(page.getByText(`with the email address ${email}`)).toBeVisible();
  await page.getByLabel("First name").fill("Mia");
  await page.getByLabel("Last name").fill("Manager");
  await page.getByLabel("Password", { exact: true }).fill(MANAGER_PASSWORD);
  await page.getByLabel("Password again").fill(MANAGER_PASSWORD);
  await page.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(nav(page)).toBeVisible();
  return page;
}

test("the owner invites a manager, who accepts in another browser and sees only the manager's console", async ({ page, browser }) => {
  const email = `mia-${Date.now()}@staff.test`;
  await signInAsOwner(page, "/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("row", { name: new RegExp(E2E_OWNER.email) })).toContainText("Owner");
  expect(await seriousViolations(page)).toEqual([]);

  // The e-mail's problem is shown beside its field.
  const field = page.getByRole("textbox", { name: "Email address" });
  await field.fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/Enter an email address like name@example.com/);
  await expect(field).toBeFocused();
  // The owner is staff already: the server's message, beside the field too.
  await field.fill(E2E_OWNER.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(field).toHaveAccessibleDescription(/already on the shop's staff/);

  await field.fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toBeVisible();
  await expect(field).toHaveValue("");

  const link = await inviteLink(email);
  const invitePage = await (await browser.newContext()).newPage();
  await invitePage.goto(link);
  await expect(invitePage.getByLabel("Password again")).toBeVisible();
  expect(await seriousViolations(invitePage)).toEqual([]);
  // Two different passwords: the message beside the second.
  await invitePage.getByLabel("Password", { exact: true }).fill(MANAGER_PASSWORD);
  await invitePage.getByLabel("Password again").fill("something-else-entirely");
  await invitePage.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(invitePage.getByLabel("Password again")).toHaveAccessibleDescription(/not the same/);
  await invitePage.context().close();

  const manager = await acceptAsNewManager(browser, link, email);
  await expect(nav(manager).getByRole("link", { name: "Messages" })).toBeVisible();
  for (const hidden of ["Coupons", "Shipping", "Taxes", "Payments", "Settings", "Webhooks", "Widgets", "Forms", "Staff", "API keys"])
    await expect(nav(manager).getByRole("link", { name: hidden })).toHaveCount(0);
  await manager.goto("/admin/widgets");
  await expect(manager.getByRole("heading", { level: 1, name: "This page is for the shop owner." })).toBeVisible();
  await manager.goto("/admin/coupons");
  await expect(manager.getByRole("heading", { level: 1, name: "This page is for the shop owner." })).toBeVisible();
  for (const page of ["/admin/settings", "/admin/payments", "/admin/staff", "/admin/api-keys"]) {
    await manager.goto(page);
    await expect(manager.getByRole("heading", { level: 1, name: "This page is for the shop owner." })).toBeVisible();
  }
  expect(await seriousViolations(manager)).toEqual([]);

  // The link worked once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole("alert")).toContainText("already been accepted");

  // The owner removes the manager, after a confirmation; the manager's console is gone.
  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Manager");
  await row.getByRole("button", { name: `Remove ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${email} from the staff?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Remove manager" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${email} is no longer on the staff.` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
  await manager.goto("/admin/messages");
  await expect(manager.locator("#signin-email")).toBeVisible();
});

/** Sends an invitation from /admin/staff as the owner; answers the link mailed. */
async function invite(page: Page, email: string): Promise<string> {
  await signInAsOwner(page, "/admin/staff");
  await page.getByRole("textbox", { name: "Email address" }).fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  return inviteLink(email);
}

// A manager's own sessions: ending "all others" of the shared owner would sign out journeys running beside this one.
test("a manager sees their sessions on /admin/account and ends the others", async ({ page, browser }) => {
  const email = `sam-${Date.now()}@staff.test`;
  const first = await acceptAsNewManager(browser, await invite(page, email), email);
  const second = await (await browser.newContext()).newPage();
  await second.goto("/admin");
  await second.locator("#signin-email").fill(email);
  await second.locator("#signin-password").fill(MANAGER_PASSWORD);
  await second.locator(".admin-signin__submit").click();
  await nav(second).getByRole("link", { name: "Your account" }).click();
  await expect(second.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(second.getByText(`Signed in as ${email}.`, { exact: false }).first()).toBeVisible();
  await expect(second.getByRole("row", { name: /This device/ })).toHaveCount(1);
  await expect(second.getByRole("button", { name: /^End the session signed in/ })).toHaveCount(1);
  expect(await seriousViolations(second)).toEqual([]);

  await second.getByRole("button", { name: "End all other sessions" }).click();
  await expect(second.getByRole("status").filter({ hasText: "1 other session ended." })).toBeVisible();
  await expect(second.getByRole("button", { name: /^End the session signed in/ })).toHaveCount(0);
  await expect(second.getByText("You are signed in here only.")).toBeVisible();
  await first.goto("/admin/account");
  await expect(first.locator("#signin-email")).toBeVisible();

  // The account's name and password are changed on the shop's account page, under the staff's rules.
  await second.getByRole("link", { name: "Change your name or password" }).click();
  await expect(second.getByRole("heading", { level: 1, name: "Account details" })).toBeVisible();
  // Each form here posts and loads the page afresh: a password typed before React hydrates its field would be lost.
  const hydrated = () => expect.poll(() => second.locator("h1").first().evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await hydrated();
  const details = second.getByRole("region", { name: "Your name and email" });
  await expect(details.getByLabel("Email address")).toHaveAttribute("readonly", "");
  await expect(details.getByText("A staff account keeps the email address the shop gave it.")).toBeVisible();
  await expect(details.getByLabel(/^Current password/)).toHaveCount(0);
  // A refused save keeps what was typed, and the e-mail stays the account's own even if the page's field was altered.
  await details.getByLabel("Email address").evaluate((element) => {
    const field = element as unknown as { readOnly: boolean; value: string };
    field.readOnly = false;
    field.value = "someone-else@staff.test";
  });
  await details.getByLabel("First name").fill("M".repeat(201));
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(second.getByRole("region", { name: "Your name and email" }).getByRole("alert").first()).toBeVisible();
  await expect(second.getByLabel("Email address")).toHaveValue(email);
  await hydrated();
  const password = second.getByRole("region", { name: "Change your password" });
  await expect(password.getByText("At least 12 characters: this password also opens the shop's console.")).toBeVisible();
  expect(await seriousViolations(second)).toEqual([]);
  await password.getByLabel("Current password").fill(MANAGER_PASSWORD);
  await password.getByLabel("New password", { exact: true }).fill("short-pass1");
  await password.getByLabel("Confirm new password").fill("short-pass1");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("alert")).toHaveText("A password that opens the shop's console needs at least 12 characters.");
  await hydrated();
  await password.getByLabel("Current password").fill(MANAGER_PASSWORD);
  await password.getByLabel("New password", { exact: true }).fill("manager-second-password");
  await password.getByLabel("Confirm new password").fill("manager-second-password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(second.getByRole("status")).toHaveText("Your password was changed, and your other devices were signed out.");
  await first.locator("#signin-email").fill(email);
  await first.locator("#signin-password").fill("manager-second-password");
  await first.locator(".admin-signin__submit").click();
  await expect(nav(first)).toBeVisible();
});

test("the keyboard alone sends an invitation and withdraws it", async ({ page }) => {
  const email = `kay-${Date.now()}@staff.test`;
  await signInAsOwner(page, "/admin/staff");
  const field = page.getByRole("textbox", { name: "Email address" });
  await field.focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  const withdraw = page.getByRole("button", { name: `Withdraw the invitation to ${email}` });
  await withdraw.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `The invitation to ${email} was withdrawn.` })).toBeVisible();
  await expect(withdraw).toHaveCount(0);
  expect(linkSentTo(email, "staff-invite", INVITE_LINK)).not.toBeNull();
});
