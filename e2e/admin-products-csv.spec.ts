/**
 * The product CSV in the console (issue 19, decision 0046), by keyboard alone: the owner exports
 * the catalogue from the product list, checks a file that adds a product and changes a price
 * (the dry run's counts), imports it and sees both in the shop; the new product exported and
 * imported again is counted unchanged and not written; a file with a bad row shows the row's
 * line and column and changes nothing. axe on the list and the import page in each state.
 * Runs in the catalogue project (it publishes a product), and deletes and restores what it changed.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { fileChooserByKeyboard } from "./support/catalogue.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

interface Summary {
  id: number;
  name: string;
  slug: string;
  sku: string;
  type: string;
  regular_price: number | null;
  sale_price: number | null;
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** Chooses a file for the file input by focusing it and pressing Space, as a keyboard user opens the file picker. */
async function chooseFile(page: Page, input: Locator, name: string, text: string) {
  // A file picker opens only for the page in front (the shopper's pages are closed by then: asShopper).
  await page.bringToFront();
  await input.focus();
  await expect(input).toBeFocused();
  await (await fileChooserByKeyboard(page)).setFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
}

/** Opens the shop as a new visitor in its own context, and closes it after: the owner's page stays the only one open. */
async function asShopper(browser: Browser, visit: (shopper: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

test("the owner exports the catalogue, imports a new product and a new price, and sees a bad row's line", async ({ page, browser }) => {
  // A long journey (three files, the shop between them, then restoring): more than 30 s on a busy machine.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `CSV Lamp ${stamp}`;
  await signInAsOwner(page, null);
  const list = (await (await page.request.get("/api/admin/v1/products?per_page=100&type=simple")).json()) as { products: Summary[] };
  // A demo product no other journey prices, sold at its regular price.
  const changed =
    list.products.find((p) => p.sku && p.sale_price === null && p.regular_price !== null && p.slug === "sketchbook") ??
    (list.products.find(
      (p) => p.sku && p.sale_price === null && p.regular_price !== null && !["beanie", "yoga-mat"].includes(p.slug),
    ) as Summary);
  const originalPrice = changed.regular_price as number;
  const newPrice = originalPrice + 500;

  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Export by keyboard: the whole catalogue, drafts too.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await exportLink.focus();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const file = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const exported = readFileSync(file, "utf8");
  expect(exported.startsWith("\uFEFFID,Type,SKU,Name,Slug,Published")).toBe(true);
  expect(exported).toContain(`,${changed.sku},${changed.name},${changed.slug},`);

  // To the import page by keyboard.
  await page.getByRole("link", { name: "Import CSV" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const good = [
    "Type,SKU,Name,Published,Regular price,Categories",
    `simple,CSV-LAMP-${stamp},${name},1,19.90,CSV Lighting ${stamp} > Desk lamps ${stamp}`,
    `simple,${changed.sku},${changed.name},1,${decimal(newPrice)},`,
  ].join("\r\n");
  const fileInput = page.getByLabel("CSV file");
  await chooseFile(page, fileInput, "catalogue.csv", good);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check file" })).toBeFocused();
  await page.keyboard.press("Enter");
  const result = page.getByRole("heading", { level: 2, name: "What the import will do" });
  await expect(result).toBeFocused();
  await expect(page.getByText("1 new product", { exact: true })).toBeVisible();
  await expect(page.getByText("1 changed product", { exact: true })).toBeVisible();
  await expect(page.getByText(`New categories: CSV Lighting ${stamp}, CSV Lighting ${stamp} > Desk lamps ${stamp}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is written by the check.
  await asShopper(browser, async (shopper) => {
    expect((await shopper.goto(`/product/csv-lamp-${stamp}`))?.status()).toBe(404);
  });

  await page.getByRole("button", { name: "Import", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Imported" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // The shop shows both on the next request.
  await asShopper(browser, async (shopper) => {
    await shopper.goto(`/product/csv-lamp-${stamp}`);
    await expect(shopper.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(shopper.getByText("$19.90").first()).toBeVisible();
    await shopper.goto(`/product/${changed.slug}`);
    await expect(shopper.getByText(`$${decimal(newPrice)}`).first()).toBeVisible();
  });

  // The new product exported from the list's search and imported again: unchanged, and not written.
  const listed = async () =>
    ((await (await page.request.get(`/api/admin/v1/products?search=${stamp}`)).json()) as { products: { updated_at: string }[] }).products;
  const [imported] = await listed();
  await page.goto(`/admin/products?search=${stamp}`);
  await page.getByRole("link", { name: "Export CSV" }).focus();
  const again = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const lampFile = readFileSync(await (await again).path(), "utf8");
  expect(lampFile).toContain(`,CSV-LAMP-${stamp},${name},`);
  await page.getByRole("link", { name: "Import CSV" }).focus();
  await page.keyboard.press("Enter");
  await chooseFile(page, fileInput, "lamp.csv", lampFile);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(result).toBeFocused();
  await expect(page.getByText("0 changed products", { exact: true })).toBeVisible();
  await expect(page.getByText("1 unchanged product", { exact: true })).toBeVisible();
  await expect(page.getByText("importing this file changes nothing")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Import", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Imported" })).toBeFocused();
  await expect(page.getByText("1 unchanged product", { exact: true })).toBeVisible();
  expect(await listed()).toEqual([imported]);

  // A bad row: its line (a description over two lines moves it to line 4) and column, and nothing changed.
  const bad = ["Name,Description,Regular price", `Good ${stamp},"two`, `lines",5.00`, `Bad ${stamp},,"1,234"`].join("\r\n");
  await chooseFile(page, fileInput, "bad.csv", bad);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "1 problem in the file: nothing was imported" })).toBeFocused();
  const problem = page.getByRole("row", { name: /^4 Regular price/ });
  await expect(problem).toContainText("ambiguous");
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await asShopper(browser, async (shopper) => {
    expect((await shopper.goto(`/shop?s=${encodeURIComponent(`Good ${stamp}`)}`))?.status()).toBe(200);
    await expect(shopper.getByText("No products were found matching your selection.")).toBeVisible();
  });

  // Restored: the demo price back (by import, as it was changed), the new product deleted.
  await chooseFile(page, fileInput, "restore.csv", `SKU,Regular price\r\n${changed.sku},${decimal(originalPrice)}\r\n`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 changed product", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Imported" })).toBeVisible();
  await page.goto(`/admin/products?search=${stamp}`);
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name })
    .click();
  await page.getByRole("button", { name: "Delete product" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  for (const category of [`Desk lamps ${stamp}`, `CSV Lighting ${stamp}`]) {
    await page.goto("/admin/categories");
    await page.getByRole("link", { name: category, exact: true }).click();
    await page.getByRole("button", { name: "Delete category" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
  }
  await asShopper(browser, async (shopper) => {
    await shopper.goto(`/product/${changed.slug}`);
    await expect(shopper.getByText(`$${decimal(originalPrice)}`).first()).toBeVisible();
  });
});
