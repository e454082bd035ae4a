/**
 * The console's dashboard (issue 18) at /admin: a shopper's paid order is in today's sales (the
 * cards checked against the overview the page itself loaded, since other journeys order at the same
 * time), the chart's table has the same day's numbers, a status line opens the order list, the
 * presets and a custom period live in the URL, an empty period, a refused one and a failed load;
 * by keyboard alone; axe on every state; both console charts' labels readable at three widths. Runs against the real owner API.
 */
import { expect, type Page, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { customerOrderByApi, seriousViolations, tabTo, usd } from "./support/shopper-order.ts";

interface Overview {
  from: string;
  to: string;
  currency_code: string;
  today: { date: string; orders: number; sales: number };
  month: { orders: number; sales: number };
  orders_by_status: { status: string; orders: number; total: number }[];
  daily_sales: { date: string; orders: number; sales: number }[];
  orders_by_origin: { source_type: string; source: string; origin: string; orders: number }[];
}

/** Runs `go` and answers the overview the page loaded meanwhile. */
async function overviewLoadedBy(page: Page, go: () => Promise<unknown>): Promise<Overview> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes("/api/admin/v1/reports/overview")), go()]);
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

/** The sign-in lands on the dashboard: its figures have loaded before the next page asks for others. */
async function signedIn(page: Page): Promise<void> {
  await signInAsOwner(page);
  await expect(page.getByRole("heading", { level: 2, name: "Sales per day" })).toBeVisible();
}

const figure = (page: Page, label: string) =>
  page
    .locator(".admin-stats > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("today's sales include a shopper's new order; the chart's table, presets and status links, by keyboard alone", async ({
  page,
  browser,
}) => {
  const { orderId } = await customerOrderByApi(page.request);
  // A browser of the owner's own (axe needs a page of a context made here).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signedIn(owner);
    const reply = (await (await owner.request.get(`/api/admin/v1/orders/${orderId}`)).json()) as {
      totals: { total: number };
      status: string;
    };
    expect(reply.status).toBe("processing");
    const order = { total: reply.totals.total };

    const overview = await overviewLoadedBy(owner, () => owner.goto("/admin"));
    await expect(owner.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The order is paid and placed today: today's figures hold it, and the page shows what the API said.
    expect(overview.today.sales).toBeGreaterThanOrEqual(order.total);
    expect(overview.today.orders).toBeGreaterThanOrEqual(1);
    expect(overview.month.sales).toBeGreaterThanOrEqual(overview.today.sales);
    const money = (minor: number) => usd(minor, overview.currency_code);
    await expect(figure(owner, "Sales today")).toHaveText(money(overview.today.sales));
    await expect(figure(owner, "Orders today")).toHaveText(String(overview.today.orders));
    await expect(figure(owner, "Sales this month")).toHaveText(money(overview.month.sales));
    await expect(figure(owner, "Orders this month")).toHaveText(overview.month.orders.toLocaleString("en-US"));
    await expect(owner.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
    await expect(owner.getByRole("img", { name: /^Bar chart of sales per day/ })).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);

    // Orders by origin: every line opens the order list filtered to its origin, in the same days.
    const origins = owner.getByRole("region", { name: "Paid orders by origin" }).getByRole("link");
    await expect(origins).toHaveCount(overview.orders_by_origin.length);
    for (const line of overview.orders_by_origin.slice(0, 3))
      await expect(origins.filter({ hasText: line.origin }).first()).toHaveAttribute(
        "href",
        new RegExp(`^/admin/orders\\?source_type=${line.source_type}.*&from=${overview.from}&to=${overview.to}$`),
      );

    // A preset from the keyboard: the range goes into the URL and the API is asked for it.
    const week = await overviewLoadedBy(owner, async () => {
      await tabTo(owner, "Last 7 days");
      await owner.keyboard.press("Enter");
    });
    await expect(owner).toHaveURL(new RegExp(`/admin\\?from=${week.from}&to=${week.to}$`));
    expect((Date.parse(week.to) - Date.parse(week.from)) / 86_400_000).toBe(6);
    await expect(owner.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
    await expect(owner.getByLabel("From", { exact: true })).toHaveValue(week.from);

    // A start after the end is refused beside the fields, the URL unchanged.
    await owner.getByLabel("From", { exact: true }).fill(week.to);
    await owner.getByLabel("To", { exact: true }).fill(week.from);
    await tabTo(owner, "Show");
    await owner.keyboard.press("Enter");
    await expect(owner.getByRole("alert")).toHaveText("Choose a start on or before the end, at most 366 days apart.");
    await expect(owner.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(owner).toHaveURL(new RegExp(`from=${week.from}&to=${week.to}$`));

    // The chart's numbers, opened from the keyboard: 30 days ending today, today's row as the API counted it.
    await tabTo(owner, "Show the numbers per day");
    await owner.keyboard.press("Enter");
    const table = owner.getByRole("table", { name: "Sales per day" });
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(30);
    const todayRow = table.locator("tbody tr").filter({ has: owner.locator(`time[datetime="${week.today.date}"]`) });
    const todayInSeries = week.daily_sales.find((day) => day.date === week.today.date);
    expect(todayInSeries?.sales).toBe(week.today.sales);
    expect(week.today.sales).toBeGreaterThanOrEqual(order.total);
    await expect(todayRow.getByRole("cell").nth(0)).toHaveText(String(week.today.orders));
    await expect(todayRow.getByRole("cell").nth(1)).toHaveText(money(week.today.sales));
    expect(await seriousViolations(owner)).toEqual([]);

    // The Processing line opens the order list's tab for the same days.
    const processing = week.orders_by_status.find((row) => row.status === "processing");
    expect(processing?.orders).toBeGreaterThanOrEqual(1);
    await tabTo(owner, "Processing");
    await owner.keyboard.press("Enter");
    await expect(owner).toHaveURL(new RegExp(`/admin/orders\\?status=processing&from=${week.from}&to=${week.to}$`));
  } finally {
    await ownerContext.close();
  }
});

test("a period without orders says so; a custom period is kept in the URL; a refused one falls back to 30 days", async ({ page }) => {
  await signedIn(page);
  const empty = await overviewLoadedBy(page, () => page.goto("/admin?from=2020-01-01&to=2020-01-31"));
  expect(empty).toMatchObject({ from: "2020-01-01", to: "2020-01-31", orders_by_status: [], orders_by_origin: [] });
  await expect(page.getByText("No orders in this period.")).toBeVisible();
  await expect(page.getByText("No products sold in this period.")).toBeVisible();
  await expect(page.getByText("No paid orders in these 30 days.").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /\$0\.00 from 0 orders in all\./ })).toBeVisible();
  for (const preset of ["Last 7 days", "Last 30 days", "This month"])
    await expect(page.getByRole("link", { name: preset })).not.toHaveAttribute("aria-current", "true");
  expect(await seriousViolations(page)).toEqual([]);

  const custom = await overviewLoadedBy(page, async () => {
    await page.getByLabel("From", { exact: true }).fill("2020-02-01");
    await page.getByLabel("To", { exact: true }).fill("2020-02-10");
    await page.getByRole("button", { name: "Show", exact: true }).click();
  });
  expect(custom).toMatchObject({ from: "2020-02-01", to: "2020-02-10" });
  await expect(page).toHaveURL(/\/admin\?from=2020-02-01&to=2020-02-10$/);

  const refused = await overviewLoadedBy(page, () => page.goto("/admin?from=2026-13-01&to=2020-01-01"));
  expect((Date.parse(refused.to) - Date.parse(refused.from)) / 86_400_000).toBe(29);
  await expect(page.getByRole("alert")).toHaveText("That period could not be shown; here are the last 30 days.");
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  expect(await seriousViolations(page)).toEqual([]);
});

