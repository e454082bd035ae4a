/**
 * A console chart's frame: the drawing in an SVG that scales with its card, and the axis labels as page text beside
 * and under it, so they keep their size on a phone (text inside the SVG shrank with it: 11 px drawn 5 px high at
 * 360 px). The labels are hidden from screen readers: the SVG's name sums the chart up and a table has its numbers.
 */
import type { ReactNode } from "react";

/** An axis label at `at` along its axis: 0 to 1, left to right or top to bottom. */
export interface AxisLabel {
  key: string;
  at: number;
  text: string;
}

const percent = (at: number) => `${(at * 100).toFixed(3)}%`;

export function ChartFrame({
  width,
  height,
  label,
  yLabels,
  xLabels,
  children,
}: {
  /** The drawing's own units (its viewBox); it keeps this shape at any width. */
  width: number;
  height: number;
  /** The chart's accessible name: what it shows, in one sentence. */
  label: string;
  yLabels: AxisLabel[];
  xLabels: AxisLabel[];
  children: ReactNode;
}) {
  return (
    <div className="admin-chart__frame">
      <div className="admin-chart__y" aria-hidden="true">
        {yLabels.map((tick) => (
          <span key={tick.key} style={{ top: percent(tick.at) }}>
            {tick.text}
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {children}
      </svg>
      <div className="admin-chart__x" aria-hidden="true">
        {xLabels.map((tick, index) => (
          // Every other label gives way in a narrow card, where all of them would touch.
          <span key={tick.key} className={index % 2 ? "admin-chart__minor" : undefined} style={{ left: percent(tick.at) }}>
            {tick.text}
          </span>
        ))}
      </div>
    </div>
  );
}
