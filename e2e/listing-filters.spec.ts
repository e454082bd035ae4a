/**
 * The "Filter by" area on a category page and a collection page (decisions 0088, 0091): a shopper ticks a term,
 * applies, sees the page narrowed with the term active, and takes it away; with and without JavaScript, at 390 px,
 * axe on each. The demo Hoodie is the one product with Color (Blue, Red) and Size (S, M, L); the collection
 * "Warm layers" (e2e/support/filter-collections.ts) lists clothes from $30: Denim Jacket, Hoodie, Linen Shirt.
 */
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/shopper-order.ts";

const products = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 2 });
const group = (page: Page, name: string) => page.getByRole("group", { name });

test("a shopper filters the Clothing category by Color Red and takes the filter away", async ({ page }) => {
  await page.goto("/product-category/clothing");
  await expect(page.getByRole("heading", { level: 1, name: "Clothing" })).toBeVisible();
  await expect(products(page)).toHaveCount(5);
  const red = group(page, "Color").getByRole("checkbox", { name: "Red (1 product)" });
  await expect(red).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await red.check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing\?filter_color=red$/);
  await expect(products(page)).toHaveText(["Hoodie"]);
  await expect(group(page, "Color").getByRole("checkbox", { name: "Red (1 product)" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Remove filter Color: Red" }).click();
  await expect(page).toHaveURL(/\/product-category\/clothing$/);
  await expect(products(page)).toHaveCount(5);
});

test("a shopper filters a collection by Size M, keeps to the collection, and clears the filters", async ({ page }) => {
  await page.goto("/collection/warm-layers");
  await expect(page.getByRole("heading", { level: 1, name: "Warm layers" })).toBeVisible();
  await expect(products(page)).toHaveText(["Denim Jacket", "Hoodie", "Linen Shirt"]);
  await expect(group(page, "Size").getByRole("checkbox")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await group(page, "Size").getByRole("checkbox", { name: "M (1 product)" }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/collection\/warm-layers\?filter_size=m$/);
  await expect(products(page)).toHaveText(["Hoodie"]);
  await expect(page.getByText("Showing the single product")).toBeVisible();
  await expect(group(page, "Size").getByRole("checkbox", { name: "M (1 product)" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/collection\/warm-layers$/);
  await expect(products(page)).toHaveText(["Denim Jacket", "Hoodie", "Linen Shirt"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a collection's filter form works as a plain GET form", async ({ page }) => {
    await page.goto("/collection/warm-layers");
    await group(page, "Color").getByRole("checkbox", { name: "Blue (1 product)" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/collection\/warm-layers\?filter_color=blue$/);
    await expect(products(page)).toHaveText(["Hoodie"]);
    await page.getByRole("link", { name: "Remove filter Color: Blue" }).click();
    await expect(page).toHaveURL(/\/collection\/warm-layers$/);
    await expect(products(page)).toHaveCount(3);
  });
});

test("at 390 px a collection's filters fold behind Filter by and the page keeps to the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/collection/warm-layers");
  const size = group(page, "Size");
  await expect(size).toBeHidden();
  await page.getByText("Filter by", { exact: true }).click();
  await expect(size).toBeVisible();
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
