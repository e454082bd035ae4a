/**
 * Saving a console editor by keyboard keeps the focus on its Save button: the button was disabled
 * while the save ran, which dropped the focus to the top of the page, so the owner's next Tab
 * started again at the skip link.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";

test("the coupon editor saved with Enter on its button keeps the focus there", async ({ page }) => {
  const code = `focus${Date.now()}`;
  await signInAsOwner(page, "/admin/coupons/new");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("textbox", { name: "Percentage off" }).fill("5");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();

  const description = page.getByRole("textbox", { name: /^Description/ });
  await description.fill("Kept by keyboard");
  const save = page.getByRole("button", { name: "Save coupon" });
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Coupon saved.")).toBeVisible();
  await expect(save).toBeFocused();
  // The next Tab goes on from Save, not from the page's top.
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).not.toBeFocused();
  await page.reload();
  await expect(description).toHaveValue("Kept by keyboard");
});
