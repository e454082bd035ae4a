/**
 * A guest's order-received link opened in another browser once the first minutes are over
 * (decision 0083): the page asks for the order's email, says so when it is wrong, and shows the
 * order for the right one, in any case; on a phone's width, without JavaScript too, axe clean.
 */
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { guestOrder, seriousViolations } from "./support/shopper-order.ts";

const QUESTION = "To see this order, confirm the email address it was placed with.";
const WRONG = "That email address does not match this order. Enter the one the order was placed with.";
const PHONE = { width: 390, height: 844 };

/** Moves the order's placing back past the grace period, as if a quarter of an hour had gone by. */
function placedLongAgo(orderId: number) {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  try {
    const then = new Date(Date.now() - 15 * 60_000).toISOString();
    db.prepare("update orders set created_at = ? where id = ?").run(then, orderId);
    db.prepare("update order_events set created_at = ? where order_id = ? and type = 'status'").run(then, orderId);
  } finally {
    db.close();
  }
}

const fitsTheWidth = (page: Page) => page.evaluate("document.documentElement.scrollWidth <= window.innerWidth");

test("a guest's order link opened elsewhere asks for the order's email, wrong then right, and shows the order", async ({
  page,
  browser,
}) => {
  const { orderId, email } = await guestOrder(page);
  const link = page.url();
  placedLongAgo(orderId);
  // The browser that placed it still sees it.
  await page.reload();
  await expect(page.getByText("Thank you: we have your order.")).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1, name: "Order received" })).toBeVisible();
  await expect(other.getByText(QUESTION)).toBeVisible();
  await expect(other.getByText(email)).toHaveCount(0);
  await expect(other.getByText("Beanie")).toHaveCount(0);
  expect(await seriousViolations(other)).toEqual([]);
  expect(await fitsTheWidth(other)).toBe(true);

  const field = other.getByLabel("Email address");
  await field.fill("someone-else@example.com");
  await other.getByRole("button", { name: "Show the order" }).click();
  await expect(other.locator("#order-email-error")).toHaveText(WRONG);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("someone-else@example.com");
  await expect(other.getByText(email)).toHaveCount(0);
  expect(await seriousViolations(other)).toEqual([]);
  expect(await fitsTheWidth(other)).toBe(true);
  await other.screenshot({ path: test.info().outputPath("order-email-wrong-390.png"), fullPage: true });

  await field.fill(email.toUpperCase());
  await other.getByRole("button", { name: "Show the order" }).click();
  await expect(other).toHaveURL(link);
  await expect(other.getByText("Thank you: we have your order.")).toBeVisible();
  await expect(other.getByText(email).first()).toBeVisible();
  await expect(other.getByText("Beanie").first()).toBeVisible();
  expect(await seriousViolations(other)).toEqual([]);
  expect(await fitsTheWidth(other)).toBe(true);
  // The answer holds for this browser's session.
  await other.reload();
  await expect(other.getByText("Thank you: we have your order.")).toBeVisible();
  await context.close();

  // Without JavaScript the question is a plain form post.
  const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(link);
  await noScript.getByLabel("Email address").fill(email);
  await noScript.getByRole("button", { name: "Show the order" }).click();
  await expect(noScript.getByText("Thank you: we have your order.")).toBeVisible();
  await expect(noScript.getByText(email).first()).toBeVisible();
  await plain.close();
});
