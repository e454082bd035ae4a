/**
 * The console's order list (issue 18): orders placed through the Store API by shoppers, found by
 * the owner searching their e-mail; the status tabs with their counts, sorting by total and date
 * (aria-sort), the payment, origin and date filters and the page kept in the URL (back button
 * included), the selection's bar, keyboard-only use and axe. Counts only this test's orders:
 * other workers place orders in the same shop at the same time.
 */
import { type APIRequestContext, expect, type Page, type Response, test } from "@playwright/test";
import { US_ADDRESS } from "./support/checkout.ts";
import { signInAsOwner } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";
import { expectSortHeaderStyled } from "./support/sort-header.ts";

interface PlacedOrder {
  id: number;
  total: number;
  currency: string;
}

const STORE = "/api/store/v1";

/** A headless shopper's order: the cart's token first, the product, then the checkout (contract of issue 6). */
async function placeOrder(
  request: APIRequestContext,
  { slug, quantity, method, email, firstName }: { slug: string; quantity: number; method: string; email: string; firstName: string },
): Promise<number> {
  const cart = await request.get(`${STORE}/cart`);
  const headers = { "cart-token": cart.headers()["cart-token"] as string };
  const product = (await (await request.get(`${STORE}/products/${slug}`)).json()) as { id: number };
  const added = await request.post(`${STORE}/cart/add-item`, { headers, data: { id: product.id, quantity } });
  expect(added.status(), await added.text()).toBe(201);
  const placed = await request.post(`${STORE}/checkout`, {
    headers,
    data: {
      billing_address: {
        first_name: firstName,
        last_name: "Shopper",
        ...US_ADDRESS,
        email,
      },
      payment_method: method,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return ((await placed.json()) as { order_id: number }).order_id;
}

const isList = (response: Response) => new URL(response.url()).pathname === "/api/admin/v1/orders";

const money = (order: PlacedOrder) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: order.currency }).format(order.total / 100);

const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function searchOrders(page: Page, words: string): Promise<void> {
  await page.getByLabel("Search orders").fill(words);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(words)}`);
}

/** Presses Tab until the focused element's name (aria-label, else its label's or its own text) matches `name`. */
async function tabTo(page: Page, name: string | RegExp, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press("Tab");
    // The e2e project has no DOM types: the page function is a string.
    const focused = String(
      await page.evaluate(`(() => {
        const element = document.activeElement;
        return (element?.getAttribute("aria-label") ?? element?.labels?.[0]?.textContent ?? element?.textContent ?? "").replace(/\\s+/g, " ").trim();
      })()`),
    );
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("the owner finds a shopper's orders by email, reads the tabs' counts, sorts, filters in the URL and pages through", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `orders-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const shopper = await playwright.request.newContext({ baseURL });
  const beanieId = await placeOrder(shopper, { slug: "beanie", quantity: 1, method: "cod", email, firstName: "Grace" });
  const teesId = await placeOrder(shopper, { slug: "classic-t-shirt", quantity: 3, method: "bacs", email, firstName: "Ada" });

  await signInAsOwner(page, null);
  const [loaded] = await Promise.all([page.waitForResponse(isList), page.goto("/admin/orders")]);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page).toHaveTitle(/^Orders – Shop console/);
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Each tab shows the count the list's own reply carried (the whole shop's, whatever the filters).
  const { counts } = (await loaded.json()) as { counts: Record<string, number> };
  expect(counts.processing).toBeGreaterThanOrEqual(1);
  expect(counts["on-hold"]).toBeGreaterThanOrEqual(1);
  const tabs = page.getByRole("navigation", { name: "Order status" }).getByRole("link");
  await expect(tabs).toHaveText([
    `All (${counts.all})`,
    `Pending payment (${counts.pending})`,
    `Processing (${counts.processing})`,
    `On hold (${counts["on-hold"]})`,
    `Completed (${counts.completed})`,
    `Cancelled (${counts.cancelled})`,
    `Refunded (${counts.refunded})`,
    `Failed (${counts.failed})`,
  ]);
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  // The navigation's Orders shows how many wait to be fulfilled, from the same reply.
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" })).toHaveAccessibleDescription(
    `${counts.processing} to fulfil`,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await searchOrders(page, email);
  await expect(page.getByText("2 orders", { exact: true })).toBeVisible();
  const owner = page.request;
  const shown = ((await (await owner.get(`/api/admin/v1/orders?search=${encodeURIComponent(email)}`)).json()) as { orders: PlacedOrder[] })
    .orders;
  const beanie = shown.find((order) => order.id === beanieId) as PlacedOrder;
  const tees = shown.find((order) => order.id === teesId) as PlacedOrder;
  expect(tees.total).toBeGreaterThan(beanie.total);

  // Newest first: the tees, then the beanie; each row links to its order.
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveText(["Order", /^Date/, "Status", "Origin", "Items", /^Total/]);
  await expect(rows(page)).toHaveCount(2);
  const teesLink = page.getByRole("link", { name: `#${teesId} Ada Shopper` });
  await expect(teesLink).toHaveAttribute("href", `/admin/orders/${teesId}`);
  await expect(page.getByRole("link", { name: `#${beanieId} Grace Shopper` })).toHaveAttribute("href", `/admin/orders/${beanieId}`);
  const teesRow = rows(page).nth(0);
  await expect(teesRow.getByRole("cell")).toHaveText(["", /\d/, "On hold", "Unknown", "3", money(tees)]);
  await expect(rows(page).nth(1).getByRole("cell")).toHaveText(["", /\d/, "Processing", "Unknown", "1", money(beanie)]);
  await expect(teesRow.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByRole("columnheader", { name: /^Date/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: /^Total/ })).not.toHaveAttribute("aria-sort", /.*/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/api/admin/v1/orders/export.csv?search=${encodeURIComponent(email)}`,
  );

  // Sorting by total, largest then smallest first, keeps the search.
  await page.getByRole("link", { name: "Total, sort largest first" }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}&orderby=total`);
  await expect(page.getByRole("columnheader", { name: /^Total/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: /^Date/ })).not.toHaveAttribute("aria-sort", /.*/);
  await expect(rows(page).first()).toContainText(`#${teesId}`);
  await page.getByRole("link", { name: "Total, sort smallest first" }).click();
  await expect(page).toHaveURL(/orderby=total&order=asc$/);
  await expect(page.getByRole("columnheader", { name: /^Total/ })).toHaveAttribute("aria-sort", "ascending");
  await expectSortHeaderStyled(page.getByRole("link", { name: "Total, sort largest first" }));
  await expect(rows(page).first()).toContainText(`#${beanieId}`);
  await page.getByRole("link", { name: "Date, sort newest first" }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}`);

  // A tab keeps the search; its own orders only.
  await tabs.filter({ hasText: "On hold" }).click();
  await expect(page).toHaveURL(`/admin/orders?status=on-hold&search=${encodeURIComponent(email)}`);
  await expect(tabs.filter({ hasText: "On hold" })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`#${teesId}`);
  await tabs.filter({ hasText: "Completed" }).click();
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  await tabs.filter({ hasText: "All" }).click();
  await expect(rows(page)).toHaveCount(2);

  // Filters: payment method, origin and the day, each in the URL; the back button restores them.
  await page.getByLabel("Payment method", { exact: true }).selectOption("cod");
  await page.getByLabel("Origin", { exact: true }).selectOption("unknown");
  await page.getByLabel("From", { exact: true }).fill(utcDay());
  await page.getByLabel("To", { exact: true }).fill(utcDay());
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(
    `/admin/orders?search=${encodeURIComponent(email)}&from=${utcDay()}&to=${utcDay()}&payment_method=cod&source_type=unknown`,
  );
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`#${beanieId}`);
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(utcDay(1));
  await page.getByLabel("To", { exact: true }).fill(utcDay(2));
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  await page.goBack();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(utcDay());
  await expect(page.getByLabel("Payment method", { exact: true })).toHaveValue("cod");
  await page.getByLabel("Origin", { exact: true }).selectOption("referral");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/source_type=referral/);
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  // A page past the end of a list with nothing in it offers its first page back, "Page 1 of 1", never "of 0".
  await page.goto("/admin/orders?source_type=referral&page=3");
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Page 1 of 1" }).click();
  await expect(page).toHaveURL("/admin/orders?source_type=referral");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/admin/orders");
  // A stale link past the last page of a list that has orders says where it ends, never "No orders yet".
  // (Other journeys add orders to the shared shop, so the last page may be 1 or more; page 99 is past it either way.)
  await page.goto("/admin/orders?page=99");
  await expect(page.getByText(/^Nothing on page 99: the list ends at page \d+\./)).toBeVisible();
  await expect(page.getByText("No orders yet.")).toHaveCount(0);
  await page.getByRole("link", { name: /^Page (\d+) of \1$/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders(\?page=\d+)?$/);
  await expect(rows(page).first()).toBeVisible();
  // The lists that share the console's pager say the same (the demo's coupons).
  await page.goto("/admin/coupons?page=99");
  await expect(page.getByText(/^Nothing on page 99: the list ends at page \d+\./)).toBeVisible();
  await page.getByRole("link", { name: /^Page (\d+) of \1$/ }).click();
  await expect(page).toHaveURL(/\/admin\/coupons(\?page=\d+)?$/);
  await page.goto("/admin/orders");

  // Pages: 19 more orders make this shopper's 21, one more than a page holds.
  for (let n = 0; n < 19; n++) await placeOrder(shopper, { slug: "gift-card", quantity: 1, method: "cod", email, firstName: "Page" });
  await searchOrders(page, email);
  await expect(page.getByText("21 orders", { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  // The console's one pager: the page shown marked current, an end with nowhere to go as text, never a link.
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByText("Page 1 of 2")).toHaveAttribute("aria-current", "page");
  await expect(pages.getByText("Previous page")).toBeVisible();
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}&page=2`);
  await expect(pages.getByText("Page 2 of 2")).toHaveAttribute("aria-current", "page");
  // The link pressed is gone on the last page: focus is on the page reached, not back at the document's start.
  await expect(pages.getByText("Page 2 of 2")).toBeFocused();
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  // Back a page, the search kept.
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveAttribute(
    "href",
    `/admin/orders?search=${encodeURIComponent(email)}`,
  );
  // Oldest of all on the last page: the beanie, placed first.
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`#${beanieId}`);
  // Past the last page the pager goes ("Page 9 of 2" and a way to page 8 would say the opposite of the text), and the
  // text links the last page, the search kept.
  await page.goto(`/admin/orders?search=${encodeURIComponent(email)}&page=9`);
  await expect(page.getByText("Nothing on page 9: the list ends at page 2.")).toBeVisible();
  await expect(pages).toHaveCount(0);
  await page.getByRole("link", { name: "Page 2 of 2" }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}&page=2`);
  await expect(pages).toContainText("Page 2 of 2");
  expect(await seriousViolations(page)).toEqual([]);
  await shopper.dispose();
});

test("a row says what was refunded of its total and what the order kept", async ({ page, playwright, baseURL }) => {
  const email = `refunded-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const shopper = await playwright.request.newContext({ baseURL });
  // 3 × 20.00 + 4.35 tax + 5.00 shipping + 0.36 its tax = 69.71, paid on delivery (processing).
  const id = await placeOrder(shopper, { slug: "classic-t-shirt", quantity: 3, method: "cod", email, firstName: "Rita" });
  await shopper.dispose();
  await signInAsOwner(page, null);
  const nonce = (await page.request.get("/api/admin/v1/orders?per_page=1")).headers().nonce ?? "";
  const refund = await page.request.post(`/api/admin/v1/orders/${id}/refunds`, {
    headers: { nonce },
    data: { amount: 2000, method: "manual", restock: false, reason: "Late delivery" },
  });
  expect(refund.status(), await refund.text()).toBe(201);
  await page.goto("/admin/orders");
  await searchOrders(page, email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole("cell").last()).toHaveText("$69.71$20.00 refunded, net $49.71");
  expect(await seriousViolations(page)).toEqual([]);
});

