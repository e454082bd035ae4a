/**
 * Printable order documents (issue 18, decision 0033): a shopper places two orders in the test;
 * the owner opens their invoices and packing slips at /admin/orders/print, without the console's
 * frame, reads what each must say, prints by keyboard, and checks the print layout (one order per
 * page, no toolbar) and axe. A guest at the same address gets the sign-in, not the documents.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, openCheckout } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

/** What the journey reads and replaces on the page's window (the e2e code is typed without the DOM's names). */
type PrintCounter = { printed: number; print: () => void };
type StyleReader = { getComputedStyle: (element: unknown) => { breakBefore: string } };

/** A guest's order paid on delivery; answers its number. A second order keeps the address the first one saved on the cart. */
async function placeOrder(page: Page, email: string, slug: string, name: string, quantity: number, fill = true): Promise<number> {
  await addToCart(page, slug, name, quantity);
  await openCheckout(page);
  if (fill) await fillUsAddress(page, email);
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  return Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
}

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsOwner(page, null);
  return page;
}

test("the owner prints a shopper's invoices and packing slips, one order per page", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `printed-${Date.now()}@example.com`;
  const first = await placeOrder(page, email, "classic-t-shirt", "Classic T-Shirt", 2);
  const second = await placeOrder(page, email, "beanie", "Beanie", 1, false);

  // The shopper's own browser (a guest) is asked to sign in: the documents are for staff only.
  await page.goto(`/admin/orders/print?ids=${first}&document=invoice`);
  await expect(page.locator("#signin-email")).toBeVisible();
  await expect(page.getByText("Classic T-Shirt")).toHaveCount(0);

  const owner = await ownerPage(browser);
  await owner.goto(`/admin/orders/print?ids=${first},${second}&document=invoice`);
  await expect(owner.getByRole("heading", { level: 1, name: "Invoices (2)" })).toBeVisible();
  // Only the documents: no console header or navigation.
  await expect(owner.getByRole("navigation", { name: "Console" })).toHaveCount(0);
  await expect(owner.getByRole("banner").filter({ hasText: "Sign out" })).toHaveCount(0);

  const invoice = owner.getByRole("article", { name: `Invoice #${first}` });
  await expect(invoice).toBeVisible();
  await expect(owner.getByRole("article")).toHaveCount(2);
  await expect(owner.getByRole("article").nth(1)).toHaveAccessibleName(`Invoice #${second}`);
  await expect(invoice.locator(".order-document__shop-name")).toHaveText(/\S/);
  const billing = invoice.getByRole("region", { name: "Billing address" });
  await expect(billing).toContainText("Ada Shopper");
  await expect(billing).toContainText("Los Angeles, California 90001");
  await expect(billing).toContainText(email);
  const lines = invoice.getByRole("table", { name: "Items" });
  await expect(lines.getByRole("columnheader")).toHaveText(["Product", "Quantity", "Unit price", "Total"]);
  const shirt = lines.getByRole("row", { name: /Classic T-Shirt/ });
  await expect(shirt.getByRole("cell").first()).toHaveText("2");
  await expect(shirt.getByRole("cell").nth(1)).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(lines.getByRole("row", { name: /^Subtotal/ })).toBeVisible();
  await expect(lines.getByRole("row", { name: /^Total/ }).last()).toContainText(/\$\d+\.\d{2}/);
  await expect(invoice.getByText("Invoice number")).toBeVisible();
  await expect(invoice.getByText("Cash on delivery")).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  // On a phone the invoice fits the screen: no sideways scrolling.
  await owner.setViewportSize({ width: 375, height: 740 });
  expect(await owner.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
  await owner.setViewportSize({ width: 1280, height: 720 });

  // Print by keyboard: the button calls the browser's print.
  await owner.evaluate(() => {
    const browserWindow = globalThis as unknown as PrintCounter;
    browserWindow.printed = 0;
    browserWindow.print = () => {
      browserWindow.printed += 1;
    };
  });
  const print = owner.getByRole("button", { name: "Print" });
  await print.focus();
  await owner.keyboard.press("Enter");
  await expect.poll(() => owner.evaluate(() => (globalThis as unknown as PrintCounter).printed)).toBe(1);

  // On paper: no toolbar, and each order after the first starts a new page.
  await owner.emulateMedia({ media: "print" });
  await expect(print).toBeHidden();
  const breaks = await owner
    .locator("article.order-document")
    .evaluateAll((articles) => articles.map((a) => (globalThis as unknown as StyleReader).getComputedStyle(a).breakBefore));
  expect(breaks).toEqual(["auto", "page"]);
  // The sheet takes the paper's width, not its content's.
  const [sheet, body] = await Promise.all([
    owner.locator("article.order-document").first().boundingBox(),
    owner.locator("body").boundingBox(),
  ]);
  expect(sheet?.width).toBeCloseTo(body?.width ?? 0, 0);
  await owner.emulateMedia({ media: "screen" });

  await owner.goto(`/admin/orders/print?ids=${first}&document=packing-slip`);
  await expect(owner.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  const slip = owner.getByRole("article", { name: `Packing slip #${first}` });
  await expect(slip.getByRole("region", { name: "Ship to" })).toContainText("1 Test Street");
  const slipLines = slip.getByRole("table", { name: "Items" });
  await expect(slipLines.getByRole("columnheader")).toHaveText(["Product", "SKU", "Quantity"]);
  await expect(
    slipLines
      .getByRole("row", { name: /Classic T-Shirt/ })
      .getByRole("cell")
      .last(),
  ).toHaveText("2");
  await expect(slip.getByRole("region", { name: "Customer note" })).toBeVisible();
  // A packing slip travels in the parcel: no prices on it.
  await expect(slip).not.toContainText("$");
  expect(await seriousViolations(owner)).toEqual([]);

  await owner.goto("/admin/orders/print?ids=99999999&document=invoice");
  await expect(owner.getByRole("alert")).toContainText("99999999");
});
