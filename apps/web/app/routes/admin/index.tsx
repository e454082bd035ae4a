/**
 * /admin: the dashboard (issue 18). Today's and this month's sales, then for the period in the URL
 * (?from=&to=, the last 30 days when bare): orders by status, 30 days of sales as a chart with its
 * table, top products and orders by origin, from GET /reports/overview.
 */
import { Link } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { dashboardApi } from "../../features/admin/dashboard/api.ts";
import { OriginBreakdown, StatusBreakdown, TopProducts } from "../../features/admin/dashboard/Breakdowns.tsx";
import dashboardStyles from "../../features/admin/dashboard/dashboard.css?url";
import { formatCount, formatDay, moneyFormat } from "../../features/admin/dashboard/format.ts";
import { dashboardMessages as t } from "../../features/admin/dashboard/messages.ts";
import { RangePicker } from "../../features/admin/dashboard/RangePicker.tsx";
import { rangeFromSearch } from "../../features/admin/dashboard/range.ts";
import { SalesChart } from "../../features/admin/dashboard/SalesChart.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/index";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { invalid, ...range } = rangeFromSearch(new URL(request.url).searchParams);
  // The pending reviews are a pointer: the dashboard shows without them.
  const [overview, reviews, stock] = await Promise.all([
    dashboardApi.overview(range.from, range.to),
    dashboardApi.pendingReviews().catch(() => ({ pending: 0 })),
    // Products low in stock or out of it (decision 0099): a pointer too.
    dashboardApi.stockCounts().catch(() => ({ low: 0, out: 0 })),
  ]);
  return { overview, refused: invalid, pendingReviews: reviews.pending, stock: { low: stock.low, out: stock.out } };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { overview, refused, pendingReviews, stock } = loaderData;
  const range = { from: overview.from, to: overview.to };
  const money = moneyFormat(overview.currency_code, overview.currency_minor_unit);
  const days = overview.daily_sales;
  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro(overview.time_zone)}</p>
      {overview.other_currencies.length > 0 && <p>{t.otherCurrencies(overview.currency_code, overview.other_currencies)}</p>}
      {refused && (
        <p className="admin-alert admin-alert--error" role="alert">
          {t.rangeRefused}
        </p>
      )}
      {pendingReviews > 0 && (
        <p className="admin-alert">
          <Link to="/admin/reviews?status=pending">{t.reviewsPending(pendingReviews)}</Link>
        </p>
      )}
      {(stock.low > 0 || stock.out > 0) && (
        <p className="admin-alert">
          <Link to={stock.low ? "/admin/stock?status=low" : "/admin/stock?status=out"}>{t.stockPointer(stock.low, stock.out)}</Link>
        </p>
      )}
      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="visually-hidden">
          {t.figures}
        </h2>
        <dl className="admin-stats">
          <div>
            <dt>{t.salesToday}</dt>
            <dd>{money.amount(overview.today.sales)}</dd>
          </div>
          <div>
            <dt>{t.ordersToday}</dt>
            <dd>{formatCount(overview.today.orders)}</dd>
          </div>
          <div>
            <dt>{t.salesMonth}</dt>
            <dd>{money.amount(overview.month.sales)}</dd>
          </div>
          <div>
            <dt>{t.ordersMonth}</dt>
            <dd>{formatCount(overview.month.orders)}</dd>
          </div>
        </dl>
      </section>
      <RangePicker range={range} />
      <section className="admin-card" aria-labelledby="daily-title">
        <h2 id="daily-title">{t.dailyTitle}</h2>
        {days.length > 0 && (
          <p className="admin-muted">{t.dailyHint(formatDay(days[0]?.date ?? ""), formatDay(days[days.length - 1]?.date ?? ""))}</p>
        )}
        <SalesChart days={days} money={money} />
      </section>
      <StatusBreakdown rows={overview.orders_by_status} range={range} money={money} />
      <TopProducts top={overview.top_products} range={range} money={money} />
      <OriginBreakdown rows={overview.orders_by_origin} range={range} money={money} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
