/**
 * The owner's day of issue 18, end to end: a shopper who came from a campaign of this test's own
 * buys two Classic T-Shirts (stock managed, DEMO.md) and a Beanie by test card; the owner, in a
 * browser of their own and with the keyboard alone, signs in on the console's page, finds the order
 * by the shopper's e-mail in /admin/orders, opens it, completes it and refunds one T-shirt of its
 * line through the gateway with restocking. Then the page shows the status and the refunded total,
 * the T-shirt's stock is one higher, and the dashboard shows the order in its figures less the
 * refund; its origin line opens the same single order in the list. Axe on every console page seen.
 * Other journeys order T-shirts and add to today's sales meanwhile: the stock is read just around
 * the refund, and the dashboard's figures are this test's own through the campaign's origin line.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addToCart, fillUsAddress, isHydrated, openCheckout, payByTestCard } from "./support/checkout.ts";
import { E2E_OWNER } from "./support/owner.ts";
import { seriousViolations, tabTo, usd } from "./support/shopper-order.ts";

interface Overview {
  today: { date: string; orders: number; sales: number };
  orders_by_status: { status: string; orders: number }[];
  daily_sales: { date: string; orders: number; sales: number }[];
  orders_by_origin: { source_type: string; source: string; origin: string; orders: number; sales: number }[];
}

interface OrderReply {
  status: string;
  totals: { total: number; refunded: number };
  lines: { id: number; name: string; quantity: number; refunded_quantity: number; refunded_total: number }[];
}

/** Presses `key` and answers the overview the dashboard loaded because of it. */
async function overviewAfter(page: Page, press: () => Promise<void>): Promise<Overview> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes("/api/admin/v1/reports/overview")), press()]);
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

/** The T-shirt's stock as a shopper's quantity field has it: the Store API's add-to-cart maximum (stock, capped at 99). */
async function tShirtStock(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/store/v1/products/classic-t-shirt");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { add_to_cart: { maximum: number } }).add_to_cart.maximum;
}

