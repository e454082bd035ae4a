import { describe, expect, it } from "vitest";
import type { OrderLine } from "./api.ts";
import { line, order } from "./fixtures.test-support.ts";
import {
  amountForUnits,
  checkRefund,
  defaultMethod,
  emptyDraft,
  formPaths,
  lineAmountLeft,
  refundableLeft,
  refundMethods,
  unitsLeft,
  wholeDraft,
  withUnits,
} from "./refund.ts";

describe("amountForUnits", () => {
  it("is the unit's total with tax, discounts taken off, times the units", () => {
    // 3 units paid 50.00 + 5.00 tax: one unit is 18.33.
    expect(amountForUnits(line(), 1)).toBe(1833);
    expect(amountForUnits(line(), 2)).toBe(3667);
  });
  it("gives the last units exactly what is left, so parts add up to what was paid", () => {
    expect(amountForUnits(line(), 3)).toBe(5500);
    const partly = line({ refunded_quantity: 1, refunded_total: 1833 });
    expect(unitsLeft(partly)).toBe(2);
    expect(amountForUnits(partly, 2)).toBe(5500 - 1833);
    expect(1833 + amountForUnits(partly, 1) + amountForUnits(line({ refunded_quantity: 2, refunded_total: 1833 + 1833 }), 1)).toBe(5500);
  });
  it("is zero for no units and never above what the line has left", () => {
    expect(amountForUnits(line(), 0)).toBe(0);
    expect(amountForUnits(line({ refunded_quantity: 0, refunded_total: 5000 }), 1)).toBe(500);
    expect(lineAmountLeft(line({ refunded_total: 9999 }))).toBe(0);
  });
  it("reads a line without refund fields (before refunds are served) as nothing refunded", () => {
    const plain = line({ refunded_quantity: undefined, refunded_total: undefined });
    expect(unitsLeft(plain)).toBe(3);
    expect(amountForUnits(plain, 3)).toBe(5500);
  });
});

describe("refundable and methods", () => {
  it("takes the reply's refundable, or the total less what was refunded", () => {
    expect(refundableLeft(order({ refundable: 1200 }))).toBe(1200);
    expect(refundableLeft(order({ refundable: undefined, totals: { ...order().totals, refunded: 150 } }))).toBe(7000);
  });
  it("offers the gateway first when it can refund, and by hand otherwise", () => {
    expect(defaultMethod(order())).toBe("gateway");
    expect(defaultMethod(order({ refund_methods: ["manual"] }))).toBe("manual");
    expect(refundMethods(order({ refund_methods: undefined }))).toEqual(["manual"]);
  });
});

