/**
 * Filtering /shop by attribute terms (decision 0088): the "Filter by" area's plain GET form, the result
 * count, sorting that keeps the filter, taking it away, with and without JavaScript, at 390 px; axe on each.
 * Each attribute's counts follow the other attributes' chosen terms; a term counting 0 is left out unless chosen.
 * The demo Hoodie is the one product with Color (Blue, Red) and Size (S, M, L).
 */
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/shopper-order.ts";

const products = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 2 });
const colour = (page: Page) => page.getByRole("group", { name: "Color" });

test("a shopper filters the shop by Color Red, sorts, and takes the filter away", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.getByRole("group", { name: "Size" }).getByRole("checkbox")).toHaveCount(3);
  const red = colour(page).getByRole("checkbox", { name: "Red (1 product)" });
  await expect(red).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await red.check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/shop\?filter_color=red$/);
  await expect(products(page)).toHaveText(["Hoodie"]);
  await expect(page.getByText("Showing the single product")).toBeVisible();
  await expect(colour(page).getByRole("checkbox", { name: "Red (1 product)" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/\/shop\?filter_color=red&orderby=price-desc$/);
  await expect(products(page)).toHaveText(["Hoodie"]);

  await page.getByRole("link", { name: "Remove filter Color: Red" }).click();
  await expect(page).toHaveURL(/\/shop\?orderby=price-desc$/);
  await expect(page.getByText(/Showing 1–\d+ of \d+ products/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Clear all filters" })).toHaveCount(0);
});

test("each attribute counts under the others' chosen terms, and a chosen term at 0 stays to be unticked", async ({ page }) => {
  // XL is no Size term: it matches nothing, so no Color is offered under it.
  await page.goto("/shop?filter_color=red&filter_size=xl");
  await expect(page.getByText("No products were found matching your selection.")).toBeVisible();
  await expect(colour(page).getByRole("checkbox")).toHaveCount(1);
  const red = colour(page).getByRole("checkbox", { name: "Red (0 products)" });
  await expect(red).toBeChecked();
  // Size leaves out its own filter: under Red the Hoodie still offers S, M and L.
  await expect(page.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: "M (1 product)" })).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Remove filter Color: Red" }).click();
  await expect(page).toHaveURL(/\/shop\?filter_size=xl$/);
  await expect(colour(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Remove filter Size: xl" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(colour(page).getByRole("checkbox")).toHaveCount(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and its links work as a plain GET form", async ({ page }) => {
    await page.goto("/shop?orderby=price");
    await colour(page).getByRole("checkbox", { name: "Blue (1 product)" }).check();
    await page.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: "M (1 product)" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/shop\?orderby=price&filter_color=blue&filter_size=m$/);
    await expect(products(page)).toHaveText(["Hoodie"]);
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/shop\?orderby=price$/);
  });
});

test("at 390 px the filters fold behind Filter by and the page keeps to the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop");
  const red = colour(page).getByRole("checkbox", { name: "Red (1 product)" });
  await expect(red).toBeHidden();
  await page.getByText("Filter by").click();
  await red.check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(products(page)).toHaveText(["Hoodie"]);
  // Chosen filters keep the area open, and each can be taken away.
  await expect(colour(page).getByRole("checkbox", { name: "Red (1 product)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove filter Color: Red" })).toBeVisible();
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
