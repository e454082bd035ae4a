import { describe, expect, it } from "vitest";
import { currentPrice, nextSaleChange, saleActive, salePhase } from "./sale-schedule.ts";

const row = (starts: string | null, ends: string | null) => ({
  regular_price: 1000,
  sale_price: 800,
  sale_starts_at: starts,
  sale_ends_at: ends,
});
const t = (iso: string) => new Date(iso);

describe("the sale window", () => {
  it("holds from its start, inclusive, until its end, exclusive", () => {
    const scheduled = row("2027-03-01T00:00:00.000Z", "2027-03-08T00:00:00.000Z");
    expect(saleActive(scheduled, t("2027-02-28T23:59:59.999Z"))).toBe(false);
    expect(saleActive(scheduled, t("2027-03-01T00:00:00.000Z"))).toBe(true);
    expect(saleActive(scheduled, t("2027-03-07T23:59:59.999Z"))).toBe(true);
    expect(saleActive(scheduled, t("2027-03-08T00:00:00.000Z"))).toBe(false);
    expect(currentPrice(scheduled, t("2027-03-02T00:00:00Z"))).toBe(800);
    expect(currentPrice(scheduled, t("2027-03-09T00:00:00Z"))).toBe(1000);
  });

  it("is open on a side left null, and never holds a sale price that is not below the regular one", () => {
    expect(saleActive(row(null, null), t("2000-01-01T00:00:00Z"))).toBe(true);
    expect(saleActive(row(null, "2027-01-01T00:00:00Z"), t("2026-12-31T00:00:00Z"))).toBe(true);
    expect(saleActive(row("2027-01-01T00:00:00Z", null), t("2099-01-01T00:00:00Z"))).toBe(true);
    expect(saleActive({ ...row(null, null), sale_price: 1000 }, t("2027-01-01T00:00:00Z"))).toBe(false);
    expect(saleActive({ ...row(null, null), sale_price: null }, t("2027-01-01T00:00:00Z"))).toBe(false);
  });

  it("names the next instant the price changes by the clock alone", () => {
    const scheduled = row("2027-03-01T00:00:00.000Z", "2027-03-08T00:00:00.000Z");
    expect(nextSaleChange(scheduled, t("2027-02-01T00:00:00Z"))).toBe(Date.parse("2027-03-01T00:00:00Z"));
    expect(nextSaleChange(scheduled, t("2027-03-01T00:00:00Z"))).toBe(Date.parse("2027-03-08T00:00:00Z"));
    expect(nextSaleChange(scheduled, t("2027-03-08T00:00:00Z"))).toBe(Number.POSITIVE_INFINITY);
    expect(nextSaleChange({ ...scheduled, sale_price: null }, t("2027-02-01T00:00:00Z"))).toBe(Number.POSITIVE_INFINITY);
  });

  it("counts the boundaries passed, so two moments between the same two share a phase", () => {
    const boundaries = [10, 20, 30];
    expect([5, 10, 15, 19, 20, 30, 99].map((ms) => salePhase(boundaries, new Date(ms)))).toEqual([0, 1, 1, 1, 2, 3, 3]);
    expect(salePhase([], new Date(5))).toBe(0);
  });
});
