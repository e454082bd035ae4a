/**
 * Migration 034 on SQLite and PostgreSQL: the widget counts kept per UTC day become quarter-hour
 * rows at the day's UTC noon, so a shop in Los Angeles or Sydney still reads them on their day;
 * down sums the quarter hours into days again.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { adminCall, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { down, up } from "./034_widget_stats_slots.ts";

let shop: TestShop;
let owner: StoreClient;
const { read, saved } = settingsGroups(() => owner);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
});
afterAll(() => shop?.close());

const rows = async (column: "day" | "slot") =>
  (
    await sql<{ key: string; channel: string; device: string; views: number; clicks: number }>`
      select ${sql.ref(column)} as key, channel, device, views, clicks from contact_widget_stats order by 1, 2, 3`.execute(shop.db)
  ).rows.map((row) => ({ ...row, views: Number(row.views), clicks: Number(row.clicks) }));

describe("migration 034", () => {
  it("keeps each day's counts at its UTC noon, read on the same day in Los Angeles and Sydney, and goes down again", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    await down(shop.db as never);
    await sql`insert into contact_widget_stats (widget_id, channel, day, device, views, clicks) values
      (1, '', '2026-11-02', 'desktop', 8, 2), (1, '', '2026-11-02', 'mobile', 2, 1), (1, 'WhatsApp', '2026-11-03', 'mobile', 4, 1)`.execute(
      shop.db,
    );
    await up(shop.db as never);
    expect(await rows("slot")).toEqual([
      { key: "2026-11-02T12:00", channel: "", device: "desktop", views: 8, clicks: 2 },
      { key: "2026-11-02T12:00", channel: "", device: "mobile", views: 2, clicks: 1 },
      { key: "2026-11-03T12:00", channel: "WhatsApp", device: "mobile", views: 4, clicks: 1 },
    ]);
    for (const zone of ["America/Los_Angeles", "Australia/Sydney"]) {
      await saved("store", { ...(await read("store")), time_zone: zone });
      const report = (await adminCall(owner, "GET", "/contact-widgets/1/analytics?from=2026-11-01&to=2026-11-03")).json();
      expect(
        report.days.map((day: { views: number }) => day.views),
        zone,
      ).toEqual([0, 10, 0]);
      expect(report.channels[0], zone).toMatchObject({ channel: "WhatsApp", views: 4, clicks: 1 });
    }
    await saved("store", { ...(await read("store")), time_zone: "UTC" });

    // Two quarter hours of one day become that day's one row again.
    await sql`insert into contact_widget_stats (widget_id, channel, slot, device, views, clicks) values
      (1, '', '2026-11-02T23:45', 'desktop', 1, 1)`.execute(shop.db);
    await down(shop.db as never);
    expect(await rows("day")).toEqual([
      { key: "2026-11-02", channel: "", device: "desktop", views: 9, clicks: 3 },
      { key: "2026-11-02", channel: "", device: "mobile", views: 2, clicks: 1 },
      { key: "2026-11-03", channel: "WhatsApp", device: "mobile", views: 4, clicks: 1 },
    ]);
    await up(shop.db as never);
  });
});
