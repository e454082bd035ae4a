/**
 * The stock report and the stock notices' settings (decision 0099): the owner follows the dashboard's
 * pointer to the products low in stock, moves between the status tabs by their counts, searches,
 * sorts by stock and opens a product's editor; then switches a notice off and names the notices'
 * recipient in Settings → Stock (put back at the end). Each page is checked with axe. Changes no stock.
 */
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner reads the stock report by status, searches and sorts it, and opens a product's editor", async ({ page }) => {
  await signInAsOwner(page);
  // The demo has products low in stock (Limited Print, unless other journeys bought it out) and out of stock
  // (Discontinued Mug, Hoodie Blue/S, which nobody can buy): the dashboard points to them.
  const pointer = page.getByRole("link", { name: /^\d+ (products? low in stock \/ \d+ out of stock|out of stock)$/ });
  await expect(pointer).toBeVisible();
  await pointer.click();
  await expect(page).toHaveURL(/\/admin\/stock\?status=(low|out)$/);
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Stock by status" });
  await expect(
    tabs.getByRole("link", { name: /^(Low stock|Out of stock) \(\d+\)$/ }).and(page.locator("[aria-current=page]")),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await tabs.getByRole("link", { name: /^Out of stock \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=out/);
  await expect(page.getByRole("link", { name: "Edit Discontinued Mug" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Hoodie (Blue, S)" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Discontinued Mug" })).toContainText("0 units");

  await tabs.getByRole("link", { name: /^All \(\d+\)$/ }).click();
  const search = page.getByRole("searchbox", { name: "Search by name or SKU" });
  await search.fill("hoodie");
  await search.press("Enter");
  await expect(page).toHaveURL(/search=hoodie/);
  const rows = page.getByRole("table").getByRole("link", { name: /^Edit / });
  await expect(rows.first()).toHaveAccessibleName(/^Edit Hoodie/);
  for (const name of await rows.allTextContents()) expect(name).toMatch(/^Hoodie/);

  // Highest stock first, then lowest again.
  await page.getByRole("link", { name: "Stock, lowest first: show highest first" }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(page.getByRole("columnheader", { name: /Stock/ })).toHaveAttribute("aria-sort", "descending");
  expect(await seriousViolations(page)).toEqual([]);

  // A stale link past the last page says where the list ends and links it, keeping the search and the order.
  await page.goto("/admin/stock?search=hoodie&order=desc&page=9");
  await expect(page.getByText("Nothing on page 9: the list ends at page 1.")).toBeVisible();
  await expect(page.getByText("No products here.")).toHaveCount(0);
  await page.getByRole("link", { name: "Page 1 of 1" }).click();
  await expect(page).toHaveURL("/admin/stock?search=hoodie&order=desc");

  await rows.first().click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
});

test("the owner switches a stock notice off and names where stock notices go, in Settings → Stock", async ({ page }) => {
  await signInAsOwner(page, "/admin/settings");
  const low = page.getByRole("checkbox", { name: "E-mail me when an order brings a product down to low stock" });
  const recipient = page.getByRole("textbox", { name: "Send stock e-mails to" });
  await expect(low).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "E-mail me when an order brings a product down to out of stock" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "E-mail me when an order takes more than is in stock (on backorder)" })).toBeChecked();
  const save = page.getByRole("button", { name: "Save stock" });
  try {
    await low.uncheck();
    await recipient.fill("not an address");
    await save.click();
    await expect(recipient).toHaveAccessibleDescription(/Enter the stock notices' recipient as an email address/);
    await recipient.fill("stock@cartwright.test");
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Stock saved." })).toBeVisible();
    await page.reload();
    await expect(low).not.toBeChecked();
    await expect(recipient).toHaveValue("stock@cartwright.test");
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await low.check();
    await recipient.fill("");
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Stock saved." })).toBeVisible();
  }
});
