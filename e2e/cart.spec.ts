/** The cart page: quantity limits, sold-individually lines, coupons, removal and the empty state. */
import { expect, type Page, test } from "@playwright/test";

async function addFromProductPage(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
}

test("Socks 3-Pack steps by 2 between its limits of 2 and 12", async ({ page }) => {
  await addFromProductPage(page, "socks-3-pack");
  await page.goto("/cart");
  await expect(page.getByRole("table", { name: "Products in cart" })).toBeVisible();
  const minus = page.getByRole("button", { name: "Reduce quantity of Socks 3-Pack" });
  const plus = page.getByRole("button", { name: "Increase quantity of Socks 3-Pack" });
  const quantity = page.getByLabel("Quantity of Socks 3-Pack in your cart");
  await expect(quantity).toHaveValue("2");
  await expect(minus).toBeDisabled();
  await plus.click();
  await expect(quantity).toHaveValue("4");
  await expect(minus).toBeEnabled();
  await quantity.fill("12");
  await expect(plus).toBeDisabled();
  await expect(page.getByText("$144.00").first()).toBeVisible();
});

test("a sold-individually line has no quantity selector; removing the last line empties the cart", async ({ page }) => {
  await addFromProductPage(page, "signed-book");
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Signed Book" })).toBeVisible();
  await expect(page.getByLabel("Quantity of Signed Book in your cart")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove Signed Book from cart" }).click();
  await expect(page.getByText("Your cart is currently empty!")).toBeVisible();
});

test("SAVE10 is applied and removed; EXPIRED shows its error under the field", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt");
  await page.goto("/cart");
  await page.getByRole("button", { name: "Add coupons" }).click();
  const code = page.getByLabel("Enter code");
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(apply).toBeDisabled();
  await code.fill("EXPIRED");
  await apply.click();
  await expect(page.locator("#validate-error-coupon")).toContainText("expired");
  await code.fill("SAVE10");
  await apply.click();
  await expect(page.getByText('Coupon code "SAVE10" has been applied to your cart.')).toBeVisible();
  await expect(page.getByText("Discount")).toBeVisible();
  await expect(page.getByText("-$2.00")).toBeVisible();
  await page.getByRole("button", { name: 'Remove coupon "save10"' }).click();
  await expect(page.getByText('Coupon code "save10" has been removed from your cart.')).toBeVisible();
  await expect(page.getByText("Discount")).toHaveCount(0);
  await expect(page.getByText("Estimated total")).toBeVisible();
  await expect(page.getByText("Shipping will be calculated at checkout")).toBeVisible();
});