test("the keyboard alone searches, sorts, selects, switches tabs and opens an order", async ({ page, playwright, baseURL }) => {
  const email = `keys-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const shopper = await playwright.request.newContext({ baseURL });
  const first = await placeOrder(shopper, { slug: "beanie", quantity: 2, method: "cod", email, firstName: "Key" });
  const second = await placeOrder(shopper, { slug: "gift-card", quantity: 1, method: "bacs", email, firstName: "Board" });
  await shopper.dispose();

  await signInAsOwner(page, "/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await tabTo(page, "Search orders");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/admin/orders?search=${encodeURIComponent(email)}`);
  await expect(page.getByText("2 orders", { exact: true })).toBeVisible();

  // An unsorted column's arrow shows only while its header has the focus (or the pointer), the way a press would sort.
  const totalArrow = page.getByRole("link", { name: "Total, sort largest first" }).locator(".admin-sort__arrow");
  await expect(totalArrow).toHaveCSS("opacity", "0");
  await tabTo(page, "Total, sort largest first");
  await expect(totalArrow).toHaveCSS("opacity", "1");
  await expect(totalArrow).toHaveText("↓");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/orderby=total$/);
  await expect(page.getByRole("columnheader", { name: /^Total/ })).toHaveAttribute("aria-sort", "descending");

  // Selecting every order on the page shows what can be done with them; printing names the selection.
  await tabTo(page, "Select every order on this page");
  await page.keyboard.press("Space");
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toContainText("2 orders selected");
  const ids = [first, second];
  const invoices = bulk.getByRole("link", { name: /^Print invoices/ });
  const href = await invoices.getAttribute("href");
  expect(href).toMatch(/^\/admin\/orders\/print\?ids=\d+,\d+&document=invoice$/);
  expect(new Set(new URLSearchParams((href ?? "").split("?")[1]).get("ids")?.split(",").map(Number))).toEqual(new Set(ids));
  await expect(bulk.getByRole("link", { name: /^Print packing slips/ })).toHaveAttribute("href", /document=packing-slip$/);
  await expect(bulk.getByRole("button", { name: "Mark completed" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, "Clear selection");
  await page.keyboard.press("Enter");
  await expect(bulk).toContainText("Select orders to change their status or print them.");
  await expect(bulk.getByRole("button", { name: "Mark completed" })).toBeDisabled();
  await expect(bulk.getByRole("link")).toHaveCount(0);

  await tabTo(page, /^On hold \(\d+\)$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/status=on-hold/);
  await expect(rows(page)).toHaveCount(1);
  await tabTo(page, `#${second} Board Shopper`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/admin/orders/${second}`);
});
