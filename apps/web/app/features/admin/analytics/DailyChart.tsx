/**
 * Views and clicks per day as a small SVG chart of our own: two lines over a grid, labelled axes,
 * one summary sentence for screen readers (the table beside it has every number), a tooltip-free
 * design so nothing depends on a pointer. Scales to its container.
 */
import { analyticsMessages as t } from "../messages.ts";

interface Day {
  day: string;
  views: number;
  clicks: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 32, left: 44 };

/** A round top for the axis: 1, 2, 5 × 10ⁿ at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function DailyChart({ days, from, to }: { days: Day[]; from: string; to: string }) {
  const max = niceMax(Math.max(0, ...days.map((day) => Math.max(day.views, day.clicks))));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (index / (days.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - (value / max) * innerH;
  const line = (key: "views" | "clicks") =>
    days.map((day, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`).join("");
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const totals = days.reduce((sum, day) => ({ views: sum.views + day.views, clicks: sum.clicks + day.clicks }), { views: 0, clicks: 0 });
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t.chartLabel(from, to, totals.views, totals.clicks)}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="admin-chart__axis">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {days.map((day, index) =>
          // The last day is labelled too, unless the label before it is too close.
          index % labelEvery === 0 || (index === days.length - 1 && index % labelEvery >= labelEvery / 2) ? (
            <text key={day.day} x={x(index)} y={HEIGHT - 10} textAnchor="middle" className="admin-chart__axis">
              {day.day.slice(5)}
            </text>
          ) : null,
        )}
        <path d={line("views")} className="admin-chart__line admin-chart__line--views" />
        <path d={line("clicks")} className="admin-chart__line admin-chart__line--clicks" />
        {days.length <= 31 &&
          days.map((day, index) => (
            <g key={day.day}>
              <circle cx={x(index)} cy={y(day.views)} r={3} className="admin-chart__dot--views" />
              <rect x={x(index) - 3} y={y(day.clicks) - 3} width={6} height={6} className="admin-chart__dot--clicks" />
            </g>
          ))}
      </svg>
      <figcaption className="admin-chart__legend">
        <span className="admin-chart__key admin-chart__key--views">{t.views}</span>
        <span className="admin-chart__key admin-chart__key--clicks">{t.clicks}</span>
      </figcaption>
    </figure>
  );
}
