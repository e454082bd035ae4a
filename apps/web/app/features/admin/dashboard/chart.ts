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

/**
 * The axis: `count` equal steps of 1, 2, 2.5 or 5 × 10ⁿ, the smallest whose top reaches `max`, each
 * a multiple of `minStep` (one whole unit of the currency, so every gridline's label is a whole amount).
 */
export function niceScale(max: number, count = 4, minStep = 1): { top: number; step: number } {
  const wanted = Math.max(max, 0) / count;
  let step = minStep;
  if (wanted > minStep) {
    const power = 10 ** Math.floor(Math.log10(wanted));
    step =
      [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= wanted && candidate % minStep === 0) ??
      10 * power;
  }
  return { top: step * count, step };
}

/** Gridline values from 0 to the top, `count` steps. */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/**
 * One bar per day, left to right, scaled to the box: a day with sales is at least one unit high so it
 * never looks like a day without; a day without has no height. The gap is a fifth of each slot.
 */
export function layoutBars(days: readonly { date: string; value: number }[], box: ChartBox, minStep = 1): { top: number; bars: Bar[] } {
  const { top } = niceScale(Math.max(0, ...days.map((day) => day.value)), 4, minStep);
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
