/**
 * Paying an order later (decision 0085) in Chromium: a customer's card is declined at checkout,
 * they leave, come back through my account's Pay link, are declined once more on the pay page
 * (the message shows, they stay), then pay and land on the order-received page. axe on the pay
 * page, at a desktop width and at 390 px.
 */
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { addToCart, fillUsAddress, isHydrated, openCheckout, payByTestCard } from "./support/checkout.ts";

const DECLINED = "4000 0000 0000 0002";

test("a declined order is paid later from my account, and lands on the order-received page", async ({ page }) => {
  const email = `pay-later-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto("/my-account");
  const register = page.getByRole("region", { name: "Create an account" });
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password").fill("pay-later-password");
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Hello, ${email}.`)).toBeVisible();

  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  await payByTestCard(page, DECLINED);
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Your card was declined. Please use another card or payment method.")).toBeVisible();

  // They leave, and come back to the order from their account.
  await page.goto("/shop");
  await page.goto("/my-account/orders");
  const row = page.getByRole("row").filter({ hasText: "Failed" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /^Pay for order \d+$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+$/);
  const heading = page.getByRole("heading", { level: 1, name: "Pay for order" });
  await expect.poll(() => heading.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await expect(page.getByText("The last payment for this order did not go through.")).toBeVisible();
  await expect(page.getByRole("cell", { name: /Beanie/ })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Declined again: the message shows under the methods, and the page stays.
  await payByTestCard(page, DECLINED);
  await page.getByRole("button", { name: /^Pay for order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+$/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // At a phone's width everything fits and stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay for order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=cw_order_/);
  await expect(page.getByText("Thank you: we have your order.")).toBeVisible();
  await expect(page.locator(".order-overview").getByText("Processing")).toBeVisible();

  // Paid: the account's list no longer offers to pay it.
  await page.goto("/my-account/orders");
  await expect(page.getByRole("link", { name: /^Pay for order/ })).toHaveCount(0);
});
