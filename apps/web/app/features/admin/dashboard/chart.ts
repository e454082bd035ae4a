/** The daily sales chart's geometry, kept apart from the drawing so its scaling is tested: bars, a round top and gridlines. */

export interface ChartBox {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
}

export interface Bar {
  date: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round top for the axis at or above `value`: 1, 2, 2.5 or 5 × 10ⁿ, so four gridlines fall on round numbers. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Gridline values from 0 to the top, `count` steps. */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/**
 * One bar per day, left to right, scaled to the box: a day with sales is at least one unit high so it
 * never looks like a day without; a day without has no height. The gap is a fifth of each slot.
 */
export function layoutBars(days: readonly { date: string; value: number }[], box: ChartBox): { top: number; bars: Bar[] } {
  const top = niceCeiling(Math.max(0, ...days.map((day) => day.value)));
  const innerWidth = box.width - box.pad.left - box.pad.right;
  const innerHeight = box.height - box.pad.top - box.pad.bottom;
  const slot = days.length ? innerWidth / days.length : innerWidth;
  const gap = slot / 5;
  const bars = days.map((day, index) => {
    const scaled = (Math.max(0, day.value) / top) * innerHeight;
    const height = day.value > 0 ? Math.max(1, scaled) : 0;
    return {
      date: day.date,
      value: day.value,
      x: box.pad.left + index * slot + gap / 2,
      y: box.pad.top + innerHeight - height,
      width: slot - gap,
      height,
    };
  });
  return { top, bars };
}

/** Which days get an axis label: every `step`-th from the first, and the last day when it is not crowded by the one before. */
export function labelledDays(count: number, most = 8): Set<number> {
  const step = Math.max(1, Math.ceil(count / most));
  const shown = new Set<number>();
  for (let index = 0; index < count; index += step) shown.add(index);
  const last = count - 1;
  if (last >= 0 && last % step >= step / 2) shown.add(last);
  return shown;
}
