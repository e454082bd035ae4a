/** /admin/customers: the accounts with their paid orders' count, spend and last order; search, sorting by column and pages in the URL; Add customer and Export CSV (decision 0103). */
import { Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { accountMessages as a } from "../../features/admin/customers/account-messages.ts";
import { customersApi } from "../../features/admin/customers/api.ts";
import { CustomersTable } from "../../features/admin/customers/CustomersTable.tsx";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { CustomerTabs, SearchForm } from "../../features/admin/customers/ListParts.tsx";
import { customersMessages as t } from "../../features/admin/customers/messages.ts";
import { customerQuery, customersCsvUrl, customersPath, defaultOrder } from "../../features/admin/customers/query.ts";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customers";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = customerQuery(new URL(request.url).searchParams);
  return { query, list: await customersApi.list(query, PER_PAGE) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const loading = useNavigation().state === "loading";
  const keep: Record<string, string> = {};
  if (query.sort !== "name") keep.sort = query.sort;
  if (query.order !== defaultOrder(query.sort)) keep.order = query.order;
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <div className="admin-actions">
          <Link className="button" to="/admin/customers/new">
            {a.addCustomer}
          </Link>
          <a className="button button--secondary" href={customersCsvUrl(query.search)} download aria-describedby="customers-export-hint">
            {a.exportCsv}
          </a>
        </div>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <p id="customers-export-hint" className="admin-muted">
        {a.exportHint(query.search.trim())}
      </p>
      <CustomerTabs current="accounts" />
      <SearchForm
        id="customers-search"
        label={t.search}
        search={query.search}
        keep={keep}
        clearTo={customersPath(query, { search: "", page: 1 })}
      />
      <p className="admin-muted" role="status" aria-live="polite">
        {loading ? "" : t.total(list.total)}
      </p>
      {list.customers.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => customersPath(query, { page })}>
          {query.search ? t.emptySearch : t.empty}
        </EmptyList>
      ) : (
        <CustomersTable rows={list.customers} query={query} money={moneyFormat(list.currency_code, list.currency_minor_unit)} />
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => customersPath(query, { page })} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
