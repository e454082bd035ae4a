import { describe, expect, it } from "vitest";
import { refundedNote } from "./format.ts";

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
