/**
 * The shop's time zone (Settings → General, decision 0086): the owner picks it in the console, an
 * unknown zone is refused beside its field, and an order placed at 20:30 UTC on 29 November shows on
 * 30 November, 7:30 AM in Sydney: in the order list (whose day filter finds it on the 30th), on the
 * order's page and on the shopper's order page. It runs with the settings journeys, one at a time.
 */
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { signInAsOwner } from "./support/owner.ts";
import { shopDatabaseFile } from "./support/shop-data.ts";
import { guestOrder, seriousViolations } from "./support/shopper-order.ts";

// A year before the journeys run: no other order shares its day, so the day's list holds it on its first page.
const PLACED_AT = "2025-11-29T20:30:00.000Z";

test("the owner picks the shop's time zone, and an order's date is its day and time there", async ({ page }) => {
  const { orderId } = await guestOrder(page);
  const receivedPage = page.url();
  const db = new Database(shopDatabaseFile());
  try {
    db.prepare("update orders set created_at = ? where id = ?").run(PLACED_AT, orderId);
  } finally {
    db.close();
  }

  await signInAsOwner(page, "/admin/settings");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("UTC");
  await expect(zone).toHaveAccessibleDescription(/It is \d\d:\d\d there now \(.+, UTC\)/);
  const save = page.getByRole("button", { name: "Save store details" });

  await zone.fill("Mars/Olympus_Mons");
  await expect(zone).toHaveAccessibleDescription(/No time zone has this name yet/);
  await save.click();
  await expect(zone).toHaveAttribute("aria-invalid", "true");
  await expect(zone).toHaveAccessibleDescription(/Choose a time zone from the list/);

  await zone.fill("Australia/Sydney");
  await expect(zone).toHaveAccessibleDescription(/It is \d\d:\d\d there now \(.+, UTC\+1[01]:00\)/);
  await save.click();
  await expect(page.getByText("Store details saved.")).toBeVisible();
  await expect(zone).not.toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  try {
    // The list names the zone, writes the order's moment in it and finds it on the zone's day.
    await page.goto("/admin/orders?from=2025-11-30&to=2025-11-30");
    await expect(page.getByText("Days in Australia/Sydney time, as the dates below")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `#${orderId}` });
    await expect(row).toContainText("Nov 30, 2025, 7:30 AM GMT+11");
    await page.goto("/admin/orders?from=2025-11-29&to=2025-11-29");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: `#${orderId}` })).toHaveCount(0);

    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByText("Nov 30, 2025, 7:30 AM").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The shopper's order page writes the same day.
    await page.goto(receivedPage);
    await expect(page.getByText("November 30, 2025").first()).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    await page.getByRole("combobox", { name: "Time zone" }).fill("UTC");
    await page.getByRole("button", { name: "Save store details" }).click();
    await expect(page.getByText("Store details saved.")).toBeVisible();
  }
});
