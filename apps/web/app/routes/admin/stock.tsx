/**
 * /admin/stock: the stock report (decision 0099). Products and variations that track their stock by
 * status tab with counts (all, low stock, out of stock, on backorder, in stock), search, sorted by
 * stock either way, pages, each row linking to its product's editor.
 */
import { Form, Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { stockApi } from "../../features/admin/stock/api.ts";
import { stockMessages as t } from "../../features/admin/stock/messages.ts";
import { STOCK_TABS, stockLink, stockQuery, unitsText } from "../../features/admin/stock/model.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/stock";

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = stockQuery(new URL(request.url).searchParams);
  return { query, report: await stockApi.report(query, PER_PAGE) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function StockPage({ loaderData }: Route.ComponentProps) {
  const { query, report } = loaderData;
  const navigation = useNavigation();
  const other = query.order === "asc" ? "desc" : "asc";
  return (
    <div className="admin-page admin-stock">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro}</p>
      <nav aria-label={t.tabsLabel}>
        <ul className="admin-tabs">
          {STOCK_TABS.map((tab) => (
            <li key={tab}>
              <Link to={stockLink(query, { status: tab })} aria-current={query.status === tab ? "page" : undefined}>
                {t.tabCount(t.tabs[tab], report.counts[tab])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="admin-filters" role="search" aria-label={t.filters}>
        {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
        {query.order === "desc" && <input type="hidden" name="order" value="desc" />}
        <div className="admin-field">
          <label htmlFor="stock-search">{t.search}</label>
          <input id="stock-search" name="search" type="search" defaultValue={query.search} />
        </div>
        <button type="submit" className="button button--secondary">
          {t.filter}
        </button>
      </Form>
      <p className="admin-muted" role="status" aria-live="polite">
        {navigation.state === "loading" ? "" : t.total(report.total)}
      </p>
      {report.items.length === 0 ? (
        <EmptyList total={report.total} page={report.page} pages={report.pages} pathFor={(page) => stockLink(query, { page })}>
          {t.empty}
        </EmptyList>
      ) : (
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col">{t.columns.product}</th>
              <th scope="col">{t.columns.sku}</th>
              <th scope="col">{t.columns.status}</th>
              <th scope="col" aria-sort={query.order === "asc" ? "ascending" : "descending"}>
                <Link to={stockLink(query, { order: other })} aria-label={t.sortBy(query.order)}>
                  {t.columns.stock} {query.order === "asc" ? "↑" : "↓"}
                </Link>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.items.map((row) => {
              const name = row.options ? `${row.name} (${row.options})` : row.name;
              return (
                <tr key={row.id}>
                  <td data-label={t.columns.product}>
                    <Link to={`/admin/products/${row.product_id}`} aria-label={t.edit(name)}>
                      {name}
                    </Link>
                    {!row.published && <span className="admin-badge"> {t.draft}</span>}
                  </td>
                  <td data-label={t.columns.sku}>{row.sku}</td>
                  <td data-label={t.columns.status}>
                    <span className="admin-badge">{t.statuses[row.status]}</span>
                  </td>
                  <td data-label={t.columns.stock}>
                    {unitsText(row.stock_quantity)} <span className="admin-muted">({t.lowAt(row.low_stock_amount)})</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination page={report.page} pages={report.pages} pathFor={(page) => stockLink(query, { page })} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
