import { describe, expect, it } from "vitest";
import { type Currency, DEFAULT_CURRENCY } from "../money.ts";
import { CUSTOM_TEE_FORM } from "./demo.ts";
import { amountNeedsRounding, formatAmount, formatInputAmount, orderSummary, parseAmount, paymentTotal } from "./payment.ts";
import type { FormDefinition } from "./types.ts";

const EURO: Currency = { code: "EUR", symbol: "€", minorUnit: 2, decimalSeparator: ",", thousandSeparator: ".", prefix: "", suffix: " €" };
const YEN: Currency = { code: "JPY", symbol: "¥", minorUnit: 0, decimalSeparator: ".", thousandSeparator: ",", prefix: "¥", suffix: "" };

describe("parseAmount (visitor-entered amounts, the shop's separators)", () => {
  it.each([
    ["61", 6100],
    ["61.00", 6100],
    ["0.5", 50],
    [".5", 50],
    ["1,234.56", 123456],
    ["1,234.565", 123457],
    ["1,234.564", 123456],
    ["0", 0],
    ["", null],
    ["  ", null],
    ["12.3.4", null],
    ["-5", null],
    ["1e3", null],
    ["$5", null],
    [".", null],
    ["1234567890123", null],
    ["12,345,678.9", 1234567890],
    // A thousands separator that groups no three digits is no amount: the visitor may have meant a decimal comma.
    ["1,5", null],
    ["1,50", null],
    ["1,5000", null],
    [",500", null],
    ["1,,500", null],
    ["1.5,00", null],
  ] as const)("USD %j → %j", (text, minor) => {
    expect(parseAmount(text, DEFAULT_CURRENCY)).toBe(minor);
  });

  it.each([
    ["1.234,56", 123456],
    ["12,5", 1250],
    ["12.500", 1250000], // "." is the thousands separator here
    ["12.5", null], // so this is no amount, never 125 €
  ] as const)("EUR %j → %j", (text, minor) => {
    expect(parseAmount(text, EURO)).toBe(minor);
  });

  it("reads a space between thousands however it is typed", () => {
    const spaced: Currency = { ...EURO, thousandSeparator: "\u00a0" };
    for (const text of ["1 234,50", "1\u00a0234,50", "1\u202f234,50"]) expect(parseAmount(text, spaced)).toBe(123450);
    expect(parseAmount("1 23,50", spaced)).toBeNull();
  });

  it("reads currencies without decimals", () => {
    expect(parseAmount("1,500", YEN)).toBe(1500);
    expect(parseAmount("1500.6", YEN)).toBe(1501);
  });

  const byCode = { USD: DEFAULT_CURRENCY, EUR: EURO, JPY: YEN };
  it.each([
    ["0.005", "USD", true],
    ["1,234.561", "USD", true],
    ["0.01", "USD", false],
    ["1.000", "USD", false],
    ["61", "USD", false],
    ["not an amount", "USD", false],
    ["12,505", "EUR", true],
    ["1500.6", "JPY", true],
    ["1,500", "JPY", false],
  ] as const)("%j in %s needs rounding: %s", (text, code, rounds) => {
    expect(amountNeedsRounding(text, byCode[code])).toBe(rounds);
  });

  it("formats amounts back for the field and for display", () => {
    expect(formatInputAmount(123456, DEFAULT_CURRENCY)).toBe("1,234.56");
    expect(formatInputAmount(123456, EURO)).toBe("1.234,56");
    expect(formatAmount(6100, DEFAULT_CURRENCY)).toBe("$61.00");
  });
});

describe("paymentTotal and orderSummary (custom-tee)", () => {
  it("Premium × 2 with Gift wrap is 61.00", () => {
    const values = { 5: "2", 6: "2", 7: ["1"], 8: "Happy birthday" };
    expect(paymentTotal(CUSTOM_TEE_FORM, values, DEFAULT_CURRENCY)).toBe(6100);
    expect(paymentTotal(CUSTOM_TEE_FORM, values)).toBe(6100);
    expect(orderSummary(CUSTOM_TEE_FORM, values, DEFAULT_CURRENCY)).toEqual([
      { fieldId: 5, choiceId: 2, label: "Style: Premium", quantity: 2, priceMinor: 2800, amountMinor: 5600 },
      { fieldId: 7, choiceId: 1, label: "Extras: Gift wrap", quantity: 1, priceMinor: 500, amountMinor: 500 },
    ]);
  });

  it.each([
    ["nothing chosen", {}, 0],
    ["Classic, quantity by default 1", { 5: "1" }, 2000],
    ["Classic × 10, both extras", { 5: "1", 6: "10", 7: ["1", "2"] }, 20000 + 500 + 1200],
    ["quantity above the maximum counts as the maximum", { 5: "1", 6: "50" }, 20000],
    ["a quantity that is not a number counts as the minimum", { 5: "1", 6: "two" }, 2000],
    ["an unknown choice counts nothing", { 5: "9", 7: ["7"] }, 0],
    ["a tip in dollars", { 5: "2", 11: "4.50" }, 3250],
    ["a tip that is not an amount", { 5: "2", 11: "four" }, 2800],
    ["browser figures are ignored", { 5: "2", 12: "0.01" }, 2800],
  ])("%s", (_, values, total) => {
    expect(paymentTotal(CUSTOM_TEE_FORM, values, DEFAULT_CURRENCY)).toBe(total);
  });

  it("leaves out payment fields hidden by logic, and their quantities", () => {
    const definition: FormDefinition = {
      ...CUSTOM_TEE_FORM,
      fields: CUSTOM_TEE_FORM.fields.map((field) =>
        field.id === 7 ? { ...field, logic: { action: "show", match: "all", rules: [{ field: 5, operator: "is", value: "2" }] } } : field,
      ),
    };
    expect(paymentTotal(definition, { 5: "1", 7: ["1"] }, DEFAULT_CURRENCY)).toBe(2000);
    expect(paymentTotal(definition, { 5: "2", 7: ["1"] }, DEFAULT_CURRENCY)).toBe(3300);
    const hiddenQuantity: FormDefinition = {
      ...CUSTOM_TEE_FORM,
      fields: CUSTOM_TEE_FORM.fields.map((field) =>
        field.id === 6 ? { ...field, logic: { action: "hide", match: "all", rules: [{ field: 5, operator: "is", value: "2" }] } } : field,
      ),
    };
    expect(paymentTotal(hiddenQuantity, { 5: "2", 6: "3" }, DEFAULT_CURRENCY)).toBe(2800);
    expect(paymentTotal(hiddenQuantity, { 5: "1", 6: "3" }, DEFAULT_CURRENCY)).toBe(6000);
  });

  it("counts a single item at its fixed price times its quantity", () => {
    const definition: FormDefinition = {
      ...CUSTOM_TEE_FORM,
      fields: [
        { id: 1, page: 1, type: "payment-single", label: "Ticket", priceMinor: 1250, required: false },
        { id: 2, page: 1, type: "payment-quantity", label: "How many", forField: 1, min: 0, max: 5, default: "1", required: false },
      ],
    };
    expect(paymentTotal(definition, {}, DEFAULT_CURRENCY)).toBe(1250);
    expect(paymentTotal(definition, { 2: "3" }, DEFAULT_CURRENCY)).toBe(3750);
    expect(paymentTotal(definition, { 2: "0" }, DEFAULT_CURRENCY)).toBe(0);
  });
});
