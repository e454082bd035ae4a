/**
 * The cart's prices shown with tax (decision 0141): the owner ticks "Show prices with tax in the cart and checkout"
 * in the console's Taxes section; a shopper's mini-cart then says "(incl. tax)" after its amount (prices are entered
 * without tax), and the cart's and the checkout's totals have no Taxes row but say "Including $1.67 in taxes" under
 * the total, and a shipping rate not chosen shows its price with the tax it would add. The setting is put back at the end. It changes what every shopper sees, so it runs with the
 * shop-settings journeys, one at a time, on their own shop.
 */
import { expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

async function showCartPricesWithTax(page: Page, on: boolean) {
  await page.goto("/admin/settings");
  const box = page.getByRole("checkbox", { name: "Show prices with tax in the cart and checkout" });
  await box.setChecked(on);
  await page.getByRole("button", { name: "Save taxes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Taxes saved." })).toBeVisible();
}

test("with the cart's prices shown with tax, the mini-cart labels its amount and the totals say the tax", async ({ page, browser }) => {
  await signInAsOwner(page, "/admin/settings");
  await showCartPricesWithTax(page, true);
  try {
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto("/shop");
    // An empty cart has no label.
    await expect(shopper.getByRole("button", { name: "0 items in cart, total price of $0.00" })).toBeVisible();
    await expect(shopper.locator(".mini-cart__tax-label")).toHaveCount(0);

    await addToCart(shopper, "beanie", "Beanie");
    const miniCart = shopper.getByRole("button", { name: "1 item in cart, total price of $19.31" });
    await expect(miniCart).toContainText("$19.31 (incl. tax)");

    // $18.00 and $5.00 of shipping at California's 7.25 %: $1.67 of tax in $24.67.
    await shopper.goto("/cart");
    const totals = shopper.locator(".totals");
    await expect(totals.locator(".totals__item--total")).toContainText("$24.67");
    await expect(totals.locator(".totals__item--total")).toContainText("Including $1.67 in taxes");
    await expect(totals.getByText("Taxes", { exact: true })).toHaveCount(0);
    expect(await seriousViolations(shopper)).toEqual([]);

    await openCheckout(shopper);
    const checkoutTotal = shopper.locator(".totals__item--total");
    await expect(checkoutTotal).toContainText("$24.67");
    await expect(checkoutTotal).toContainText("Including $1.67 in taxes");
    await expect(shopper.locator(".totals").getByText("Taxes", { exact: true })).toHaveCount(0);

    // Over $100 a US cart may ship free; with free shipping chosen, the flat rate still shows its $5.00 with the
    // $0.36 it would add in tax (decision 0144), the price it comes to once picked.
    await addToCart(shopper, "classic-t-shirt", "Classic T-Shirt", 5);
    await openCheckout(shopper);
    await fillUsAddress(shopper, "rates-with-tax@example.com");
    await shopper.getByRole("radio", { name: /Free shipping/ }).click();
    await expect(shopper.locator(".totals__item--shipping .totals__value")).toHaveText("Free");
    await expect(shopper.locator("label.radio-option", { hasText: "Flat rate" })).toContainText("$5.36");
    await shopper.getByRole("radio", { name: /Flat rate/ }).click();
    await expect(shopper.locator(".totals__item--shipping .totals__value")).toContainText("$5.36");
    await shopperContext.close();
  } finally {
    await showCartPricesWithTax(page, false);
  }
});
