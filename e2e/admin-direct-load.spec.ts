/**
 * A console page opened directly (a bookmark, a reload) whose first call to the owner API is a
 * write: the import page's "Check file" is a POST, and with no earlier reply to take a nonce
 * from it was refused with "Missing the Nonce header". The console's frame gives its client the
 * page's nonce, so the check answers with the file's own problems.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";

test("the import page opened by its address checks a file at once, showing a bad row's line", async ({ page }) => {
  await signInAsOwner(page, "/admin/products/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  const file = ["Name,Regular price", `Direct ${Date.now()},five`].join("\r\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "direct.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "1 problem in the file: nothing was imported" })).toBeVisible();
  await expect(page.getByRole("row", { name: /^2 Regular price/ })).toBeVisible();
  await expect(page.getByText(/Nonce/)).toHaveCount(0);
});
