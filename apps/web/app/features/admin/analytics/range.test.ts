import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopTimeZone } from "../time-zone.ts";
import { niceMax } from "./DailyChart.tsx";
import { percent, presetOf, presetRange, validRange } from "./range.ts";

const today = new Date("2026-11-25T15:00:00Z");

afterEach(() => setShopTimeZone("UTC"));

describe("presets", () => {
  it("end today and count today in", () => {
    expect(presetRange(7, today)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(presetRange(30, today)).toEqual({ from: "2026-10-27", to: "2026-11-25" });
  });

  it("end on the shop's today by default, not the UTC one (decision 0086)", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T23:30:00Z") });
    try {
      expect(presetRange(7)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
      setShopTimeZone("Europe/Paris");
      expect(presetRange(7)).toEqual({ from: "2026-11-20", to: "2026-11-26" });
      expect(presetOf("2026-11-20", "2026-11-26")).toBe(7);
    } finally {
      vi.useRealTimers();
    }
  });

  it("are recognised from a range", () => {
    expect(presetOf("2026-11-19", "2026-11-25", today)).toBe(7);
    expect(presetOf("2026-11-18", "2026-11-25", today)).toBeNull();
  });
});

describe("validRange", () => {
  it.each([
    ["2026-11-01", "2026-11-30", true],
    ["2026-11-30", "2026-11-01", false],
    ["2026-02-30", "2026-03-01", false],
    ["2025-01-01", "2026-01-01", true],
    ["2025-01-01", "2026-01-02", false],
    ["", "2026-01-01", false],
  ])("%s – %s: %s", (from, to, ok) => expect(validRange(from, to)).toBe(ok));
});

describe("chart scale and rates", () => {
  it.each([
    [0, 4],
    [3, 4],
    [7, 10],
    [12, 20],
    [480, 500],
    [1001, 2000],
  ])("niceMax(%d) = %d", (value, max) => expect(niceMax(value)).toBe(max));

  it("writes a click rate as a percentage with one decimal", () => {
    expect(percent(0.0756)).toBe("7.6%");
    expect(percent(0)).toBe("0%");
  });
});
