/**
 * Coupons in the console (issue 19, decision 0040): the owner creates a coupon by keyboard alone
 * (a code already taken is refused beside its field first), a shopper in another browser applies it
 * at the cart and sees the discount; the owner sets its last day in the past and the shopper's next
 * apply is refused with the spec's message. axe on the list, the new and the coupon's page.
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, isHydrated } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

async function openCart(page: Page) {
  await page.goto("/cart");
  await expect.poll(() => page.locator(".cart-page h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
}

async function applyCoupon(page: Page, code: string) {
  await page.getByRole("button", { name: "Add coupons" }).click();
  await page.getByLabel("Enter code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

const discountRow = (page: Page) => page.locator(".totals__item").filter({ has: page.getByText("Discount", { exact: true }) });

test("the owner makes a coupon by keyboard, a shopper uses it, and it is refused once expired", async ({ page, browser }) => {
  const code = `spring${Date.now()}`;
  await signInAsOwner(page, "/admin/coupons");
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Coupons" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("row", { name: /save10/ })).toBeVisible();
  // The tab showing is marked for the eye too, not only for a screen reader.
  const all = page.getByRole("link", { name: "All", exact: true });
  await expect(all).toHaveAttribute("aria-current", "page");
  await expect(all).toHaveCSS("font-weight", "700");
  // The demo's free-shipping coupon reads as that, with nothing off.
  await expect(
    page
      .getByRole("row", { name: /freeship/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("Free shipping");
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard alone from here to the saved coupon.
  await page.getByRole("link", { name: "Add coupon" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Add coupon" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const codeField = page.getByRole("textbox", { name: "Code" });
  await codeField.focus();
  await page.keyboard.type("SAVE10");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: "Type" })).toBeFocused();
  await page.keyboard.press("Tab");
  const amount = page.getByRole("textbox", { name: "Percentage off" });
  await expect(amount).toBeFocused();
  await page.keyboard.type("25");
  await page.keyboard.press("Enter");
  // The server's refusal, beside the code.
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expect(codeField).toHaveAccessibleDescription(/A coupon with the code "save10" already exists\./);
  await codeField.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Coupon created." })).toBeVisible();
  await expect(page.getByText("No order has used it yet.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A shopper in a browser of their own.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await addToCart(shopper, "classic-t-shirt", "Classic T-Shirt");
  await openCart(shopper);
  await applyCoupon(shopper, code.toUpperCase());
  await expect(shopper.getByText(`Coupon code "${code.toUpperCase()}" has been applied to your cart.`)).toBeVisible();
  await expect(discountRow(shopper)).toContainText("-$5.00");

  // The owner lets it expire: its last day is in the past.
  await page.getByLabel("Last day it works").fill("2020-01-01");
  await page.getByRole("button", { name: "Save coupon" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Coupon saved." })).toBeVisible();

  await openCart(shopper);
  await expect(discountRow(shopper)).toHaveCount(0);
  await applyCoupon(shopper, code);
  await expect(shopper.locator("#validate-error-coupon")).toHaveText(`Coupon "${code}" has expired.`);
  await shopperContext.close();

  await page.goto(`/admin/coupons?search=${code}`);
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Expired");
  await expect(row).toContainText("25 %");
});

test("a coupon is deleted after a confirmation, and a wrong amount is shown beside its field", async ({ page }) => {
  const code = `gone${Date.now()}`;
  await signInAsOwner(page, "/admin/coupons/new");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  const amount = page.getByRole("textbox", { name: "Percentage off" });
  await amount.fill("150");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(amount).toHaveAccessibleDescription(/A percentage is at most 100 %/);
  await amount.fill("15");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();

  await page.getByRole("button", { name: "Delete coupon" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete coupon ${code}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
  await page.goto(`/admin/coupons?search=${code}`);
  await expect(page.getByText("No coupon matches this search.")).toBeVisible();
});
