/**
 * Views and clicks per day as a small SVG chart of our own: two lines over a grid, labelled axes,
 * one summary sentence for screen readers (the table beside it has every number), a tooltip-free
 * design so nothing depends on a pointer. Scales to its container.
 */
import { ChartFrame } from "../components/ChartFrame.tsx";
import { analyticsMessages as t } from "../messages.ts";

interface Day {
  day: string;
  views: number;
  clicks: number;
}

// Only the plot: its labels are page text around it (ChartFrame).
const WIDTH = 640;
const HEIGHT = 220;

/** A round top for the axis: 1, 2, 5 × 10ⁿ at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function DailyChart({ days, from, to }: { days: Day[]; from: string; to: string }) {
  const max = niceMax(Math.max(0, ...days.map((day) => Math.max(day.views, day.clicks))));
  const x = (index: number) => (days.length <= 1 ? WIDTH / 2 : (index / (days.length - 1)) * WIDTH);
  const y = (value: number) => HEIGHT - (value / max) * HEIGHT;
  const line = (key: "views" | "clicks") =>
    days.map((day, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`).join("");
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const totals = days.reduce((sum, day) => ({ views: sum.views + day.views, clicks: sum.clicks + day.clicks }), { views: 0, clicks: 0 });
  return (
    <figure className="admin-chart">
      <ChartFrame
        width={WIDTH}
        height={HEIGHT}
        label={t.chartLabel(from, to, totals.views, totals.clicks)}
        yLabels={ticks.map((tick) => ({
          key: String(tick),
          at: y(tick) / HEIGHT,
          text: Number.isInteger(tick) ? String(tick) : tick.toFixed(1),
        }))}
        xLabels={days
          // The last day is labelled too, unless the label before it is too close.
          .map((day, index) => ({ day, index }))
          .filter(({ index }) => index % labelEvery === 0 || (index === days.length - 1 && index % labelEvery >= labelEvery / 2))
          .map(({ day, index }) => ({ key: day.day, at: x(index) / WIDTH, text: day.day.slice(5) }))}
      >
        {ticks.map((tick) => (
          <line key={tick} x1={0} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
        ))}
        <path d={line("views")} className="admin-chart__line admin-chart__line--views" />
        <path d={line("clicks")} className="admin-chart__line admin-chart__line--clicks" />
        {days.length <= 31 &&
          days.map((day, index) => (
            <g key={day.day}>
              <circle cx={x(index)} cy={y(day.views)} r={3} className="admin-chart__dot--views" />
              <rect x={x(index) - 3} y={y(day.clicks) - 3} width={6} height={6} className="admin-chart__dot--clicks" />
            </g>
          ))}
      </ChartFrame>
      <figcaption className="admin-chart__legend">
        <span className="admin-chart__key admin-chart__key--views">{t.views}</span>
        <span className="admin-chart__key admin-chart__key--clicks">{t.clicks}</span>
      </figcaption>
    </figure>
  );
}