interface DrawnText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every drawn text of the page's charts (axis labels, legend): its words and box on screen, SVG text scaled with its
 * chart. The in-page code is a string: the journeys' TypeScript has no DOM types.
 */
const chartTexts = (page: Page) =>
  page.evaluate<DrawnText[]>(`[...document.querySelectorAll("figure.admin-chart")].flatMap((figure) => {
    const texts = [];
    const walker = document.createTreeWalker(figure, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (text && box.width > 0 && box.height > 0) texts.push({ text, x: box.x, y: box.y, width: box.width, height: box.height });
    }
    return texts;
  })`);

test("the charts' labels stay readable and apart on a phone and a desktop", async ({ page }) => {
  await customerOrderByApi(page.request);
  await signedIn(page);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/admin", "/admin/widgets/1/analytics"]) {
      await page.goto(path);
      await expect(page.getByRole("img", { name: /chart/i }).first()).toBeVisible();
      const texts = await chartTexts(page);
      expect(texts.length, `${path} at ${width} px has labelled axes`).toBeGreaterThan(5);
      for (const label of texts) {
        // A 12 px label's line box is about 14 px high; a 720-wide chart drawn 300 px wide made 11 px labels 5 px.
        expect(
          label.height,
          `"${label.text}" on ${path} at ${width} px is drawn ${label.height.toFixed(1)} px high`,
        ).toBeGreaterThanOrEqual(12);
        expect(label.x, `"${label.text}" on ${path} at ${width} px starts on screen`).toBeGreaterThanOrEqual(0);
        expect(label.x + label.width, `"${label.text}" on ${path} at ${width} px ends on screen`).toBeLessThanOrEqual(width);
      }
      for (const [index, a] of texts.entries())
        for (const b of texts.slice(index + 1)) {
          const apart = a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
          expect(apart, `"${a.text}" and "${b.text}" on ${path} at ${width} px overlap`).toBe(true);
        }
    }
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test("when the figures cannot be loaded, the page says so and offers to try again", async ({ page }) => {
  await signedIn(page);
  // The server failing once: the route answers as the owner API's errors look.
  let failures = 1;
  await page.route("**/api/admin/v1/reports/overview**", (route) =>
    failures-- > 0
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: "internal", message: "The database is busy.", data: null }),
        })
      : route.continue(),
  );
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("The database is busy.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
});
