/**
 * The widget analytics' days are the shop's days (decisions 0086 and 0014, amended): reports are
 * kept per UTC quarter hour, and the owner's report sums them into the zone's days, on SQLite and
 * PostgreSQL. Paris is at +01:00 in January; Kolkata at +05:30 all year.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { testContext } from "../../../../../test/context.ts";
import { adminCall, settingsGroups, signedInOwner } from "../../../../../test/owner-client.ts";
import type { StoreClient } from "../../../../../test/store-client.ts";
import { widgetPage } from "./index.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let shop: TestShop;
let owner: StoreClient;
const { read, saved } = settingsGroups(() => owner);

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  owner = await signedInOwner(shop);
});
afterAll(() => shop?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A widget view reported by a visitor's browser at `at` (the server's clock set there). */
async function viewAt(at: string, channel?: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(at) });
  const nonce = (await widgetPage(testContext(shop), { headers: {}, ip: "127.0.0.1" })).widgets[0]?.nonce ?? "";
  const fields: [string, string][] = channel
    ? [
        ["action", "update_contact_channel_click"],
        ["widgetId", "1"],
        ["channel", channel],
        ["widgetNonce", nonce],
      ]
    : [
        ["action", "update_contact_widget_views"],
        ["widgetId", "1"],
        ["widgetNonce", nonce],
      ];
  const response = await shop.app.inject({
    method: "POST",
    url: "/ajax",
    remoteAddress: "198.51.100.9",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER },
    payload: new URLSearchParams(fields).toString(),
  });
  vi.useRealTimers();
  expect(response.json()).toEqual({ status: 1 });
}

async function inZone(zone: string) {
  await saved("store", { ...(await read("store")), time_zone: zone });
}

async function analytics(from: string, to: string) {
  const response = await adminCall(owner, "GET", `/contact-widgets/1/analytics?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { days: { day: string; views: number; clicks: number }[]; totals: { views: number; clicks: number } };
}
const views = (report: Awaited<ReturnType<typeof analytics>>) => Object.fromEntries(report.days.map((day) => [day.day, day.views]));

describe("widget analytics in the shop's time zone", () => {
  it("counts a view at 23:30 UTC on the next day in Paris in winter, and on its UTC day in a UTC shop", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    await viewAt("2026-01-14T22:59:59.000Z"); // 23:59:59 on the 14th in Paris
    await viewAt("2026-01-14T23:30:00.000Z"); // 00:30 on the 15th in Paris
    await viewAt("2026-01-14T23:30:00.000Z", "WhatsApp");
    await viewAt("2026-01-15T23:00:00.000Z"); // midnight, the 16th in Paris

    await inZone("UTC");
    expect(views(await analytics("2026-01-14", "2026-01-16"))).toEqual({ "2026-01-14": 2, "2026-01-15": 1, "2026-01-16": 0 });
    await inZone("Europe/Paris");
    const paris = await analytics("2026-01-14", "2026-01-16");
    expect(views(paris)).toEqual({ "2026-01-14": 1, "2026-01-15": 1, "2026-01-16": 1 });
    // The range's totals and its channels are the zone's days too.
    const fifteenth = await analytics("2026-01-15", "2026-01-15");
    expect(fifteenth.totals).toMatchObject({ views: 1, clicks: 0 });
    expect((fifteenth as unknown as { channels: { channel: string; clicks: number }[] }).channels).toContainEqual(
      expect.objectContaining({ channel: "WhatsApp", clicks: 1 }),
    );
    expect((await analytics("2026-01-14", "2026-01-14")).totals.views).toBe(1);
  });

  it("splits a half-hour zone's days exactly: Kolkata's day starts at 18:30 UTC", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    await viewAt("2026-03-10T18:29:00.000Z"); // 23:59 on the 10th in Kolkata
    await viewAt("2026-03-10T18:30:00.000Z"); // 00:00 on the 11th
    await viewAt("2026-03-10T18:44:59.000Z"); // 00:14:59 on the 11th
    await inZone("Asia/Kolkata");
    expect(views(await analytics("2026-03-10", "2026-03-11"))).toEqual({ "2026-03-10": 1, "2026-03-11": 2 });
  });

  it("groups days in zones past ±12 hours and at a quarter hour: Kiritimati (+14), Pago Pago (−11), Kathmandu (+5:45)", async () => {
    await shop.db.deleteFrom("contact_widget_stats").execute();
    await viewAt("2026-04-30T09:59:00.000Z"); // 23:59 on 30 April in Kiritimati, 22:59 on 29 April in Pago Pago, 15:44 on 30 April in Kathmandu
    await viewAt("2026-04-30T10:00:00.000Z"); // 00:00 on 1 May in Kiritimati
    await viewAt("2026-04-30T18:14:59.000Z"); // 23:59:59 on 30 April in Kathmandu
    await viewAt("2026-04-30T18:15:00.000Z"); // 00:00 on 1 May in Kathmandu
    await viewAt("2026-05-01T10:59:00.000Z"); // 23:59 on 30 April in Pago Pago
    await viewAt("2026-05-01T11:00:00.000Z"); // 00:00 on 1 May in Pago Pago
    await inZone("Pacific/Kiritimati");
    // Kiritimati's 1 May runs from 10:00 UTC on 30 April to 10:00 UTC on 1 May.
    expect(views(await analytics("2026-04-29", "2026-05-02"))).toEqual({
      "2026-04-29": 0,
      "2026-04-30": 1,
      "2026-05-01": 3,
      "2026-05-02": 2,
    });
    expect((await analytics("2026-05-01", "2026-05-01")).totals.views).toBe(3);
    await inZone("Pacific/Pago_Pago");
    // Pago Pago's 30 April runs from 11:00 UTC on 30 April to 11:00 UTC on 1 May.
    expect(views(await analytics("2026-04-29", "2026-05-02"))).toEqual({
      "2026-04-29": 2,
      "2026-04-30": 3,
      "2026-05-01": 1,
      "2026-05-02": 0,
    });
    expect((await analytics("2026-04-30", "2026-04-30")).totals.views).toBe(3);
    await inZone("Asia/Kathmandu");
    // Kathmandu's 1 May starts at 18:15 UTC on 30 April.
    expect(views(await analytics("2026-04-29", "2026-05-02"))).toEqual({
      "2026-04-29": 0,
      "2026-04-30": 3,
      "2026-05-01": 3,
      "2026-05-02": 0,
    });
    await inZone("UTC");
  });

  it("the default range ends on the zone's today west of −11 too", async () => {
    await inZone("Pacific/Pago_Pago");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T10:00:00.000Z") });
    const response = await adminCall(owner, "GET", "/contact-widgets/1/analytics");
    vi.useRealTimers();
    expect(response.json()).toMatchObject({ from: "2026-04-01", to: "2026-04-30" });
    await inZone("UTC");
  });

  it("the default range ends on the zone's today", async () => {
    await inZone("Pacific/Kiritimati"); // +14:00: its today is tomorrow in UTC for most of the day
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-05-01T12:00:00.000Z") });
    const response = await adminCall(owner, "GET", "/contact-widgets/1/analytics");
    vi.useRealTimers();
    expect(response.json().to).toBe("2026-05-02");
    await inZone("UTC");
  });
});
