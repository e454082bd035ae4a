import { describe, expect, it } from "vitest";
import { type ChartBox, labelledDays, layoutBars, niceScale, ticks } from "./chart.ts";

const box: ChartBox = { width: 120, height: 60, pad: { top: 5, right: 5, bottom: 5, left: 15 } };

describe("niceScale", () => {
  it.each([
    [0, 1, 4, 1],
    [-3, 1, 4, 1],
    [3, 1, 4, 1],
    [7, 1, 8, 2],
    [2_467, 100, 4_000, 1_000],
    [2_467, 1, 4_000, 1_000],
    [40_000, 100, 40_000, 10_000],
    [40_001, 100, 80_000, 20_000],
    [123_456, 100, 200_000, 50_000],
    [150, 100, 400, 100],
    [1_000, 1, 1_000, 250],
    // $2.50 steps would label the axis with cents.
    [1_000, 100, 2_000, 500],
  ])("%d with steps of at least %d tops out at %d", (max, minStep, top, step) => {
    expect(niceScale(max, 4, minStep)).toEqual({ top, step });
  });

  it("puts every gridline on a whole amount", () => {
    for (const max of [99, 2_467, 31_337, 987_654]) {
      const { top } = niceScale(max, 4, 100);
      expect(top).toBeGreaterThanOrEqual(max);
      for (const tick of ticks(top)) expect(tick % 100).toBe(0);
    }
  });

  it("gives four gridlines", () => {
    expect(ticks(4_000)).toEqual([0, 1000, 2000, 3000, 4000]);
  });
});

describe("layoutBars", () => {
  const days = [
    { date: "2026-11-01", value: 0 },
    { date: "2026-11-02", value: 500 },
    { date: "2026-11-03", value: 1_000 },
    { date: "2026-11-04", value: 1 },
  ];

  it("scales the bars to the round top and leaves empty days flat", () => {
    const { top, bars } = layoutBars(days, box);
    // 4 steps of 250; 50 high inside the padding: 60 - 5 - 5.
    expect(top).toBe(1_000);
    expect(bars.map((bar) => bar.height)).toEqual([0, 25, 50, 1]);
    expect(layoutBars(days, box, 1_000).top).toBe(4_000);
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
    expect(top).toBe(4);
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
