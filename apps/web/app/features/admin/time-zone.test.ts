import { afterEach, describe, expect, it } from "vitest";
import { presetDays } from "./dashboard/range.ts";
import { formatInZone, setShopTimeZone, shopTimeZone, shopToday } from "./time-zone.ts";

afterEach(() => setShopTimeZone("UTC"));

describe("the console's time zone", () => {
  it("is UTC until the frame or a save sets the shop's", () => {
    expect(shopTimeZone()).toBe("UTC");
    setShopTimeZone("Australia/Sydney");
    expect(shopTimeZone()).toBe("Australia/Sydney");
  });

  it("counts today as the shop's day: 20:30 UTC on the 29th is the 30th in Sydney, the 29th in Los Angeles", () => {
    const now = Date.parse("2026-11-29T20:30:00.000Z");
    expect(shopToday(now).toISOString()).toBe("2026-11-29T12:00:00.000Z");
    setShopTimeZone("Australia/Sydney");
    expect(shopToday(now).toISOString()).toBe("2026-11-30T12:00:00.000Z");
    expect(presetDays("last7", shopToday(now))).toEqual({ from: "2026-11-24", to: "2026-11-30" });
    setShopTimeZone("America/Los_Angeles");
    expect(shopToday(now).toISOString()).toBe("2026-11-29T12:00:00.000Z");
  });

  it("writes a moment in the shop's zone", () => {
    setShopTimeZone("Europe/Paris");
    expect(formatInZone("2026-10-25T00:30:00.000Z", { dateStyle: "medium", timeStyle: "short" }, "en-US")).toBe("Oct 25, 2026, 2:30 AM");
    expect(formatInZone("2026-10-25T01:30:00.000Z", { dateStyle: "medium", timeStyle: "short" }, "en-US")).toBe("Oct 25, 2026, 2:30 AM");
    expect(formatInZone("soon", { dateStyle: "medium" })).toBe("soon");
  });
});
