/** The mini-cart drawer: adds from a listing open it, and it closes on Escape, Close or a click outside. */
import { expect, type Page, test } from "@playwright/test";
import { openHydrated } from "./support/checkout.ts";

const drawer = (page: Page) => page.getByRole("dialog", { name: /Your cart/ });

test("adding from the listing opens the drawer with the item, which can be removed", async ({ page }) => {
  await openHydrated(page, "/shop?orderby=price");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole("heading", { name: "Your cart (1 item)" })).toBeVisible();
  await expect(drawer(page).getByRole("link", { name: "Enamel Pin Set" })).toBeVisible();
  await expect(page.getByRole("button", { name: "1 item in cart, total price of $8.50" })).toBeVisible();
  // The page did not navigate: the add went through the Store API.
  await expect(page).toHaveURL(/\/shop\?orderby=price$/);

  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByRole("link", { name: "View cart" })).toBeVisible();

  await page.getByRole("button", { name: / in cart, total price of /i }).click();
  await expect(drawer(page)).toBeVisible();
  await drawer(page).getByRole("button", { name: "Remove Enamel Pin Set from cart" }).click();
  await expect(drawer(page).getByText("Your cart is currently empty!")).toBeVisible();
  await expect(page.getByRole("button", { name: "0 items in cart, total price of $0.00" })).toBeVisible();
});

test("the drawer closes with its Close button and with a click outside", async ({ page }) => {
  await openHydrated(page, "/shop");
  await page.getByRole("button", { name: "0 items in cart, total price of $0.00" }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByText("Your cart is currently empty!")).toBeVisible();
  await drawer(page).getByRole("button", { name: "Close" }).click();
  await expect(drawer(page)).toBeHidden();

  await page.getByRole("button", { name: / in cart, total price of /i }).click();
  await expect(drawer(page)).toBeVisible();
  await page.mouse.click(20, 300);
  await expect(drawer(page)).toBeHidden();
});

test("an add on the product page opens the drawer too", async ({ page }) => {
  await openHydrated(page, "/product/beanie");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole("link", { name: "Beanie" })).toBeVisible();
});

test("the drawer sits above the contact widget: its footer's Go to checkout is clicked, not the widget, on a phone too", async ({
  page,
}) => {
  for (const size of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await openHydrated(page, "/product/beanie");
    // The widget's button and call to action float at the bottom right, where the drawer's footer is.
    await expect(page.getByRole("button", { name: "Need help? Contact us" })).toBeVisible();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(drawer(page)).toBeVisible();
    // A plain click: Playwright refuses it while another element would take the pointer.
    await drawer(page).getByRole("link", { name: "Go to checkout" }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/checkout$/);
  }
});

test("removing a line by keyboard keeps focus in the drawer, so Escape still closes it and focus returns to the Add to cart pressed", async ({
  page,
}) => {
  await openHydrated(page, "/shop?orderby=price");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await expect(drawer(page)).toBeVisible();
  const remove = drawer(page).getByRole("button", { name: "Remove Enamel Pin Set from cart" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(drawer(page).getByText("Your cart is currently empty!")).toBeVisible();
  // The removed line's button is gone: focus must not fall back to the page behind the dialog.
  await expect(drawer(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" })).toBeFocused();
});

test("the drawer an add opened gives the focus back to the Add to cart pressed; the one the cart button opened, to the cart button", async ({
  page,
}) => {
  await openHydrated(page, "/product/beanie");
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expect(add).toBeFocused();

  const cartButton = page.getByRole("button", { name: /^1 item in cart/ });
  await cartButton.focus();
  await page.keyboard.press("Enter");
  await expect(drawer(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expect(cartButton).toBeFocused();
});

test("Tab stays inside the open drawer: past its last control it comes back to its first, and Shift+Tab the other way", async ({
  page,
}) => {
  await openHydrated(page, "/shop?orderby=price");
  await page.getByRole("link", { name: "Add to cart: “Enamel Pin Set”" }).click();
  await expect(drawer(page)).toBeVisible();
  const close = drawer(page).getByRole("button", { name: "Close" });
  const checkout = drawer(page).getByRole("link", { name: "Go to checkout" });
  await checkout.focus();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(checkout).toBeFocused();
});