const figure = (page: Page, label: string) =>
  page
    .locator(".admin-stats > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("the owner finds a shopper's order, completes it, refunds a T-shirt with restocking; the stock and the dashboard show it, by keyboard alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `owner-journey-${stamp}@example.com`;
  // A campaign no other journey uses: its line on the dashboard holds this order alone.
  const campaign = `journey-${stamp}`;
  const originLabel = `Source: ${campaign.charAt(0).toUpperCase()}${campaign.slice(1)}`;

  // The shopper, in the test's own browser context.
  await page.goto(`/shop?utm_source=${campaign}&utm_medium=email`);
  await addToCart(page, "classic-t-shirt", "Classic T-Shirt", 2);
  await addToCart(page, "beanie", "Beanie");
  await openCheckout(page);
  await fillUsAddress(page, email);
  await payByTestCard(page);
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const orderId = Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
  expect(orderId).toBeGreaterThan(0);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    // Sign in: Tab to each field, type, Enter; the page reloads onto the dashboard.
    await owner.goto("/admin");
    await expect(owner.getByRole("heading", { level: 1, name: "Sign in to your shop" })).toBeVisible();
    await expect.poll(() => owner.locator("form").evaluate(isHydrated), { timeout: 15_000 }).toBe(true);
    expect(await seriousViolations(owner)).toEqual([]);
    await tabTo(owner, "Email address");
    await owner.keyboard.type(E2E_OWNER.email);
    await tabTo(owner, "Password");
    await owner.keyboard.type(E2E_OWNER.password);
    const before = await overviewAfter(owner, () => owner.keyboard.press("Enter"));
    await expect(owner.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const order = (await (await owner.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as OrderReply;
    expect(order.status).toBe("processing");
    // Paid and placed today: the campaign's line is this order at its whole total.
    expect(before.orders_by_origin.find((line) => line.origin === originLabel)).toMatchObject({ orders: 1, sales: order.totals.total });
    expect(before.today.sales).toBeGreaterThanOrEqual(order.totals.total);
    expect(await seriousViolations(owner)).toEqual([]);

    // The order list, searched by the shopper's e-mail: one order, this one.
    await tabTo(owner, "Orders");
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(owner).toHaveURL(/\/admin\/orders$/);
    expect(await seriousViolations(owner)).toEqual([]);
    await tabTo(owner, "Search orders");
    await owner.keyboard.type(email);
    await owner.keyboard.press("Enter");
    await expect(owner).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}`);
    await expect(owner.getByText("1 order", { exact: true })).toBeVisible();
    const row = owner.getByRole("table").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Processing");
    await expect(row).toContainText(usd(order.totals.total));
    expect(await seriousViolations(owner)).toEqual([]);
    await tabTo(owner, `#${orderId} Ada Shopper`);
    await owner.keyboard.press("Enter");

    // The order: completed from the status form.
    await expect(owner).toHaveURL(`/admin/orders/${orderId}`);
    await expect(owner.getByRole("heading", { level: 1, name: new RegExp(`^Order #${orderId}`) })).toBeVisible();
    const status = owner.locator(".admin-order-status");
    await expect(status).toHaveText("Status: Processing");
    expect(await seriousViolations(owner)).toEqual([]);
    await tabTo(owner, "New status");
    // Processing → On hold → Completed.
    await owner.keyboard.press("ArrowDown");
    await owner.keyboard.press("ArrowDown");
    await expect(owner.getByLabel("New status")).toHaveValue("completed");
    await tabTo(owner, "Save");
    await owner.keyboard.press("Enter");
    await expect(status).toHaveText("Status: Completed");
    await expect(owner.getByRole("status").filter({ hasText: "Status changed to Completed." })).toBeVisible();

    // The refund: one of the two T-shirts, its amount filled from the line, restocked, through the test card's gateway.
    await tabTo(owner, "Refund");
    await owner.keyboard.press("Enter");
    const dialog = owner.getByRole("dialog", { name: `Refund order #${orderId}` });
    await expect(dialog).toBeVisible();
    await tabTo(owner, "Units of Classic T-Shirt to refund");
    await owner.keyboard.press("ArrowUp");
    await expect(dialog.getByLabel("Units of Classic T-Shirt to refund")).toHaveValue("1");
    const shirt = order.lines.find((line) => line.name === "Classic T-Shirt");
    expect(shirt?.quantity).toBe(2);
    const amountText = await dialog.getByLabel("Amount for Classic T-Shirt").inputValue();
    const amount = Math.round(Number(amountText) * 100);
    // One unit of 20.00 with California's 7.25 % on it.
    expect(amount).toBe(2145);
    await tabTo(owner, "Put the refunded units back into stock");
    await expect(dialog.getByLabel("Put the refunded units back into stock")).toBeChecked();
    await expect(dialog.getByRole("radio", { name: /^Through the payment gateway/ })).toBeChecked();
    expect(await seriousViolations(owner)).toEqual([]);
    await tabTo(owner, `Refund ${usd(amount)}`);
    // Read just before and after: another journey's T-shirt order would move the stock too.
    const stockBefore = await tShirtStock(page.request);
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("status").filter({ hasText: `${usd(amount)} refunded.` })).toBeVisible();
    const stockAfter = await tShirtStock(page.request);
    await expect(dialog).toHaveCount(0);
    await expect(owner.getByRole("button", { name: "Refund" })).toBeFocused();
    expect(stockAfter - stockBefore).toBe(1);

    // What the page says now: still completed (a part refunded), the refunded total and what the shop kept.
    await expect(status).toHaveText("Status: Completed");
    const totals = owner.locator(".admin-order-totals");
    await expect(totals.locator("dt", { hasText: /^Refunded$/ }).locator("+ dd")).toHaveText(`-${usd(amount)}`);
    await expect(totals.locator("dt", { hasText: "Net payment" }).locator("+ dd")).toHaveText(usd(order.totals.total - amount));
    await expect(
      owner
        .getByRole("table", { name: `Items of order #${orderId}` })
        .getByRole("row", { name: /Classic T-Shirt/ })
        .getByRole("cell")
        .last(),
    ).toHaveText(`1 unit, ${usd(amount)}`);
    const refunded = (await (await owner.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as OrderReply;
    expect(refunded).toMatchObject({ status: "completed", totals: { total: order.totals.total, refunded: amount } });
    expect(refunded.lines.find((line) => line.id === shirt?.id)).toMatchObject({ refunded_quantity: 1, refunded_total: amount });
    expect(await seriousViolations(owner)).toEqual([]);

    // The dashboard: back up the page to the console's navigation.
    await tabTo(owner, "Dashboard", 200, true);
    const after = await overviewAfter(owner, () => owner.keyboard.press("Enter"));
    await expect(owner.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const net = order.totals.total - amount;
    // Sales are what paid orders kept: the campaign's line, this order alone, lost the refund and nothing else.
    expect(after.orders_by_origin.find((line) => line.origin === originLabel)).toMatchObject({ orders: 1, sales: net });
    const today = after.daily_sales.find((day) => day.date === after.today.date);
    expect(today).toEqual({ date: after.today.date, orders: after.today.orders, sales: after.today.sales });
    expect(after.today.sales).toBeGreaterThanOrEqual(net);
    expect(after.orders_by_status.find((line) => line.status === "completed")?.orders).toBeGreaterThanOrEqual(1);
    await expect(figure(owner, "Sales today")).toHaveText(usd(after.today.sales));
    await expect(figure(owner, "Orders today")).toHaveText(String(after.today.orders));
    const originRow = owner.getByRole("region", { name: "Paid orders by origin" }).getByRole("row", { name: originLabel });
    await expect(originRow.getByRole("cell")).toHaveText(["1", usd(net)]);
    expect(await seriousViolations(owner)).toEqual([]);

    // The origin's line opens the order list on the same orders: this one, completed.
    await tabTo(owner, originLabel, 300);
    await owner.keyboard.press("Enter");
    await expect(owner).toHaveURL(/\/admin\/orders\?source_type=utm&source=journey-/);
    await expect(owner.getByText("1 order", { exact: true })).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link", { name: `#${orderId} Ada Shopper` })).toBeVisible();
    await expect(row).toContainText("Completed");
    expect(await seriousViolations(owner)).toEqual([]);

    // The shopper's order page, opened again: the refund under the total, and what the order came to after it.
    await page.reload();
    const details = page.getByRole("table", { name: "Products in this order" });
    await expect(details.getByRole("row", { name: /^Refund/ }).getByRole("cell")).toHaveText([`-${usd(amount)}`]);
    await expect(details.getByRole("row", { name: /^Total after refunds/ }).getByRole("cell")).toHaveText([usd(net)]);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await ownerContext.close();
  }
});
