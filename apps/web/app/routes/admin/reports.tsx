/**
 * /admin/reports/{tab}: the reports beyond the dashboard (decision 0104). Tabs, each its own URL
 * (/admin/reports is the Products tab): Products, Coupons, Taxes and Customers of the paid orders
 * placed in the period (the dashboard's range picker, the shop's days), sortable by column, paged,
 * searchable where the list is long, with "Download CSV" of the same filters; from GET /reports/{tab}.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import dashboardStyles from "../../features/admin/dashboard/dashboard.css?url";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { dashboardMessages } from "../../features/admin/dashboard/messages.ts";
import { RangePicker } from "../../features/admin/dashboard/RangePicker.tsx";
import { consoleMessages } from "../../features/admin/messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { type ReportPage, reportsApi } from "../../features/admin/reports/api.ts";
import { reportsMessages as t } from "../../features/admin/reports/messages.ts";
import {
  isReportTab,
  REPORT_TABS,
  type ReportQuery,
  type ReportTab,
  reportCsvUrl,
  reportPath,
  reportQuery,
  SEARCHABLE,
  tabPath,
} from "../../features/admin/reports/query.ts";
import { CouponsTable, CustomersTable, ProductsTable, TaxesTable } from "../../features/admin/reports/ReportTables.tsx";
import reportsStyles from "../../features/admin/reports/reports.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/reports";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: dashboardStyles },
  { rel: "stylesheet", href: reportsStyles },
];

const PER_PAGE = 20;

const notFound = () => data(consoleMessages.noSuchPage, { status: 404, statusText: "Not Found" });

/** An address naming no tab is the console's "Not found", answered as a 404 on a first load too. */
export function loader({ params }: Route.LoaderArgs) {
  if (params.tab !== undefined && !isReportTab(params.tab)) throw notFound();
  return null;
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const tab = params.tab ?? "products";
  if (!isReportTab(tab)) throw notFound();
  const { invalid, ...query } = reportQuery(tab, new URL(request.url).searchParams);
  return { query, refused: invalid, report: (await reportsApi.tab(query, PER_PAGE)) as ReportPage<ReportTab> };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tab = loaderData?.query.tab;
  return consoleMeta(matches, tab ? `${t.tabs[tab]} · ${t.title}` : t.title);
}

function TabTable({ query, report }: { query: ReportQuery; report: ReportPage<ReportTab> }) {
  const money = moneyFormat(report.currency_code, report.currency_minor_unit);
  const common = { query, money, totals: report.totals };
  const rows = (report as unknown as Record<ReportTab, never[]>)[query.tab];
  if (query.tab === "products") return <ProductsTable rows={rows} {...common} />;
  if (query.tab === "coupons") return <CouponsTable rows={rows} {...common} />;
  if (query.tab === "taxes") return <TaxesTable rows={rows} {...common} />;
  return <CustomersTable rows={rows} {...common} />;
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { query, refused, report } = loaderData;
  const loading = useNavigation().state === "loading";
  const range = { from: report.from, to: report.to };
  const rows = (report as unknown as Record<ReportTab, unknown[]>)[query.tab];
  const keep: Record<string, string> = {};
  const bare = new URL(reportPath({ ...query, search: "", page: 1 }), "http://console").searchParams;
  for (const [name, value] of bare) keep[name] = value;
  return (
    <div className="admin-page admin-reports">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro(report.time_zone)}</p>
      {report.other_currencies.length > 0 && <p>{dashboardMessages.otherCurrencies(report.currency_code, report.other_currencies)}</p>}
      {refused && (
        <p className="admin-alert admin-alert--error" role="alert">
          {dashboardMessages.rangeRefused}
        </p>
      )}
      <nav aria-label={t.tabsLabel}>
        <ul className="admin-tabs">
          {REPORT_TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabPath(query, tab)} aria-current={query.tab === tab ? "page" : undefined}>
                {t.tabs[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <RangePicker range={range} pathFor={(days) => reportPath({ ...query, ...days, page: 1 })} />
      <section className="admin-card" aria-labelledby="report-title">
        <h2 id="report-title">{t.tabs[query.tab]}</h2>
        <p className="admin-muted">{t.hints[query.tab]}</p>
        <div className="admin-reports__actions">
          {SEARCHABLE.includes(query.tab) && (
            // The key renews the field when the URL's search changes (the clear link, the back button).
            <Form key={query.search} method="get" className="admin-filters" role="search" aria-label={t.search[query.tab]}>
              <div className="admin-field">
                <label htmlFor="report-search">{t.search[query.tab]}</label>
                <input id="report-search" name="search" type="search" maxLength={200} defaultValue={query.search} />
              </div>
              {Object.entries(keep).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button button--secondary">
                {t.searchButton}
              </button>
              {query.search && <Link to={reportPath(query, { search: "", page: 1 })}>{t.clear}</Link>}
            </Form>
          )}
          <a className="button button--secondary" href={reportCsvUrl(query)} download aria-describedby="report-csv-hint">
            {t.download}
          </a>
        </div>
        <p id="report-csv-hint" className="admin-muted">
          {t.downloadHint(query.search)}
        </p>
        <p className="admin-muted" role="status" aria-live="polite">
          {loading ? "" : t.counts[query.tab](report.total)}
        </p>
        {rows.length === 0 ? (
          <EmptyList
            total={report.total}
            page={report.page}
            pages={report.pages}
            pathFor={(page) => reportPath(query, { page })}
            kind="report"
          >
            {query.search ? t.emptySearch : t.empty[query.tab]}
          </EmptyList>
        ) : (
          <TabTable query={query} report={report} />
        )}
        <Pagination page={report.page} pages={report.pages} pathFor={(page) => reportPath(query, { page })} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
