/**
 * Paying an order later (decision 0085) in Chromium: a customer's card is declined at checkout,
 * they leave, come back through my account's Pay link, are declined once more on the pay page
 * (the message shows, they stay), then pay and land on the order-received page. axe on the pay
 * page, at a desktop width and at 390 px. A guest's pay link opened in another browser after the
 * first minutes asks the order-received page's email question (decision 0083) first, at 390 px.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { axeScan } from "./support/axe.ts";
import { addToCart, fillUsAddress, isHydrated, openCheckout, payByTestCard } from "./support/checkout.ts";
import { afterAnimations } from "./support/settled.ts";

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
  expect((await axeScan(page)).violations).toEqual([]);

  // Declined again: the message shows under the methods, and the page stays.
  await payByTestCard(page, DECLINED);
  await page.getByRole("button", { name: /^Pay for order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+$/);
  expect((await axeScan(page)).violations).toEqual([]);

  // At a phone's width everything fits and stays usable.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect((await axeScan(page)).violations).toEqual([]);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay for order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=cw_order_/);
  await expect(page.getByText("Thank you: we have your order.")).toBeVisible();
  await expect(page.locator(".order-overview").getByText("Processing")).toBeVisible();

  // Paid: the account's list no longer offers to pay it.
  await page.goto("/my-account/orders");
  await expect(page.getByRole("link", { name: /^Pay for order/ })).toHaveCount(0);
});

test("a guest's pay link opened elsewhere, later, asks the order's email first, then pays without asking again", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `pay-guest-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  await payByTestCard(page, DECLINED);
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page.getByText("Your card was declined. Please use another card or payment method.")).toBeVisible();

  // The order was placed an hour ago (past the grace period) and its link opened in another browser.
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  let link: string;
  try {
    const order = db.prepare("select id, order_key from orders where billing_email = ?").get(email) as { id: number; order_key: string };
    const anHourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    db.prepare("update orders set created_at = ? where id = ?").run(anHourAgo, order.id);
    db.prepare("update order_events set created_at = ? where order_id = ?").run(anHourAgo, order.id);
    link = `/checkout/order-pay/${order.id}?pay_for_order=true&key=${order.order_key}`;
  } finally {
    db.close();
  }
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole("heading", { level: 1, name: "Pay for order" })).toBeVisible();
  await expect(elsewhere.getByText("To see this order, confirm the email address it was placed with.")).toBeVisible();
  await expect(elsewhere.getByText("Beanie")).toHaveCount(0);
  expect(await elsewhere.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect((await axeScan(elsewhere)).violations).toEqual([]);

  await elsewhere.getByLabel("Email address").fill("someone-else@example.com");
  await elsewhere.getByRole("button", { name: "Show the order" }).click();
  await expect(elsewhere.getByRole("alert").filter({ hasText: "That email address does not match this order." })).toBeVisible();
  expect((await axeScan(elsewhere)).violations).toEqual([]);
  await elsewhere.getByLabel("Email address").fill(email.toUpperCase());
  await elsewhere.getByRole("button", { name: "Show the order" }).click();

  // Answered: the order and its payment, with no e-mail field; the payment goes through on the mark's e-mail.
  const heading = elsewhere.getByRole("heading", { level: 1, name: "Pay for order" });
  await expect(elsewhere.getByRole("cell", { name: /Beanie/ })).toBeVisible();
  await expect.poll(() => heading.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await expect(elsewhere.getByLabel("Email address")).toHaveCount(0);
  expect(await elsewhere.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  // Checked once the Pay button is live and its colour has eased from the disabled grey (0.15 s): mid-way its white text is pale.
  const pay = elsewhere.getByRole("button", { name: /^Pay for order/ });
  await expect(pay).toBeEnabled();
  await afterAnimations(pay);
  expect((await axeScan(elsewhere)).violations).toEqual([]);
  await payByTestCard(elsewhere);
  await pay.click();
  await expect(elsewhere).toHaveURL(/\/checkout\/order-received\/\d+\?key=cw_order_/);
  // The same mark opens the order-received page in this browser.
  await expect(elsewhere.getByText("Thank you: we have your order.")).toBeVisible();
  await other.close();
});
