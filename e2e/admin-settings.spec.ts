/**
 * Settings and payment methods in the console (issue 19, decision 0042), without changing the
 * shared shop: axe on both pages, the owner-only nav items, and a refused currency code shown
 * beside its field by keyboard alone. The journey that saves shop-wide changes is
 * in shop-settings.spec.ts, whose journeys run last, one after another.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the settings page shows every section, refuses an unknown currency beside its field, and passes axe", async ({ page }) => {
  await signInAsOwner(page);
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  for (const section of [
    "Store details",
    "Currency",
    "Taxes",
    "Store pages",
    "Notices",
    "Checkout",
    "Countries",
    "Stock",
    "Emails",
    "Consent and attribution",
  ])
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Store notice" })).toHaveValue("Free shipping on US orders over $100");
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard alone: a code no currency has is refused by the server, its message beside the field.
  const code = page.getByRole("textbox", { name: "Currency code" });
  await code.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("XYZ");
  await page.keyboard.press("Enter");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(/Enter a currency's three-letter ISO 4217 code/);
  await expect(page.getByRole("alert").filter({ hasText: "Currency code:" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // An edit left unsaved is not lost by leaving through the console's menu: the page asks, as the editors do.
  await page.getByRole("textbox", { name: "Shop name" }).fill("Renamed but not saved");
  await nav.getByRole("link", { name: "Orders" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("textbox", { name: "Shop name" })).toHaveValue("Renamed but not saved");
  await nav.getByRole("link", { name: "Orders" }).click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});

test("the payments page lists the methods in the checkout's order and passes axe", async ({ page }) => {
  await signInAsOwner(page, "/admin/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payment methods" })).toBeVisible();
  const order = page.getByRole("region", { name: "Order at the checkout" }).getByRole("listitem");
  await expect(order).toHaveCount(5);
  await expect(order.first()).toContainText("Test card");
  await expect(page.getByRole("button", { name: "Move Test card up" })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "IBAN" })).toBeVisible();
  // The demo offers bank transfer with no account set: the owner is told, in the list and beside the account.
  const noAccount = page.getByText("Shoppers who choose this method are asked to pay into your bank account, and no account is set");
  await expect(order.filter({ hasText: "Direct bank transfer" })).toContainText("No bank account");
  await expect(noAccount).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A method's edit left unsaved: leaving asks first, as on the settings page.
  await page.getByRole("textbox", { name: "IBAN" }).fill("GB00 NOT SAVED");
  await expect(noAccount).toHaveCount(0);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toContainText("A payment method has changes that are not saved yet.");
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
});