describe("the refund form", () => {
  it("fills a line's amount from its units, and the total adds the lines and the extra amount", () => {
    const o = order();
    let draft = withUnits(emptyDraft(o), o, 11, "2");
    expect(draft.lines[0]).toMatchObject({ units: "2", amount: "36.67" });
    draft = { ...draft, extra: "5.50" };
    const check = checkRefund(draft, o);
    expect(check.total).toBe(3667 + 550);
    expect(check.errors).toEqual({});
    expect(check.request).toEqual({
      amount: 4217,
      lines: [{ line_id: 11, quantity: 2, amount: 3667 }],
      restock: true,
      method: "gateway",
    });
  });
  it("fills everything left: every line's units and amount, and shipping and fees as the other amount", () => {
    const o = order();
    const check = checkRefund(wholeDraft(emptyDraft(o), o), o);
    expect(check.errors).toEqual({});
    expect(check.total).toBe(7150);
    expect(check.request?.lines).toEqual([
      { line_id: 11, quantity: 3, amount: 5500 },
      { line_id: 12, quantity: 1, amount: 1100 },
    ]);
    expect(check.request?.amount).toBe(7150);
  });
  it("fills only what is left after earlier refunds, by units and by amount alone", () => {
    // One beanie refunded (1833 of its 5500), then 5000 given back by amount alone: 317 is left of the order.
    const o = order({
      lines: [line({ refunded_quantity: 1, refunded_total: 1833 }), order().lines[1] as OrderLine],
      totals: { ...order().totals, refunded: 6833 },
      refundable: 317,
    });
    const draft = wholeDraft(emptyDraft(o), o);
    expect(draft.lines.map(({ units, amount }) => [units, amount])).toEqual([
      ["2", "3.17"],
      ["1", "0.00"],
    ]);
    expect(draft.extra).toBe("0.00");
    const check = checkRefund(draft, o);
    expect(check.errors).toEqual({});
    expect(check.total).toBe(317);
  });
  it("sends an edited amount as typed, and the reason trimmed", () => {
    const o = order();
    const draft = withUnits(emptyDraft(o), o, 12, "1");
    draft.lines[1] = { ...draft.lines[1], amount: "8.00" } as (typeof draft.lines)[number];
    const check = checkRefund({ ...draft, reason: "  torn  ", restock: false, method: "manual" }, o);
    expect(check.request).toEqual({
      amount: 800,
      lines: [{ line_id: 12, quantity: 1, amount: 800 }],
      restock: false,
      reason: "torn",
      method: "manual",
    });
  });
  it("reads amounts in the decimals the shop keeps (whole dollars here), not the currency's ISO ones", () => {
    // A shop selling in whole dollars keeps 55 for $55: the same order as above in its units.
    const base = order();
    const o = order({
      totals: { ...base.totals, currency_minor_unit: 0, total: 72 },
      lines: [line({ subtotal: 50, subtotal_tax: 5, total: 50, total_tax: 5, price: 17 })],
      refundable: 72,
    });
    const draft = emptyDraft(o);
    expect(draft.extra).toBe("0");
    const check = checkRefund({ ...draft, extra: "20" }, o);
    expect(check.errors).toEqual({});
    expect(check.request).toMatchObject({ amount: 20 });
    expect(checkRefund({ ...draft, extra: "80" }, o).errors.total).toContain("$72");
    // A refused amount is explained in the shop's decimals: no cents in its example.
    expect(checkRefund({ ...draft, extra: "20.50" }, o).errors.extra).toBe(
      'Enter a whole amount of 0 or more as the shop writes it, such as 1250 or 1,250: digits only, "," only between groups of three digits.',
    );
  });
  it("asks for something to refund", () => {
    const check = checkRefund(emptyDraft(order()), order());
    expect(check.request).toBeNull();
    expect(check.errors).toEqual({ total: "Choose units or enter an amount to refund." });
  });
  it("refuses more units than are left, broken numbers and amounts above the line's", () => {
    const o = order({ lines: [line({ refunded_quantity: 2, refunded_total: 3667 })] });
    const draft = emptyDraft(o);
    const check = checkRefund({ ...draft, lines: [{ lineId: 11, units: "2", amount: "20.00" }], extra: "abc" }, o);
    expect(check.request).toBeNull();
    expect(check.errors).toMatchObject({
      "line-11.units": "At most 1 unit is left to refund.",
      "line-11.amount": "At most $18.33 is left to refund on this item.",
      extra:
        'Enter an amount of 0 or more as the shop writes it, such as 1250.50 or 1,250.50: digits, "." before at most 2 decimal places, "," only between groups of three digits.',
    });
    expect(checkRefund({ ...draft, lines: [{ lineId: 11, units: "1.5", amount: "1" }] }, o).errors["line-11.units"]).toBe(
      "Enter a whole number of units.",
    );
  });
  it("refuses a total above what may still be refunded", () => {
    const o = order({ refundable: 1000 });
    const check = checkRefund({ ...emptyDraft(o), extra: "10.01" }, o);
    expect(check.errors.total).toBe("The refund is above what can still be refunded ($10.00).");
    expect(checkRefund({ ...emptyDraft(o), extra: "10.00" }, o).request?.amount).toBe(1000);
  });
  it("does not restock when no units are refunded, and refuses a reason over 500 characters", () => {
    const o = order();
    expect(checkRefund({ ...emptyDraft(o), extra: "1" }, o).request?.restock).toBe(false);
    expect(checkRefund({ ...emptyDraft(o), extra: "1", reason: "x".repeat(501) }, o).errors.reason).toBe(
      "A reason has at most 500 characters.",
    );
  });
  it("maps the server's line paths back to the form's lines", () => {
    const request = { amount: 900, lines: [{ line_id: 12, quantity: 1, amount: 800 }], restock: true, method: "manual" as const };
    expect(formPaths({ "lines.0.quantity": "Too many.", amount: "Too much.", reason: "Too long." }, request)).toEqual({
      "line-12.units": "Too many.",
      total: "Too much.",
      reason: "Too long.",
    });
  });
});
