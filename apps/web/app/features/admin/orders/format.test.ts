import { afterEach, describe, expect, it } from "vitest";
import { setShopTimeZone, shopTimeZone } from "../time-zone.ts";
import { formatDateTime, refundedNote } from "./format.ts";

describe("refundedNote", () => {
  it("says what a partly or wholly refunded order gave back and kept, in its currency's kept decimals", () => {
    expect(refundedNote({ total: 16196, refunded: 5000, currency: "USD", currency_minor_unit: 2 }, "en-US")).toBe(
      "$50.00 refunded, net $111.96",
    );
    expect(refundedNote({ total: 13406, refunded: 13406, currency: "USD", currency_minor_unit: 2 }, "en-US")).toBe(
      "$134.06 refunded, net $0.00",
    );
    expect(refundedNote({ total: 2681, refunded: 681, currency: "JPY", currency_minor_unit: 2 }, "en-US")).toBe(
      "¥6.81 refunded, net ¥20.00",
    );
  });
  it("is nothing for an order without refunds", () => {
    expect(refundedNote({ total: 4397, refunded: 0, currency: "USD", currency_minor_unit: 2 })).toBeNull();
  });
});

describe("formatDateTime", () => {
  afterEach(() => setShopTimeZone("UTC"));

  it("writes a row's moment in the shop's time zone, whatever the owner's own, as the day filters count it", () => {
    const zone = process.env.TZ;
    // An owner travelling in California: the shop's zone, not the browser's, names the day.
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatDateTime("2026-11-30T02:26:13.111Z", "en-US")).toBe("Nov 30, 2026, 2:26 AM UTC");
      setShopTimeZone("Australia/Sydney");
      // 02:26 UTC on the 30th is 1:26 PM the same day in Sydney's summer (UTC+11).
      expect(formatDateTime("2026-11-30T02:26:13.111Z", "en-US")).toBe("Nov 30, 2026, 1:26 PM GMT+11");
      setShopTimeZone("America/New_York");
      expect(formatDateTime("2026-11-30T02:26:13.111Z", "en-US")).toBe("Nov 29, 2026, 9:26 PM EST");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatDateTime("not a date")).toBe("not a date");
  });

  it("keeps the zone before when the shop's is one this browser does not know", () => {
    setShopTimeZone("Europe/Paris");
    setShopTimeZone("Mars/Olympus_Mons");
    expect(shopTimeZone()).toBe("Europe/Paris");
  });
});
