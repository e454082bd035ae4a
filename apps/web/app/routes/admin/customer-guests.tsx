/** /admin/customers/guests: shoppers who ordered without an account, by billing e-mail, newest order first; search and pages in the URL. */
import { Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { customersApi } from "../../features/admin/customers/api.ts";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { CustomerTabs, SearchForm } from "../../features/admin/customers/ListParts.tsx";
import { customersMessages as t } from "../../features/admin/customers/messages.ts";
import { guestPath, guestQuery, guestsPath } from "../../features/admin/customers/query.ts";
import { formatCount, formatMoment, moneyFormat } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customer-guests";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = guestQuery(new URL(request.url).searchParams);
  return { query, list: await customersApi.guests(query.search, query.page, PER_PAGE) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.guestsTitle);
}

export default function GuestsPage({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const loading = useNavigation().state === "loading";
  const money = moneyFormat(list.currency_code, list.currency_minor_unit);
  return (
    <div className="admin-page">
      <PageHead title={t.guestsTitle} />
      <p className="admin-muted">{t.guestsIntro}</p>
      <CustomerTabs current="guests" />
      <SearchForm id="guests-search" label={t.searchGuests} search={query.search} clearTo={guestsPath(query, { search: "", page: 1 })} />
      <p className="admin-muted" role="status" aria-live="polite">
        {loading ? "" : t.guestTotal(list.total)}
      </p>
      {list.guests.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => guestsPath(query, { page })}>
          {query.search ? t.emptyGuestsSearch : t.emptyGuests}
        </EmptyList>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t.guestsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.email}</th>
                <th scope="col" className="admin-num">
                  {t.orders}
                </th>
                <th scope="col" className="admin-num">
                  {t.spend}
                </th>
                <th scope="col">{t.lastOrder}</th>
              </tr>
            </thead>
            <tbody>
              {list.guests.map((guest) => (
                <tr key={guest.email}>
                  <th scope="row">
                    <Link to={guestPath(guest.email)}>{guest.email}</Link>
                  </th>
                  <td className="admin-num">{formatCount(guest.orders)}</td>
                  <td className="admin-num">{money.amount(guest.spend)}</td>
                  <td>
                    <time dateTime={guest.last_order_at}>{formatMoment(guest.last_order_at, false)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => guestsPath(query, { page })} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/customers" backLabel={t.allCustomers} />;
}
