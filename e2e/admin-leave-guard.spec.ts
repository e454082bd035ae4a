/**
 * Leaving a console editor with unsaved changes asks first (the console's LeaveGuard): the coupon
 * form, Add order and the customer form each ask when a console link is followed; Cancel keeps what
 * was typed, Leave goes. A new coupon saved opens its page without asking, and is left freely. Another tax
 * class's tab asks the same way when a rate of the one shown has changes not saved.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";

const nav = (page: Page) => page.getByRole("navigation", { name: "Console" });
const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

/** Follows the console's link to `to` from an editor holding `field`'s typed `value`: asked, stays on Cancel, goes on Leave. */
async function leaveAsked(page: Page, field: Locator, value: string, to: string, url: RegExp) {
  await nav(page).getByRole("link", { name: to }).click();
  const leave = leaveDialog(page);
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(url);
  await expect(field).toHaveValue(value);

  await nav(page).getByRole("link", { name: to }).click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page.getByRole("heading", { level: 1, name: to })).toBeVisible();
}

test("the coupon, new order and customer editors ask before leaving with unsaved changes", async ({ page }) => {
  await signInAsOwner(page, "/admin/coupons/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add coupon" })).toBeVisible();
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  // Nothing typed yet: a console link goes without asking.
  await nav(page).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Add coupon" })).toBeVisible();
  const code = page.getByRole("textbox", { name: "Code" });
  await code.fill("NOTSAVED");
  await leaveAsked(page, code, "NOTSAVED", "Orders", /\/admin\/coupons\/new$/);

  await page.getByRole("link", { name: "Add order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add order" })).toBeVisible();
  const note = page.getByRole("textbox", { name: "Customer's note" });
  await note.fill("Call before delivery");
  await leaveAsked(page, note, "Call before delivery", "Customers", /\/admin\/orders\/new$/);

  await page.getByRole("link", { name: "Add customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add customer" })).toBeVisible();
  const email = page.getByRole("group", { name: "Account" }).getByLabel("Email", { exact: true });
  await email.fill("not-saved@example.com");
  await leaveAsked(page, email, "not-saved@example.com", "Coupons", /\/admin\/customers\/new$/);
});

test("a new coupon saved opens its page without asking, and its page is left freely", async ({ page }) => {
  const code = `leave${Date.now()}`;
  await signInAsOwner(page, "/admin/coupons/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add coupon" })).toBeVisible();
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Percentage off" }).fill("5");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page.getByText("Unsaved changes", { exact: true })).toHaveCount(0);
  await nav(page).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(leaveDialog(page)).toHaveCount(0);
});

test("another tax class's tab asks first when a rate of this one has changes not saved", async ({ page }) => {
  await signInAsOwner(page, "/admin/taxes");
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  const standard = page.getByRole("tab", { name: "Standard rate" });
  const reduced = page.getByRole("tab", { name: "Reduced rate" });
  // Nothing typed yet: the tabs change freely.
  await reduced.click();
  await expect(reduced).toHaveAttribute("aria-selected", "true");
  await standard.click();
  await expect(standard).toHaveAttribute("aria-selected", "true");

  const name = page.getByRole("textbox", { name: "Name of CA Tax" });
  await name.fill("CA Tax (not saved)");
  await reduced.click();
  const leave = leaveDialog(page);
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(standard).toHaveAttribute("aria-selected", "true");
  await expect(standard).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Name of CA Tax" })).toHaveValue("CA Tax (not saved)");

  await reduced.click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(reduced).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Reduced rate" })).toBeVisible();
  // What was typed went with the tab: the stored rate is as it was.
  await standard.click();
  await expect(page.getByRole("textbox", { name: "Name of CA Tax" })).toHaveValue("CA Tax");
});
