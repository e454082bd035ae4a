import { describe, expect, it } from "vitest";
import { type ChartBox, labelledDays, layoutBars, niceCeiling, ticks } from "./chart.ts";

const box: ChartBox = { width: 120, height: 60, pad: { top: 5, right: 5, bottom: 5, left: 15 } };

describe("niceCeiling", () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [11, 20],
    [2_100, 2_500],
    [2_600, 5_000],
    [123_456, 200_000],
    [1_000_000, 1_000_000],
  ])("%d tops out at %d", (value, top) => {
    expect(niceCeiling(value)).toBe(top);
  });

  it("gives four round gridlines", () => {
    expect(ticks(2_500)).toEqual([0, 625, 1250, 1875, 2500]);
  });
});

describe("layoutBars", () => {
  const days = [
    { date: "2026-11-01", value: 0 },
    { date: "2026-11-02", value: 500 },
    { date: "2026-11-03", value: 1_000 },
    { date: "2026-11-04", value: 1 },
  ];

  it("scales the tallest bar to the round top and leaves empty days flat", () => {
    const { top, bars } = layoutBars(days, box);
    expect(top).toBe(1_000);
    // 50 high inside the padding: 60 - 5 - 5.
    expect(bars.map((bar) => bar.height)).toEqual([0, 25, 50, 1]);
    expect(bars[2]?.y).toBe(5);
    expect(bars[0]?.y).toBe(55);
  });

  it("gives a tiny sale a visible sliver", () => {
    expect(layoutBars(days, box).bars[3]?.height).toBe(1);
  });

  it("lays the days left to right in equal slots inside the padding", () => {
    const { bars } = layoutBars(days, box);
    // 100 wide inside: 25 a slot, a fifth of it the gap.
    expect(bars.map((bar) => bar.x)).toEqual([17.5, 42.5, 67.5, 92.5]);
    expect(bars.every((bar) => bar.width === 20)).toBe(true);
    const last = bars[3];
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(box.width - box.pad.right);
  });

  it("draws nothing tall for a month without sales", () => {
    const { top, bars } = layoutBars(
      days.map((day) => ({ ...day, value: 0 })),
      box,
    );
    expect(top).toBe(1);
    expect(bars.every((bar) => bar.height === 0)).toBe(true);
  });
});

describe("labelledDays", () => {
  it("labels every fourth of 30 days, leaving out the last when the one before is too close", () => {
    expect([...labelledDays(30)].sort((a, b) => a - b)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect([...labelledDays(31)].sort((a, b) => a - b)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 30]);
  });

  it("labels every day of a short series", () => {
    expect([...labelledDays(7)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
