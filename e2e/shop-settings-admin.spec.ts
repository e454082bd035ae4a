/**
 * The owner changes shop-wide settings in the console by keyboard alone (issue 19, decision 0042):
 * the store notice's text, a payment method's title and its place in the checkout's order; a
 * shopper in a browser of their own sees all of it on their next page. It runs in the
 * shop-settings project (last, alone) and puts the stored settings back as they were.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { addToCart, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

const KEYS = ["storeNotice", "payments"];

test("the owner changes the store notice and a payment method by keyboard, and a shopper sees both", async ({ page, browser }) => {
  const db = new Database(join(process.env.CW_E2E_DATA as string, "shop.db"));
  const stored = new Map(
    KEYS.map((key) => [key, (db.prepare("select value from settings where key = ?").get(key) as { value: string } | undefined)?.value]),
  );
  try {
    await signInAsOwner(page);
    await page.goto("/admin/settings");
    const notice = page.getByRole("textbox", { name: "Store notice" });
    await expect(notice).toHaveValue("Free shipping on US orders over $100");
    await notice.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Winter sale: everything 20% off");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Save notices" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Notices saved." })).toBeVisible();

    await page.goto("/admin/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Payment methods" })).toBeVisible();
    // Cash on delivery, fourth, moves up one place; the focus stays on it.
    const up = page.getByRole("button", { name: "Move Cash on delivery up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Cash on delivery moved to position 3 of 5." })).toBeVisible();
    await expect(up).toBeFocused();
    const title = page.locator("#method-cod").getByRole("textbox", { name: "Title" });
    await title.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Cash at the door");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Cash at the door saved." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order at the checkout" }).getByRole("listitem").nth(2)).toContainText(
      "Cash at the door",
    );
    expect(await seriousViolations(page)).toEqual([]);

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await addToCart(shopper, "beanie", "Beanie");
    await expect(shopper.getByText("Winter sale: everything 20% off")).toBeVisible();
    await openCheckout(shopper);
    const methods = shopper.locator(".payment-methods__title");
    await expect(methods).toHaveText(["Test card", "Direct bank transfer", "Cash at the door", "Check payments"]);
    await shopperContext.close();
  } finally {
    for (const [key, value] of stored) {
      if (value === undefined) db.prepare("delete from settings where key = ?").run(key);
      else db.prepare("update settings set value = ? where key = ?").run(value, key);
    }
    db.close();
  }
});
