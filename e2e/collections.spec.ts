/**
 * A product collection's page (decision 0087): the demo-collections extension, which the journeys'
 * server loads (playwright.config.ts EXTENSIONS), lists accessories under $30 three a page.
 */
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/shopper-order.ts";

const PATH = "/collection/small-accessories";
const products = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 2 });

test("the collection lists its products by price, three a page, and pages on", async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Accessories under $30" })).toBeVisible();
  await expect(page.getByText("Small things that finish an outfit")).toBeVisible();
  await expect(products(page)).toHaveText(["Canvas Tote Bag", "Beanie", "Baseball Cap"]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${PATH}?page=2`);
  await expect(products(page)).toHaveText(["Wool Scarf"]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("at 390 px the collection fits the screen, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PATH);
  await expect(products(page)).toHaveCount(3);
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
});
