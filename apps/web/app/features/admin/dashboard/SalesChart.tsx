/**
 * Sales per day as bars in an SVG of our own (decision 0036): one summary as its accessible name,
 * and the same numbers in a table behind a disclosure, so nothing needs a pointer or sight.
 */
import { ChartFrame } from "../components/ChartFrame.tsx";
import type { DailySales } from "./api.ts";
import { type ChartBox, labelledDays, layoutBars, ticks } from "./chart.ts";
import { formatCount, formatDay, type MoneyFormat } from "./format.ts";
import { dashboardMessages as t } from "./messages.ts";

// Only the plot: its labels are page text around it (ChartFrame).
const BOX: ChartBox = { width: 640, height: 220, pad: { top: 0, right: 0, bottom: 0, left: 0 } };

/** The chart's one-sentence summary: the range, the total, the orders and the best day. */
export function chartSummary(days: readonly DailySales[], money: MoneyFormat): string {
  if (!days.length) return t.noSales;
  const total = days.reduce((sum, day) => sum + day.sales, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const best = days.reduce((top, day) => (day.sales > top.sales ? day : top), days[0] as DailySales);
  const first = (days[0] as DailySales).date;
  const last = (days[days.length - 1] as DailySales).date;
  return t.chartLabel(
    formatDay(first),
    formatDay(last),
    money.amount(total),
    t.ordersCount(formatCount(orders)),
    best.sales > 0 ? t.chartBest(formatDay(best.date), money.amount(best.sales)) : "",
  );
}

export function SalesChart({ days, money }: { days: DailySales[]; money: MoneyFormat }) {
  const { top, bars } = layoutBars(
    days.map((day) => ({ date: day.date, value: day.sales })),
    BOX,
    money.unit,
  );
  const innerHeight = BOX.height - BOX.pad.top - BOX.pad.bottom;
  const y = (value: number) => BOX.pad.top + innerHeight - (value / top) * innerHeight;
  const labelled = labelledDays(bars.length);
  const empty = days.every((day) => day.sales === 0);
  return (
    <>
      {empty && <p className="admin-muted">{t.noSales}</p>}
      <figure className="admin-chart">
        <ChartFrame
          width={BOX.width}
          height={BOX.height}
          label={chartSummary(days, money)}
          yLabels={ticks(top).map((tick) => ({ key: String(tick), at: y(tick) / BOX.height, text: money.whole(tick) }))}
          xLabels={bars
            .filter((_, index) => labelled.has(index))
            .map((bar) => ({ key: bar.date, at: (bar.x + bar.width / 2) / BOX.width, text: formatDay(bar.date, true) }))}
        >
          {ticks(top).map((tick) => (
            <line key={tick} x1={0} x2={BOX.width} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
          ))}
          {bars.map(
            (bar) =>
              bar.height > 0 && (
                <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="admin-chart__bar" />
              ),
          )}
        </ChartFrame>
      </figure>
      <details className="admin-more">
        <summary>{t.showTable}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t.dailyTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.day}</th>
                <th scope="col" className="admin-num">
                  {t.orders}
                </th>
                <th scope="col" className="admin-num">
                  {t.sales}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{formatDay(day.date)}</time>
                  </th>
                  <td className="admin-num">{formatCount(day.orders)}</td>
                  <td className="admin-num">{money.amount(day.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
