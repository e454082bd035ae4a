import { formatAmount } from "@cartwright/commerce";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consoleMessages } from "./messages.ts";
import { type AmountFormat, amountText, decimalText, formatDeduction, formatMoney, readDecimal, toMinor } from "./money.ts";

const commaDecimals: AmountFormat = { decimalSeparator: ",", thousandSeparator: "." };
const pointDecimals: AmountFormat = { decimalSeparator: ".", thousandSeparator: "," };

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

describe("the console's parser of typed amounts", () => {
  it("reads the shop's separators: a decimal comma with points between thousands", () => {
    expect(toMinor("1.234,56", 2, commaDecimals)).toBe(123456);
    expect(toMinor("1,5", 2, commaDecimals)).toBe(150);
    expect(toMinor("12,50", 2, commaDecimals)).toBe(1250);
    expect(toMinor(",5", 2, commaDecimals)).toBe(50);
    expect(toMinor(" 1.234.567 ", 2, commaDecimals)).toBe(123456700);
    expect(toMinor("1234,56", 2, commaDecimals)).toBe(123456);
    // A point is this shop's thousand separator: "1.5" is no amount in it, never read as one and a half.
    expect(toMinor("1.5", 2, commaDecimals)).toBeUndefined();
    expect(toMinor("12.50", 2, commaDecimals)).toBeUndefined();
    expect(toMinor("1.2345", 2, commaDecimals)).toBeUndefined();
    expect(toMinor("12.345,6.7", 2, commaDecimals)).toBeUndefined();
    expect(toMinor("1,2,3", 2, commaDecimals)).toBeUndefined();
  });

  it("reads the shop's separators: a decimal point with commas between thousands", () => {
    expect(toMinor("1,234.56", 2, pointDecimals)).toBe(123456);
    expect(toMinor("1,500", 2, pointDecimals)).toBe(150000);
    expect(toMinor("12.5", 2, pointDecimals)).toBe(1250);
    expect(toMinor("12.", 2, pointDecimals)).toBe(1200);
    expect(toMinor("1,5", 2, pointDecimals)).toBeUndefined();
    expect(toMinor("12,50", 2, pointDecimals)).toBeUndefined();
    expect(toMinor("1,23,456.00", 2, pointDecimals)).toBeUndefined();
    expect(toMinor(",500", 2, pointDecimals)).toBeUndefined();
  });

  it("takes no thousand separator where the shop writes none, and any space where it groups with one", () => {
    const none = { decimalSeparator: ",", thousandSeparator: "" };
    expect(toMinor("1234,56", 2, none)).toBe(123456);
    expect(toMinor("1.234,56", 2, none)).toBeUndefined();
    expect(toMinor("1 234,56", 2, none)).toBeUndefined();
    const spaced = { decimalSeparator: ",", thousandSeparator: " " };
    expect(toMinor("1 234,56", 2, spaced)).toBe(123456);
    expect(toMinor("1\u00a0234\u202f567,5", 2, spaced)).toBe(123456750);
    expect(toMinor("12 34,56", 2, spaced)).toBeUndefined();
    // Separators that are also a pattern's characters are read as themselves.
    const apostrophes = { decimalSeparator: "·", thousandSeparator: "'" };
    expect(toMinor("1'234·5", 2, apostrophes)).toBe(123450);
    expect(toMinor("1x234", 2, { decimalSeparator: ".", thousandSeparator: "x" })).toBe(123400);
    expect(toMinor("1a5", 2, { decimalSeparator: ".*", thousandSeparator: "" })).toBeUndefined();
    expect(toMinor("1.*5", 2, { decimalSeparator: ".*", thousandSeparator: "" })).toBe(150);
  });

  it("works in currencies of three decimals and of none", () => {
    expect(toMinor("1.234,567", 3, commaDecimals)).toBe(1234567);
    expect(toMinor("1,5", 3, commaDecimals)).toBe(1500);
    expect(toMinor("1,5678", 3, commaDecimals)).toBeUndefined();
    expect(toMinor("1,500", 3, pointDecimals)).toBe(1500000);
    expect(toMinor("1.500", 3, pointDecimals)).toBe(1500);
    expect(toMinor("1.234", 0, commaDecimals)).toBe(1234);
    expect(toMinor("1,234", 0, pointDecimals)).toBe(1234);
    expect(toMinor("1234", 0, pointDecimals)).toBe(1234);
    expect(toMinor("1,5", 0, commaDecimals)).toBeUndefined();
    expect(toMinor("1.5", 0, pointDecimals)).toBeUndefined();
  });

  it("refuses what is no amount: nothing, a sign, letters, another script's digits, more than it can count", () => {
    for (const text of ["", "  ", ",", ".", "-1", "+1", "1e3", "five", "1,,5", "1..5", "$5", "٣", "1 5", "99999999999999999999"])
      for (const format of [commaDecimals, pointDecimals])
        expect(toMinor(text, 2, format), `${text} ${format.decimalSeparator}`).toBeUndefined();
  });

  it("reads with the decimal separator alone when the shop gave both the same (the settings refuse it; the storefront drops the grouping)", () => {
    const same = { decimalSeparator: ",", thousandSeparator: "," };
    expect(toMinor("1234,5", 2, same)).toBe(123450);
    expect(toMinor("1,234,5", 2, same)).toBeUndefined();
  });

  it("names the shop's format when an amount cannot be read", () => {
    expect(consoleMessages.notAmount(2, commaDecimals)).toBe(
      'Enter an amount of 0 or more as the shop writes it, such as 1250,50 or 1.250,50: digits, "," before at most 2 decimal places, "." only between groups of three digits.',
    );
    expect(consoleMessages.notAmount(3, { decimalSeparator: ".", thousandSeparator: "" })).toBe(
      'Enter an amount of 0 or more as the shop writes it, such as 1250.500: digits, "." before at most 3 decimal places, no thousands separator.',
    );
    expect(consoleMessages.notAmount(0, commaDecimals)).toBe(
      'Enter a whole amount of 0 or more as the shop writes it, such as 1250 or 1.250: digits only, "." only between groups of three digits.',
    );
  });

  it("writes an amount field's text in the shop's separators", () => {
    expect(amountText(123456, 2, commaDecimals)).toBe("1234,56");
    expect(amountText(123456, 2, commaDecimals, true)).toBe("1.234,56");
    expect(amountText(5, 3, pointDecimals)).toBe("0.005");
    expect(amountText(1500, 0, pointDecimals, true)).toBe("1,500");
    expect(amountText(0, 2, commaDecimals)).toBe("0,00");
  });

  // The separators shops use; the decimal one never empty, and never the thousand one (the settings refuse both).
  const decimals = [".", ",", "·", "٫", " dec "];
  const thousands = ["", ",", ".", " ", "\u00a0", "\u202f", "'", "’", "_"];
  const formats = fc
    .record({ decimalSeparator: fc.constantFrom(...decimals), thousandSeparator: fc.constantFrom(...thousands) })
    .filter((format) => format.decimalSeparator.trim() !== format.thousandSeparator.trim());
  const amounts = fc.record({ digits: fc.integer({ min: 0, max: 3 }), minor: fc.maxSafeInteger().map((n) => Math.abs(n) % 10 ** 15) });

  it("reads back every amount the console prints into a field, in any separators and decimals", () => {
    fc.assert(
      fc.property(amounts, formats, fc.boolean(), ({ digits, minor }, format, grouped) => {
        expect(toMinor(amountText(minor, digits, format, grouped), digits, format)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads back every amount as the storefront writes it, less its currency symbol", () => {
    fc.assert(
      fc.property(amounts, formats, ({ digits, minor }, format) => {
        const written = formatAmount(minor, { code: "XXX", symbol: "", minorUnit: digits, prefix: "", suffix: "", ...format });
        expect(toMinor(written, digits, format)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the console's reader of typed percentages", () => {
  it("reads the shop's decimal separator into the stored form", () => {
    expect(readDecimal("20,5", 4, commaDecimals)).toBe("20.5");
    expect(readDecimal(" 7,2500 ", 4, commaDecimals)).toBe("7.25");
    expect(readDecimal(",5", 4, commaDecimals)).toBe("0.5");
    expect(readDecimal("20", 4, commaDecimals)).toBe("20");
    expect(readDecimal("20.5", 4, pointDecimals)).toBe("20.5");
    expect(readDecimal("0", 4, pointDecimals)).toBe("0");
    expect(readDecimal("12,5", 2, commaDecimals)).toBe("12.5");
  });

  it("refuses a thousand separator, the other separator and more decimals than kept, never guessing", () => {
    // "1.000" in a shop that groups with "." is neither 1 nor 1000 as a percentage: refused.
    expect(readDecimal("1.000", 4, commaDecimals)).toBeUndefined();
    expect(readDecimal("1,000", 4, pointDecimals)).toBeUndefined();
    expect(readDecimal("20.5", 4, commaDecimals)).toBeUndefined();
    expect(readDecimal("20,5", 4, pointDecimals)).toBeUndefined();
    expect(readDecimal("1,23456", 4, commaDecimals)).toBeUndefined();
    for (const typed of ["", " ", ",", "-5", "+5", "5%", "ten", "١٠"]) expect(readDecimal(typed, 4, commaDecimals), typed).toBeUndefined();
  });

  it("prints a stored number in the shop's decimal separator without trailing zeros", () => {
    expect(decimalText("20.5000", commaDecimals)).toBe("20,5");
    expect(decimalText("20.0000", commaDecimals)).toBe("20");
    expect(decimalText("100", commaDecimals)).toBe("100");
    expect(decimalText("7.25", pointDecimals)).toBe("7.25");
  });

  it("names the shop's format when it refuses a percentage", () => {
    expect(consoleMessages.notPercent(4, commaDecimals)).toBe(
      'Enter a percentage as the shop writes numbers, such as 20 or 7,25: digits, "," before at most 4 decimal places, no "." between thousands.',
    );
    expect(consoleMessages.notPercent(2, { decimalSeparator: ".", thousandSeparator: " " })).toContain(
      '"." before at most 2 decimal places, no thousands separator.',
    );
  });

  it("writes a tax line's kept rate in the shop's decimal separator", () => {
    // Node has no console frame: the default separators, "." before decimals.
    expect(consoleMessages.taxLabel("VAT", "20.5%")).toBe("VAT (20.5%)");
    expect(decimalText("20.5%", commaDecimals)).toBe("20,5%");
    expect(consoleMessages.taxLabel("Tax", "")).toBe("Tax");
  });

  const decimals = [".", ",", "·", "٫", " dec "];
  const thousands = ["", ",", ".", " ", "\u00a0", "'", "_"];
  const formats = fc
    .record({ decimalSeparator: fc.constantFrom(...decimals), thousandSeparator: fc.constantFrom(...thousands) })
    .filter((format) => format.decimalSeparator.trim() !== format.thousandSeparator.trim());
  // A stored number as the owner API answers it: up to 4 decimals, trailing zeros and all.
  const stored = fc
    .record({ places: fc.integer({ min: 0, max: 4 }), units: fc.integer({ min: 0, max: 10 ** 9 }) })
    .map(({ places, units }) => ({ places, text: amountText(units, places, { decimalSeparator: ".", thousandSeparator: "" }) }));

  it("reads back every stored number it prints, in any separators, to the same value", () => {
    fc.assert(
      fc.property(stored, formats, ({ places, text }, format) => {
        const read = readDecimal(decimalText(text, format), places, format);
        expect(read).toBeDefined();
        expect(Number(read)).toBe(Number(text));
        // Once read, the stored form prints and reads back unchanged.
        expect(readDecimal(decimalText(read ?? "", format), places, format)).toBe(read);
      }),
      { numRuns: 2000 },
    );
  });
});
