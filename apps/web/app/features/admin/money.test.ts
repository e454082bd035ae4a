import { describe, expect, it } from "vitest";
import { formatDeduction, formatMoney } from "./money.ts";

describe("the console's money", () => {
  it("writes an amount in the order's currency and the decimals it was kept in", () => {
    expect(formatMoney(7150, "USD", undefined, "en-US")).toBe("$71.50");
    expect(formatMoney(2681, "JPY", 2, "en-US")).toBe("¥26.81");
    // A code Intl refuses: the number with the code, never nothing.
    expect(formatMoney(1234, "US", 2, "en-US")).toBe("12.34 US");
    expect(formatDeduction(1234, "US", 2, "en-US")).toBe("-12.34 US");
  });

  it("writes a deduction with the sign a negative fee gets, whatever the locale", () => {
    expect(formatDeduction(500, "USD", 2, "en-US")).toBe("-$5.00");
    expect(formatMoney(-550, "USD", 2, "en-US")).toBe("-$5.50");
    for (const locale of ["en-US", "de-DE", "sv-SE", "fr-FR"]) {
      const deduction = formatDeduction(500, "EUR", 2, locale);
      const fee = formatMoney(-500, "EUR", 2, locale);
      expect(deduction, locale).toBe(fee);
      expect(deduction, locale).not.toBe(formatMoney(500, "EUR", 2, locale));
    }
    // A deduction kept as a negative amount is written the same way, not as a double negative.
    expect(formatDeduction(-500, "USD", 2, "en-US")).toBe("-$5.00");
  });

  it("writes nothing taken off as zero, without a sign", () => {
    expect(formatDeduction(0, "USD", 2, "en-US")).toBe("$0.00");
    expect(formatMoney(-0, "USD", 2, "en-US")).toBe("$0.00");
  });
});
