import { describe, expect, it } from "vitest";
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
  it("writes a row's moment in UTC, whatever the owner's zone, as the day filters count it", () => {
    const zone = process.env.TZ;
    // An owner in California: 02:26 UTC on the 30th is 6:26 PM on the 29th there, yet the From/To days are UTC days.
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatDateTime("2026-11-30T02:26:13.111Z", "en-US")).toBe("Nov 30, 2026, 2:26 AM UTC");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});
