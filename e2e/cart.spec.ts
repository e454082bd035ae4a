/**
 * The cart page (spec §2 "Cart screen", "Totals block"; §4 "Coupons"; §5 "Quantity"; §8 coupon
 * errors): quantity limits, sold-individually lines, line details, coupons, totals, cross-sells,
 * removal, the empty state, and no serious accessibility violation.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./support/shopper-order.ts";

/** Adds from the product page and waits for the page to say so. */
async function addFromProductPage(
  page: Page,
  slug: string,
  name: string,
  options: { quantity?: number; choose?: Record<string, string> } = {},
) {
  await page.goto(`/product/${slug}`);
  // A choice made before hydration is lost when React takes over the form: wait for it.
  await waitForHydration(page.getByRole("button", { name: "Add to cart" }));
  for (const [label, value] of Object.entries(options.choose ?? {})) await page.getByLabel(label).selectOption(value);
  if (options.quantity) await page.getByLabel(/quantity/i).fill(String(options.quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${name}” was added to your cart.` })).toBeVisible();
}

/** React marks the elements it has hydrated; before that, clicks would do nothing. */
async function waitForHydration(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

/** Opens the cart page and waits until React has taken over the server's HTML. */
async function openCart(page: Page) {
  await page.goto("/cart");
  await waitForHydration(page.locator(".cart-page h1"));
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
const totalsRow = (page: Page, label: string) => page.locator(".totals__item").filter({ has: page.getByText(label, { exact: true }) });

test("Socks 3-Pack steps by 2 between its limits of 2 and 12; typing waits, then rounds", async ({ page }) => {
  await addFromProductPage(page, "socks-3-pack", "Socks 3-Pack", { quantity: 2 });
  await openCart(page);
  const table = page.getByRole("table", { name: "Products in cart" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Product", "Details", "Total"]);

  const socks = row(page, "Socks 3-Pack");
  const minus = page.getByRole("button", { name: "Reduce quantity of Socks 3-Pack" });
  const plus = page.getByRole("button", { name: "Increase quantity of Socks 3-Pack" });
  const quantity = page.getByLabel("Quantity of Socks 3-Pack in your cart");
  await expect(quantity).toHaveValue("2");
  await expect(minus).toBeDisabled();
  await expect(plus).toBeEnabled();

  await plus.click();
  await expect(quantity).toHaveValue("4");
  await expect(minus).toBeEnabled();
  await expect(socks.getByRole("cell").last()).toHaveText("$48.00");

  await quantity.fill("12");
  await expect(plus).toBeDisabled();
  await expect(socks.getByRole("cell").last()).toHaveText("$144.00");
  await expect(totalsRow(page, "Subtotal")).toContainText("$144.00");

  // 7 is not a multiple of 2: it becomes 8.
  await quantity.fill("7");
  await expect(quantity).toHaveValue("8");
  await expect(socks.getByRole("cell").last()).toHaveText("$96.00");
  await expect(plus).toBeEnabled();
});

test("Signed Book has no quantity selector; removing the last line shows the empty state", async ({ page }) => {
  await addFromProductPage(page, "signed-book", "Signed Book");
  await openCart(page);
  await expect(row(page, "Signed Book")).toBeVisible();
  await expect(page.getByLabel("Quantity of Signed Book in your cart")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reduce quantity of Signed Book" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Increase quantity of Signed Book" })).toHaveCount(0);

  const remove = page.getByRole("button", { name: "Remove Signed Book from cart" });
  await expect(remove).toHaveText("Remove item");
  await remove.click();
  await expect(page.getByRole("heading", { name: "Your cart is currently empty!" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Products in cart" })).toHaveCount(0);
  expect(await seriousViolations(page, ".cart-page")).toEqual([]);
  await page.getByRole("link", { name: "Browse the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("SAVE10 is applied and removed; EXPIRED shows its error under the field", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await openCart(page);
  const toggle = page.getByRole("button", { name: "Add coupons" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  const code = page.getByLabel("Enter code");
  const apply = page.getByRole("button", { name: "Apply" });
  await expect(code).toBeFocused();
  await expect(apply).toBeDisabled();

  await code.fill("EXPIRED");
  await apply.click();
  const error = page.locator("#validate-error-coupon");
  await expect(error).toHaveRole("alert");
  await expect(error).toHaveText('Coupon "expired" has expired.');
  await expect(code).toHaveAttribute("aria-describedby", "validate-error-coupon");
  // Apply, disabled while it worked, lost the focus: the keyboard is back on the code, its error read with it.
  await expect(code).toBeFocused();
  await expect(page.locator(".totals").getByText("Discount", { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page, ".cart-page")).toEqual([]);

  await code.fill("SAVE10");
  await expect(error).toHaveCount(0);
  await apply.click();
  await expect(page.getByText('Coupon code "SAVE10" has been applied to your cart.')).toBeVisible();
  await expect(code).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const discount = totalsRow(page, "Discount");
  await expect(discount).toContainText("-$2.00");
  const chip = page.getByRole("button", { name: 'Remove coupon "save10"' });
  await expect(discount.getByRole("listitem")).toHaveText(/save10/i);
  await expect(totalsRow(page, "Subtotal")).toContainText("$20.00");

  await chip.click();
  await expect(page.getByText('Coupon code "save10" has been removed from your cart.')).toBeVisible();
  await expect(discount).toHaveCount(0);
  await expect(chip).toHaveCount(0);
});

test("a coupon's remove the network drops keeps the keyboard on its button, which a second press does not send again", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await openCart(page);
  await page.getByRole("button", { name: "Add coupons" }).click();
  await page.getByLabel("Enter code").fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(totalsRow(page, "Discount")).toContainText("-$2.00");

  let sent = 0;
  // A write goes alone or in a batch: either way, the network drops it.
  const writes = (url: URL) => ["/api/store/v1/batch", "/api/store/v1/cart/remove-coupon"].includes(url.pathname);
  await page.route(writes, (route) => {
    sent++;
    return route.abort();
  });
  const chip = page.getByRole("button", { name: 'Remove coupon "save10"' });
  await chip.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Something went wrong. Please contact us to get assistance.")).toBeVisible();
  await expect(chip).not.toHaveAttribute("aria-disabled", "true");
  await expect(chip).toBeFocused();
  expect(sent).toBe(1);
  await expect(totalsRow(page, "Discount")).toContainText("-$2.00");
});

test("the coupon notices are snackbars that leave after 10 s", async ({ page }) => {
  await page.clock.install();
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  await page.getByRole("button", { name: "Add coupons" }).click();
  await page.getByLabel("Enter code").fill("5OFF");
  await page.getByRole("button", { name: "Apply" }).click();
  const applied = page.getByText('Coupon code "5OFF" has been applied to your cart.');
  await expect(applied).toBeVisible();
  await expect(totalsRow(page, "Discount")).toContainText("-$5.00");
  await page.clock.fastForward(9_000);
  await expect(applied).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(applied).toHaveCount(0);
});

test("each line shows its badges, prices, details and totals; the totals follow the spec's rows", async ({ page }) => {
  await addFromProductPage(page, "beanie", "Beanie", { quantity: 2 });
  await addFromProductPage(page, "limited-print", "Limited Print");
  await addFromProductPage(page, "pre-order-poster", "Pre-order Poster");
  await addFromProductPage(page, "hoodie", "Hoodie", { choose: { Color: "red", Size: "l" } });
  await openCart(page);

  const beanie = row(page, "Beanie");
  await expect(beanie.getByText("Save $2.00")).toBeVisible();
  await expect(beanie.locator("del")).toContainText("$20.00");
  await expect(beanie.locator("ins")).toContainText("$18.00");
  // The line total's sale badge appears above a quantity of 1.
  await expect(beanie.getByRole("cell").last()).toHaveText(/\$36\.00\s*Save \$4\.00/);
  await expect(beanie.getByText("A ribbed knit beanie in soft merino blend, warm without the itch.")).toBeVisible();

  await expect(row(page, "Limited Print").getByText("3 left in stock")).toBeVisible();
  await expect(row(page, "Pre-order Poster").getByText("Available on backorder")).toBeVisible();
  const hoodie = row(page, "Hoodie");
  await expect(hoodie.getByText("Color: Red")).toBeVisible();
  await expect(hoodie.getByText("Size: L")).toBeVisible();
  await expect(hoodie.getByRole("cell").last()).toHaveText("$39.00");
  await expect(row(page, "Beanie").getByRole("link", { name: "Beanie" }).first()).toHaveAttribute("href", "/product/beanie");

  // 36 + 60 + 15 + 39 = 150.00; a flat rate of 5.00 to the shop's base, California.
  await expect(totalsRow(page, "Subtotal")).toContainText("$150.00");
  await expect(totalsRow(page, "Shipping")).toBeVisible();
  await expect(totalsRow(page, "Taxes")).toBeVisible();
  const total = totalsRow(page, "Estimated total");
  await expect(total).toContainText("Shipping will be calculated at checkout");
  // The demo's express method is on: the cart offers it above the way to the checkout (spec §2).
  await expect(page.getByRole("region", { name: "Express checkout" })).toHaveCount(1);

  // Listen before clicking: the link navigates away right after the event fires.
  // A string runs as a CDP expression: neither the CSP nor the missing DOM types get in the way.
  const fired = page.evaluate(
    'new Promise((resolve) => document.addEventListener("cart_proceed_to_checkout", () => resolve("yes"), { once: true }))',
  );
  const proceed = page.getByRole("link", { name: "Proceed to checkout" });
  await expect(proceed).toHaveAttribute("href", "/checkout");
  await proceed.click();
  expect(await fired).toBe("yes");
});

test("a cross-sell is added from its card", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await openCart(page);
  const crossSells = page.getByRole("region", { name: "You may be interested in…" });
  await expect(crossSells.getByRole("link", { name: "Beanie" })).toBeVisible();
  expect(await seriousViolations(page, ".cart-page")).toEqual([]);
  await crossSells.getByRole("button", { name: "Add to cart: “Beanie”" }).click();
  await expect(row(page, "Beanie")).toBeVisible();
  await expect(totalsRow(page, "Subtotal")).toContainText("$38.00");
});

test("removing one line keeps the others and leaves focus on the page", async ({ page }) => {
  await addFromProductPage(page, "classic-t-shirt", "Classic T-Shirt");
  await addFromProductPage(page, "signed-book", "Signed Book");
  await openCart(page);
  await page.getByRole("button", { name: "Remove Classic T-Shirt from cart" }).click();
  await expect(row(page, "Classic T-Shirt")).toHaveCount(0);
  await expect(row(page, "Signed Book")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeFocused();
  await expect(totalsRow(page, "Subtotal")).toContainText("$35.00");
});

test("the cart block's width class follows its own width (spec §9 layout widths)", async ({ page }) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  const block = page.locator(".cart-page");
  const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
  await expect(block).toHaveClass(/(^| )is-large( |$)/);
  // Large: the totals sit beside the products.
  let table = await box(".cart-table");
  expect((await box(".cart-page__sidebar")).x).toBeGreaterThanOrEqual(table.x + table.width);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(block).toHaveClass(/(^| )is-mobile( |$)/);
  // Mobile: the table's header is hidden, each line is a card, and the totals follow the products.
  await expect(page.locator(".cart-table thead")).toHaveCSS("position", "absolute");
  await expect(row(page, "Beanie")).toHaveCSS("display", "grid");
  table = await box(".cart-table");
  expect((await box(".cart-page__sidebar")).y).toBeGreaterThanOrEqual(table.y + table.height);
  expect(await seriousViolations(page, ".cart-page")).toEqual([]);
});

test("pressing + by keyboard up to the stock limit keeps focus on the button, now marked unavailable", async ({ page }) => {
  await addFromProductPage(page, "limited-print", "Limited Print");
  await openCart(page);
  const plus = page.getByRole("button", { name: "Increase quantity of Limited Print" });
  const quantity = page.getByLabel("Quantity of Limited Print in your cart");
  await plus.focus();
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("2");
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("3");
  // Three left in stock: + can go no further, and focus must not fall back to the page.
  await expect(plus).toBeDisabled();
  await expect(plus).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("3");
  await page.keyboard.press("Shift+Tab");
  await expect(quantity).toBeFocused();
});

test("the cart's express area pays with the wallet through the checkout, once", async ({ page }) => {
  await addFromProductPage(page, "beanie", "Beanie");
  await openCart(page);
  // Spec §2 "Cart screen": the express methods, then an 'Or' divider before the way to the checkout.
  const area = page.getByRole("region", { name: "Express checkout" });
  await expect(area.getByRole("button", { name: "Pay with Demo express" })).toBeVisible();
  await expect(area.getByText("Or", { exact: true })).toBeVisible();
  expect(await seriousViolations(page, ".cart-page")).toEqual([]);
  await area.getByRole("button", { name: "Pay with Demo express" }).click();
  // The checkout starts the method with the wallet's own contact: nothing typed, and the order is placed.
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+/);
  await expect(page.getByText("wallet@example.com").first()).toBeVisible();
  // Back to the checkout it went through: the address no longer asks for the express payment, so nothing is paid again.
  await page.goBack();
  await expect(page).not.toHaveURL(/express=/);
  await openCart(page);
  await expect(page.getByText("Your cart is currently empty!")).toBeVisible();
});
