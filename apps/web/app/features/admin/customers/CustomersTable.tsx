/**
 * The accounts table: name (opening the customer), e-mail, role, then paid orders, spend and last order, each header sorting by it.
 * On a phone admin.css and customers.css stack each row into a card, printing the data-label beside the figures.
 */
import { Link } from "react-router";
import { formatCount, formatMoment, type MoneyFormat } from "../dashboard/format.ts";
import type { CustomerRow } from "./api.ts";
import { customersMessages as t } from "./messages.ts";
import { type CustomerListQuery, type CustomerSort, sortPath } from "./query.ts";

export const fullName = (row: { first_name: string; last_name: string }): string => `${row.first_name} ${row.last_name}`.trim();

function SortHeader({ query, sort, label, numeric }: { query: CustomerListQuery; sort: CustomerSort; label: string; numeric?: boolean }) {
  const current = query.sort === sort;
  const next = current && query.order === "asc" ? "descending" : current ? "ascending" : sort === "name" ? "ascending" : "descending";
  return (
    <th
      scope="col"
      className={numeric ? "admin-num admin-table__sort" : "admin-table__sort"}
      aria-sort={current ? (query.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={sortPath(query, sort)} className="admin-sort" aria-label={t.sortBy(label, next)}>
        {label}
        {current && <span aria-hidden="true">{query.order === "asc" ? " ↑" : " ↓"}</span>}
      </Link>
    </th>
  );
}

export function CustomersTable({ rows, query, money }: { rows: CustomerRow[]; query: CustomerListQuery; money: MoneyFormat }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-customers">
        <caption className="visually-hidden">{t.tableCaption}</caption>
        <thead>
          <tr>
            <SortHeader query={query} sort="name" label={t.name} />
            <th scope="col">{t.email}</th>
            <th scope="col">{t.role}</th>
            <SortHeader query={query} sort="orders" label={t.orders} numeric />
            <SortHeader query={query} sort="spend" label={t.spend} numeric />
            <SortHeader query={query} sort="last_order" label={t.lastOrder} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/customers/${row.id}`}>{fullName(row) || row.email}</Link>
              </th>
              <td className="admin-customers__email">{row.email}</td>
              <td className="admin-customers__role">{t.roles[row.role] ?? row.role}</td>
              <td className="admin-num admin-customers__orders" data-label={t.orders}>
                {formatCount(row.orders)}
              </td>
              <td className="admin-num admin-customers__spend" data-label={t.spend}>
                {money.amount(row.spend)}
              </td>
              <td className="admin-customers__last" data-label={t.lastOrder}>
                {row.last_order_at ? <time dateTime={row.last_order_at}>{formatMoment(row.last_order_at, false)}</time> : t.never}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
