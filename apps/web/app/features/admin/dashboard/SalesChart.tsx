/**
 * Sales per day as bars in an SVG of our own (decision 0036): one summary as its accessible name,
 * and the same numbers in a table behind a disclosure, so nothing needs a pointer or sight.
 */
import type { DailySales } from "./api.ts";
import { type ChartBox, labelledDays, layoutBars, ticks } from "./chart.ts";
import { formatCount, formatDay, type MoneyFormat } from "./format.ts";
import { dashboardMessages as t } from "./messages.ts";

const BOX: ChartBox = { width: 720, height: 240, pad: { top: 16, right: 12, bottom: 32, left: 64 } };

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
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={chartSummary(days, money)}>
          {ticks(top).map((tick) => (
            <g key={tick}>
              <line x1={BOX.pad.left} x2={BOX.width - BOX.pad.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
              <text x={BOX.pad.left - 6} y={y(tick) + 4} textAnchor="end" className="admin-chart__axis">
                {money.whole(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => (
            <g key={bar.date}>
              {bar.height > 0 && <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="admin-chart__bar" />}
              {labelled.has(index) && (
                <text x={bar.x + bar.width / 2} y={BOX.height - 10} textAnchor="middle" className="admin-chart__axis">
                  {formatDay(bar.date, true)}
                </text>
              )}
            </g>
          ))}
        </svg>
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
