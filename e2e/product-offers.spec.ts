/**
 * A product page's related products (and upsells, which the console journey in admin-products.spec.ts
 * sets): the listing's cards after the product, their links and add-to-cart with and without
 * JavaScript, axe, and the phone's width.
 */
import { expect, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const related = (page: Page) => page.getByRole("region", { name: "Related products" });

test("the hoodie's page shows four related products whose cards link to them and add to the cart", async ({ page }) => {
  await page.goto("/product/hoodie");
  // The products sharing most of the hoodie's category and tags first (Clothing; winter, cotton).
  await expect(related(page).getByRole("heading", { level: 3 })).toHaveText([
    "Classic T-Shirt",
    "Socks 3-Pack",
    "Beanie",
    "Canvas Tote Bag",
  ]);
  // After the product's own description, and no upsells on the demo's hoodie.
  await expect(page.getByRole("heading", { level: 2, name: "You may also like…" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);

  await related(page).getByRole("link", { name: "Add to cart: “Classic T-Shirt”" }).click();
  // The shop opens the mini-cart after an add; the card then offers the cart.
  const drawer = page.getByRole("dialog", { name: /Your cart/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("Classic T-Shirt")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(related(page).getByRole("link", { name: "View cart" })).toBeVisible();

  await related(page).getByRole("link", { name: "Beanie", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/beanie$/);
  await expect(page.getByRole("heading", { level: 1, name: "Beanie" })).toBeVisible();
  // The beanie's own related products: the winter things and the other accessories.
  await expect(related(page).getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expect(related(page).getByRole("heading", { level: 3, name: "Beanie" })).toHaveCount(0);
});

test("at 390 px the related products fit the screen, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/product/hoodie");
  await expect(related(page).getByRole("heading", { level: 3 })).toHaveCount(4);
  await related(page).scrollIntoViewIfNeeded();
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a related product's add-to-cart link adds it and comes back to the product with a notice", async ({ page }) => {
    await page.goto("/product/hoodie");
    await related(page).getByRole("link", { name: "Add to cart: “Socks 3-Pack”" }).click();
    await expect(page).toHaveURL(/\/product\/hoodie\?added=\d+$/);
    await expect(page.getByRole("status").filter({ hasText: "“Socks 3-Pack” was added to your cart." })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Hoodie" })).toBeVisible();
  });
});
