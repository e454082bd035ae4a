/**
 * The reports (decision 0104): a guest's paid order, then the owner follows the dashboard's top
 * products to the Products tab, sorts it by a column, changes the period, moves through the Coupons,
 * Taxes and Customers tabs, finds the guest and downloads the tab's CSV; axe on every tab. Other
 * journeys order at the same time: the figures are checked against what the page's own call answered.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { guestOrderByApi, seriousViolations } from "./support/shopper-order.ts";
import { expectSortHeaderStyled } from "./support/sort-header.ts";

test("the owner opens Reports from the dashboard, sorts, changes the period, switches tabs and downloads a tab's CSV", async ({
  page,
  browser,
}) => {
  // A checkout, seven console pages and four axe runs: 17 s on a quiet machine, past 30 s beside other runs.
  test.setTimeout(60_000);
  const { email } = await guestOrderByApi(page.request);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signInAsOwner(owner);
    await expect(owner.getByRole("heading", { level: 2, name: "Top products" })).toBeVisible();
    await owner.getByRole("link", { name: "Every product sold in this period" }).click();
    await expect(owner).toHaveURL(/\/admin\/reports\/products$/);
    await expect(owner.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(owner.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reports" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const tabs = owner.getByRole("navigation", { name: "Reports" });
    await expect(tabs.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    const table = owner.getByRole("table", { name: "Products sold" });
    await expect(table.getByRole("link", { name: /^Beanie/ })).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);

    // Sorted by net sales, biggest first; the period changed keeps the sort.
    await owner.getByRole("link", { name: "Sort by Net sales, descending" }).click();
    await expect(owner).toHaveURL(/sort=net_sales/);
    await expect(table.getByRole("columnheader", { name: /Net sales/ })).toHaveAttribute("aria-sort", "descending");
    await expectSortHeaderStyled(table.getByRole("link", { name: "Sort by Net sales, ascending" }));
    await owner.getByRole("link", { name: "Last 7 days" }).click();
    await expect(owner).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&sort=net_sales$/);
    await expect(owner.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
    await expect(table.getByRole("link", { name: /^Beanie/ })).toBeVisible();

    for (const [tab, caption, empty] of [
      ["Coupons", "Coupons used", "No coupons used in this period."],
      ["Taxes", "Taxes charged", "No tax charged in this period."],
    ] as const) {
      await tabs.getByRole("link", { name: tab }).click();
      await expect(owner).toHaveURL(new RegExp(`/admin/reports/${tab.toLowerCase()}\\?from=`));
      await expect(tabs.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
      await expect(owner.getByRole("table", { name: caption }).or(owner.getByText(empty, { exact: true }))).toBeVisible();
      expect(await seriousViolations(owner)).toEqual([]);
    }
    // The demo taxes California and shows one "Tax" line, but the guest's order kept its tax by rate (decision 0152).
    await expect(owner.getByRole("table", { name: "Taxes charged" }).getByRole("rowheader", { name: "CA Tax (7.25%)" })).toBeVisible();

    await tabs.getByRole("link", { name: "Customers" }).click();
    const search = owner.getByRole("searchbox", { name: "Search customers" });
    await search.fill(email);
    await search.press("Enter");
    await expect(owner).toHaveURL(/\/admin\/reports\/customers\?.*search=/);
    const row = owner.getByRole("table", { name: "Customers who ordered" }).getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Guest");
    // A guest is named by their order's billing name (the checkout's helper bills Ada Shopper), linking to the guest.
    await expect(row.getByRole("link", { name: "Ada Shopper" })).toHaveAttribute("href", /\/admin\/customers\/guest\?email=/);
    expect(await seriousViolations(owner)).toEqual([]);

    // A stale link past the tab's last page says where its rows end and links it, with the tab, period, search and sort.
    const searched = new URL(owner.url());
    await owner.goto(`${searched.pathname}${searched.search}&page=7`);
    await expect(owner.getByText("Nothing on page 7: the report's rows end at page 1.")).toBeVisible();
    await expect(owner.getByText("Nothing in this period matches this search.")).toHaveCount(0);
    const back = new URL((await owner.getByRole("link", { name: "Page 1 of 1" }).getAttribute("href")) as string, searched);
    expect(back.pathname).toBe("/admin/reports/customers");
    expect([...back.searchParams].sort()).toEqual([...searched.searchParams].sort());
    await owner.getByRole("link", { name: "Page 1 of 1" }).click();
    await expect(row).toContainText("Guest");

    const [download] = await Promise.all([owner.waitForEvent("download"), owner.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-report-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(csv[0]).toBe("Name,Email,Type,Orders,Total spend (USD),Average order value (USD),Last order (UTC)");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^Ada Shopper,${email.replace(/[.+]/g, "\\$&")},Guest,1,`));
  } finally {
    await ownerContext.close();
  }
});
