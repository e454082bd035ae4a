/**
 * A console call the network drops says so in the console's words ("The shop could not be reached…"), never the
 * browser's "TypeError: Failed to fetch": a key made on the API keys page, a product file checked, a bulk status change on the orders list. The
 * button pressed keeps the keyboard's focus while its call runs and after it fails.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { guestOrderByApi } from "./support/shopper-order.ts";

const unreachable = "The shop could not be reached. Check your connection and try again.";

test("a key made while the network is down says the shop could not be reached, and is made once it is back", async ({ page }) => {
  await signInAsOwner(page, "/admin/api-keys");
  const description = `Offline app ${Date.now()}`;
  await page.getByRole("textbox", { name: "Description" }).fill(description);
  await page.route("**/api/admin/v1/api-keys", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByRole("button", { name: "Make key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: unreachable })).toBeVisible();
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
  await page.unroute("**/api/admin/v1/api-keys");
  await page.getByRole("button", { name: "Make key" }).click();
  await expect(page.getByRole("region", { name: new RegExp(`Copy the secret now: ${description}`) })).toBeVisible();
});

test("a product file checked while the network is down says the file could not be sent, not the browser's words", async ({ page }) => {
  await signInAsOwner(page, "/admin/products/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Regular price\nMug,9.00\n") });
  await page.route("**/api/admin/v1/products/import**", (route) => route.abort());
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file could not be sent. Try again." })).toBeVisible();
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
});

test("a bulk status change the network drops says why, keeps the focus, and once made puts the focus on the list's count", async ({
  page,
}) => {
  const { email, orderId } = await guestOrderByApi(page.request);
  await signInAsOwner(page, `/admin/orders?search=${encodeURIComponent(email)}`);
  await page.getByRole("checkbox", { name: `Select order #${orderId}` }).check();
  await page.route("**/api/admin/v1/orders/bulk/status", (route) => route.abort());
  const complete = page.getByRole("button", { name: "Mark completed" });
  await complete.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: `The orders were not changed: ${unreachable}` })).toBeVisible();
  // The button pressed keeps the focus (aria-disabled while the call ran, not disabled), so Enter tries again.
  await expect(complete).toBeFocused();
  await page.unroute("**/api/admin/v1/orders/bulk/status");
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 order marked completed.").first()).toBeAttached();
  // Nothing is left selected and the buttons are off: the focus goes to the list's count, not the top of the page.
  await expect(page.locator("#orders-count")).toBeFocused();
});
