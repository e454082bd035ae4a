/**
 * The order page's saves as a busy owner meets them: the same order open in two tabs, each changing one field
 * of its billing address, keeps both changes; a save the network drops says so in words and leaves the focus on
 * the button pressed, the form as typed, so pressing it again sends it.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { guestOrderByApi } from "./support/shopper-order.ts";

test("two tabs changing different fields of one address keep both changes", async ({ page, context }) => {
  const { orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  const other = await context.newPage();
  await other.goto(`/admin/orders/${orderId}`);
  for (const tab of [page, other]) {
    await tab.getByRole("button", { name: "Edit the billing address" }).click();
    await expect(tab.getByLabel("Phone")).toBeVisible();
  }

  await page.getByLabel("Phone").fill("555-0199");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("region", { name: "Billing address" }).locator("address")).toContainText("555-0199");
  // The second tab opened before that save: it still shows the old phone, and changes the postcode only.
  await other.getByLabel("Postcode").fill("90002");
  await other.getByRole("button", { name: "Save address" }).click();
  const billing = other.getByRole("region", { name: "Billing address" }).locator("address");
  await expect(billing).toContainText("90002");
  await expect(billing).toContainText("555-0199");

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Billing address" }).locator("address");
  await expect(reloaded).toContainText("90002");
  await expect(reloaded).toContainText("555-0199");
});
