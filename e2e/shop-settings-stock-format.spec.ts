/**
 * Decision 0153 amended: the owner chooses in Settings → Stock how the product page shows a tracked quantity, by
 * keyboard alone, and a shopper's product page follows on its next load. Runs with the other settings journeys,
 * and puts the setting back.
 */
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsOwner } from "./support/owner.ts";
import { shopDatabaseFile } from "./support/shop-data.ts";
import { seriousViolations, tabTo } from "./support/shopper-order.ts";

async function chooseFormat(page: Page, label: string) {
  const format = page.getByRole("combobox", { name: "Quantity on the product page" });
  await format.focus();
  await page.keyboard.press("Home");
  while (!(await format.locator("option:checked").textContent())?.startsWith(label)) await page.keyboard.press("ArrowDown");
  await tabTo(page, "Save stock");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Stock saved." })).toBeVisible();
}

async function stockLine(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  return page.locator("p.stock").textContent();
}

test("the owner hides the product page's quantities, then shows them only when low, and a shopper's page follows", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const db = new Database(shopDatabaseFile());
  const stored = (db.prepare("select value from settings where key = 'stockFormat'").get() as { value: string } | undefined)?.value;
  const shopper = await browser.newPage();
  try {
    await signInAsOwner(page, "/admin/settings");
    const format = page.getByRole("combobox", { name: "Quantity on the product page" });
    // The default keeps every count: "100 in stock".
    await expect(format).toHaveValue("always");
    await expect(format).toHaveAccessibleDescription(/Hidden quantities are left out of the page altogether/);
    await expect.poll(() => stockLine(shopper, "classic-t-shirt")).toBe("100 in stock");

    await chooseFormat(page, "Never show it");
    await expect(format).toHaveValue("never");
    await expect.poll(() => stockLine(shopper, "classic-t-shirt")).toBe("In stock");
    await expect.poll(() => stockLine(shopper, "limited-print")).toBe("In stock");
    expect(await seriousViolations(page)).toEqual([]);

    await chooseFormat(page, "Only when stock is low");
    await page.reload();
    await expect(format).toHaveValue("when_low");
    await expect.poll(() => stockLine(shopper, "classic-t-shirt")).toBe("In stock");
    await expect.poll(() => stockLine(shopper, "limited-print")).toBe("Only 3 left in stock");
    expect(await seriousViolations(shopper)).toEqual([]);

    await chooseFormat(page, "Always show it");
    await expect.poll(() => stockLine(shopper, "classic-t-shirt")).toBe("100 in stock");
  } finally {
    if (stored === undefined) db.prepare("delete from settings where key = 'stockFormat'").run();
    else db.prepare("update settings set value = ? where key = 'stockFormat'").run(stored);
    db.close();
    await shopper.close();
  }
});
