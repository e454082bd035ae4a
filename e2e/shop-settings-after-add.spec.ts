/**
 * The shop's after-add setting (spec §4 "Add-to-cart button"): the owner chooses "Go to the cart" in
 * the console's store details, and a shopper's add from the listing and from a product page lands on
 * the cart page. The setting is put back at the end. It changes what every shopper meets, so it runs
 * with the shop-settings journeys, one at a time, on their own shop.
 */
import { expect, type Page, test } from "@playwright/test";
import { isHydrated } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";

async function chooseAfterAdd(page: Page, behaviour: "Go to the cart" | "Open the mini-cart") {
  await page.goto("/admin/settings");
  await page.getByRole("combobox", { name: "After adding to the cart" }).selectOption({ label: behaviour });
  await page.getByRole("button", { name: "Save store details" }).click();
  await expect(page.getByText("Store details saved.")).toBeVisible();
}

test("with the owner's “Go to the cart” chosen, a shopper's add goes to the cart page", async ({ page, browser }) => {
  await signInAsOwner(page, "/admin/settings");
  await chooseAfterAdd(page, "Go to the cart");
  try {
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto("/shop?orderby=price");
    await expect.poll(() => shopper.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
    await shopper.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
    await expect(shopper).toHaveURL(/\/cart$/);
    await expect(shopper.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
    await expect(shopper.getByRole("button", { name: "1 item in cart, total price of $8.50" })).toBeVisible();
    await expect(shopper.getByLabel("Quantity of Enamel Pin Set in your cart")).toHaveValue("1");
    // The drawer is not what this setting opens.
    await expect(shopper.getByRole("dialog", { name: /Your cart/ })).toHaveCount(0);

    await shopper.goto("/product/beanie");
    await expect.poll(() => shopper.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
    await shopper.getByRole("button", { name: "Add to cart" }).click();
    await expect(shopper).toHaveURL(/\/cart$/);
    await expect(shopper.getByLabel("Quantity of Beanie in your cart")).toHaveValue("1");
    await expect(shopper.getByRole("button", { name: "2 items in cart, total price of $26.50" })).toBeVisible();
    await shopperContext.close();
  } finally {
    await chooseAfterAdd(page, "Open the mini-cart");
  }
});
