/**
 * The console's customers (issue 18): a shopper creates an account while ordering; the owner finds
 * them among the accounts with their paid order's count and spend (checked against the order as the
 * owner API has it), opens them, mails them a password reset link and follows the order's link; a guest's order under Guests; the
 * path by keyboard alone; axe on every page. Runs against the real owner API.
 */
import { expect, test } from "@playwright/test";
import { mailedLink } from "./support/outbox.ts";
import { signInAsOwner } from "./support/owner.ts";
import { customerOrderByApi, guestOrderByApi, seriousViolations, tabTo, usd } from "./support/shopper-order.ts";
import { expectSortHeaderStyled } from "./support/sort-header.ts";

async function orderTotal(request: import("@playwright/test").APIRequestContext, id: number) {
  const response = await request.get(`/api/admin/v1/orders/${id}`);
  expect(response.status()).toBe(200);
  const order = (await response.json()) as { totals: { total: number; currency: string } };
  return usd(order.totals.total, order.totals.currency);
}

test("the owner finds a new customer with their order and spend, opens them and follows the order, by keyboard alone", async ({
  page,
  browser,
}) => {
  const { email, orderId } = await customerOrderByApi(page.request);
  // A browser of the owner's own (axe needs a page of a context made here).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signInAsOwner(owner);
    const spend = await orderTotal(owner.request, orderId);

    await tabTo(owner, "Customers");
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    await expect(owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(owner.getByRole("link", { name: "Accounts" })).toHaveAttribute("aria-current", "page");
    expect(await seriousViolations(owner)).toEqual([]);

    await tabTo(owner, "Search customers");
    await owner.keyboard.type(email);
    await owner.keyboard.press("Enter");
    await expect(owner).toHaveURL(/\/admin\/customers\?search=/);
    await expect(owner.getByText("1 customer", { exact: true })).toBeVisible();
    const row = owner.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    // Orders and spend count the paid order; the last order is today.
    await expect(row.getByRole("cell").nth(2)).toHaveText("1");
    await expect(row.getByRole("cell").nth(3)).toHaveText(spend);
    await expect(row.getByRole("cell").nth(4)).not.toHaveText("Never");
    expect(await seriousViolations(owner)).toEqual([]);

    // Sorting by spend keeps the search; the header says which way it sorts.
    await owner.getByRole("link", { name: "Sort by Spend, descending" }).click();
    await expect(owner).toHaveURL(/sort=spend/);
    await expect(owner).toHaveURL(/search=/);
    await expect(owner.getByRole("columnheader", { name: /Spend/ })).toHaveAttribute("aria-sort", "descending");
    await expectSortHeaderStyled(owner.getByRole("link", { name: "Sort by Spend, ascending" }));

    const name = await row.getByRole("rowheader").innerText();
    await tabTo(owner, name);
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(owner.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    const totals = owner.getByRole("region", { name: "Totals" });
    await expect(totals).toContainText(`Paid orders1`);
    await expect(totals).toContainText(`Spend${spend}`);
    const orders = owner.getByRole("region", { name: "Orders" });
    await expect(orders.getByRole("row", { name: new RegExp(`Order #${orderId}\\b`) })).toContainText("Processing");
    await expect(owner.getByRole("region", { name: "Saved payment methods" })).toContainText("No saved payment methods.");
    expect(await seriousViolations(owner)).toEqual([]);

    // The owner mails the customer a password reset link (decision 0077); the page says where it went.
    await tabTo(owner, "Send password reset link");
    await owner.keyboard.press("Enter");
    const sent = `A password reset link was sent to ${email}.`;
    await expect(owner.getByRole("status").filter({ hasText: sent })).toBeVisible();
    await expect(owner.getByRole("form", { name: "Password" })).toContainText(sent);
    expect(await mailedLink(email, "password-reset", /(\/my-account\/reset-password\?key=[A-Za-z0-9_-]{43})/)).toMatch(/key=/);
    expect(await seriousViolations(owner)).toEqual([]);

    await tabTo(owner, `Order #${orderId}`);
    await owner.keyboard.press("Enter");
    await expect(owner).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  } finally {
    await ownerContext.close();
  }
});

test("a guest's order is under Guests, with its order, total and addresses", async ({ page, browser }) => {
  const { email, orderId } = await guestOrderByApi(page.request);
  // A browser of the owner's own (axe needs a page of a context made here).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signInAsOwner(owner);
    const spend = await orderTotal(owner.request, orderId);
    await owner.goto("/admin/customers");
    await owner.getByRole("link", { name: "Guests" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Guest customers" })).toBeVisible();
    await owner.getByRole("searchbox", { name: "Search guests by email" }).fill(email);
    await owner.getByRole("button", { name: "Search", exact: true }).click();
    await expect(owner.getByText("1 guest", { exact: true })).toBeVisible();
    const row = owner.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("cell").nth(0)).toHaveText("1");
    await expect(row.getByRole("cell").nth(1)).toHaveText(spend);
    expect(await seriousViolations(owner)).toEqual([]);

    await row.getByRole("link", { name: email }).click();
    await expect(owner.getByRole("heading", { level: 1, name: `Guest: ${email}` })).toBeVisible();
    await expect(owner.getByRole("region", { name: "Totals" })).toContainText(`Spend${spend}`);
    await expect(owner.getByRole("link", { name: `Order #${orderId}` })).toHaveAttribute("href", `/admin/orders/${orderId}`);
    const addresses = owner.getByRole("region", { name: "Addresses" });
    await expect(addresses).toContainText("1 Test Street");
    await expect(addresses).toContainText("Los Angeles, California 90001");
    expect(await seriousViolations(owner)).toEqual([]);

    // A search that finds nobody says so.
    await owner.goto("/admin/customers/guests?search=nobody-at-all");
    await expect(owner.getByText("No guest matches this search.")).toBeVisible();
    await owner.goto("/admin/customers?search=nobody-at-all");
    await expect(owner.getByText("No customer matches this search.")).toBeVisible();
    await expect(owner.getByText("0 customers", { exact: true })).toBeVisible();

    // An e-mail with no guest order is not found, with a way back.
    await owner.goto("/admin/customers/guest?email=nobody-at-all%40example.com");
    await expect(owner.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(owner.getByRole("link", { name: "All guests" })).toBeVisible();
  } finally {
    await ownerContext.close();
  }
});

test("a customer's saved card shows as brand, last four and expiry only", async ({ page }) => {
  await signInAsOwner(page, "/admin/customers?search=jane%40example.com");
  await page.getByRole("row").filter({ hasText: "jane@example.com" }).getByRole("link", { name: "Jane Doe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jane Doe" })).toBeVisible();
  const methods = page.getByRole("region", { name: "Saved payment methods" });
  await expect(methods).toContainText("Visa ending in 4242");
  await expect(methods).toContainText("Default");
  await expect(page.locator("body")).not.toContainText("4242 4242");
  await expect(page.getByRole("region", { name: "Addresses" })).toContainText("1 Market Street");
  expect(await seriousViolations(page)).toEqual([]);
});
