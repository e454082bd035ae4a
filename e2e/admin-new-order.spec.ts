/**
 * An order taken by phone (decision 0089): the owner adds an order for the demo's Hoodie Red/L with
 * the SAVE10 coupon, the shop's flat rate picked from its rates then renamed as a courier's charge (the order keeps the
 * flat rate's method) and a one-off rush fee, sees the shop's totals, creates it, finds the customer's
 * payment page on the order, and the customer pays there by test card in a browser of their own;
 * the order then shows processing. axe on the new order page, at a desktop width and at 390 px.
 */
import { expect, test } from "@playwright/test";
import { isHydrated, payByTestCard } from "./support/checkout.ts";
import { lineCounts } from "./support/layout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("the owner adds an order by hand, and the customer pays it on the payment page", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `phone-order-${Date.now()}@example.com`;
  await signInAsOwner(page, "/admin/orders");
  await page.getByRole("link", { name: "Add order" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);
  const form = page.locator("form.admin-new-order");
  await expect(page.getByRole("heading", { level: 1, name: "Add order" })).toBeVisible();
  await expect.poll(() => page.locator("h1").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing to order yet: said beside the product picker, and no call is made.
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(page.locator(".admin-field__error").filter({ hasText: "Add at least one product to the order." })).toBeVisible();

  // The Hoodie, picked by name from the keyboard; its variation chosen.
  const picker = page.getByRole("combobox", { name: "Add a product by name or SKU" });
  await picker.fill("Hoodie");
  await expect(page.getByRole("option", { name: /^Hoodie/ }).first()).toBeVisible();
  await picker.press("ArrowDown");
  await picker.press("Enter");
  const variation = page.getByLabel("Variation (Hoodie)");
  await expect(variation).toBeVisible();
  await expect(page.getByText("Choose which “Hoodie”", { exact: false })).toBeVisible();
  // A refused create names each field beside it: the variation. The address asks only for what is
  // typed (a phone order may have just a name and a phone: decision 0101), so an empty one is not refused.
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(page.locator(".admin-error-summary")).toBeVisible();
  await expect(variation).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Country/Region")).not.toHaveAttribute("aria-invalid", "true");
  await variation.selectOption({ label: "Red / L" });
  await form.getByLabel("Coupon code").fill("SAVE10");

  await form.getByLabel("First name").fill("Phone");
  await form.getByLabel("Last name").fill("Customer");
  await form.getByLabel("Address line 1").fill("1 Test Street");
  await form.getByLabel("City").fill("Los Angeles");
  // The country and state by name, from the keyboard: a state of another country goes when the country changes.
  const country = form.getByLabel("Country/Region");
  await expect(country.getByRole("option", { name: "United States", exact: true })).toBeAttached();
  await country.focus();
  await page.keyboard.type("Canada");
  await expect(country).toHaveValue("CA");
  const state = form.getByLabel("State/County");
  await state.selectOption({ label: "Ontario" });
  await country.selectOption({ label: "United States" });
  await expect(state).toHaveValue("");
  await state.focus();
  await page.keyboard.type("California");
  await expect(state).toHaveValue("CA");
  await form.getByLabel("Postcode").fill("90001");
  await form.getByLabel("Phone").fill("555-0100");
  await form.getByLabel("Email").fill(email);
  // The shop's rates for these items and this address, priced as the checkout prices them: one fills in the line.
  const rates = form.getByLabel("The shop's shipping rates");
  await expect(rates.getByRole("option", { name: "Flat rate: $5.00" })).toBeAttached();
  await rates.selectOption({ label: "Flat rate: $5.00" });
  await expect(form.getByLabel("Shipping method's name")).toHaveValue("Flat rate");
  await expect(form.getByLabel(/Shipping cost, before tax/)).toHaveValue("5.00");
  // The owner's own name for it: the line is theirs to change, and stays the shop's flat rate (its method kept on the order).
  await form.getByLabel("Shipping method's name").fill("Courier");
  await expect(rates).toHaveValue(/^flat_rate:\d+$/);
  // A one-off fee: its name is asked for first, and it is taxed in the standard class unless told.
  await page.getByRole("button", { name: "Add fee" }).click();
  const feeName = form.getByLabel("Fee's name (Fee 1)");
  await expect(feeName).toBeFocused();
  await feeName.fill("Rush handling");
  await form.getByLabel(/^Amount or %, before tax \(USD, Fee 1\)/).fill("2.50");
  await expect(form.getByLabel("Tax class (Fee 1)")).toHaveValue("standard");
  // A second, as a percentage of the items' total after discounts, in the reduced-rate class (decision 0101).
  await page.getByRole("button", { name: "Add fee" }).click();
  await form.getByLabel("Fee's name (Fee 2)").fill("Service");
  await form.getByLabel(/^Amount or %, before tax \(USD, Fee 2\)/).fill("10%");
  const serviceClass = form.getByLabel("Tax class (Fee 2)");
  await expect(serviceClass.getByRole("option", { name: "Reduced rate" })).toBeAttached();
  await serviceClass.selectOption({ label: "Reduced rate" });
  await expect(serviceClass.getByRole("option", { name: "Not taxable" })).toBeAttached();

  // The shop's totals: the sale price, 10 % off, the courier, California's tax.
  const totals = page.locator(".admin-new-order__totals");
  await expect(totals.getByRole("definition").first()).toHaveText("$39.00");
  await expect(totals).toContainText("Discount (save10)");
  await expect(totals).toContainText("-$3.90");
  await expect(totals).toContainText("$5.00");
  await expect(totals.locator(".admin-details__row").filter({ hasText: "Rush handling" })).toContainText("$2.50");
  // 10 % of $39.00 less the $3.90 discount.
  await expect(totals.locator(".admin-details__row").filter({ hasText: "Service" })).toContainText("$3.51");
  const status = page.locator(".admin-new-order__calc");
  await expect(status).toHaveText(/^Total \$\d+\.\d\d\.$/);
  const total = /(\$\d+\.\d\d)/.exec((await status.textContent()) ?? "")?.[1] ?? "";
  expect(await seriousViolations(page)).toEqual([]);

  // At a phone's width the form fits.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Create order" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const id = Number(/orders\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Order #${id}`) })).toBeVisible();
  await expect(page.locator(".admin-order-status")).toHaveText("Status: Pending payment");
  await expect(page.getByText(total).first()).toBeVisible();
  await expect(page.getByText("Rush handling").first()).toBeVisible();
  // The shipping line under the owner's name, with the method of the rate chosen, as a checkout's order shows it.
  const delivery = page.getByRole("region", { name: "Shipping", exact: true });
  await expect(delivery).toContainText("Courier");
  await expect(delivery).toContainText("Method: Flat rate");
  // Each fee with the class it is taxed in, as the order keeps it.
  const orderTotals = page.locator(".admin-order-totals");
  await expect(orderTotals.getByText("Fee: Rush handling (Standard rate tax)")).toBeVisible();
  await expect(orderTotals.getByText("Fee: Service (Reduced rate tax)")).toBeVisible();
  await expect(orderTotals.getByText("$3.51")).toBeVisible();
  // The address as saved, read back by name.
  await expect(page.getByRole("region", { name: "Billing address" }).locator("address")).toContainText(
    "Los Angeles, California 90001United States",
  );
  const payLink = page.getByRole("link", { name: "Customer payment page →" });
  await expect(payLink).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invoice" })).toBeVisible();
  // On a phone each amount stays on one line, however long the fees' names beside them.
  await page.setViewportSize({ width: 375, height: 740 });
  const amountLines = await lineCounts(page, ".admin-order-totals dd");
  expect(amountLines.length).toBeGreaterThan(4);
  expect(amountLines).toEqual(amountLines.map(() => 1));
  await page.setViewportSize({ width: 1280, height: 900 });
  // No method yet: the payment card says so rather than leaving the value blank.
  await expect(page.getByRole("region", { name: "Payment", exact: true })).toContainText(/Method\s*None recorded/);
  // Made in the console: its origin is Web admin (decision 0089), never Unknown.
  await expect(page.getByRole("region", { name: "Origin" })).toContainText("Web admin");
  expect(await seriousViolations(page)).toEqual([]);
  // The invoice carries the link: sent by the order's e-mail action, and kept in its history.
  await page.getByRole("button", { name: "Send invoice" }).click();
  await expect(page.getByText("Invoice and payment link (to the customer): sent.")).toBeVisible();
  const href = (await payLink.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/checkout/order-pay/${id}\\?key=cw_order_`));

  // The customer, in a browser of their own, pays on the payment page.
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await shopper.goto(href);
  const heading = shopper.getByRole("heading", { level: 1, name: "Pay for order" });
  await expect.poll(() => heading.evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
  await expect(shopper.getByRole("cell", { name: /Hoodie/ })).toBeVisible();
  await expect(shopper.getByText("Rush handling")).toBeVisible();
  await shopper.getByLabel("Email address").fill(email);
  await payByTestCard(shopper);
  await shopper.getByRole("button", { name: /^Pay for order/ }).click();
  await expect(shopper).toHaveURL(/\/checkout\/order-received\/\d+\?key=cw_order_/);
  await expect(shopper.locator(".order-overview").getByText("Processing")).toBeVisible();
  await customer.close();

  await page.reload();
  await expect(page.locator(".admin-order-status")).toHaveText("Status: Processing");
  await expect(page.getByRole("link", { name: "Customer payment page →" })).toHaveCount(0);
});
