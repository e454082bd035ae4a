/** The accounts table: name (opening the customer), e-mail, role, then paid orders, spend and last order, each header sorting by it. */
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
      className={numeric ? "admin-num" : undefined}
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
      <table className="admin-table">
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
              <td>{row.email}</td>
              <td>{t.roles[row.role] ?? row.role}</td>
              <td className="admin-num">{formatCount(row.orders)}</td>
              <td className="admin-num">{money.amount(row.spend)}</td>
              <td>{row.last_order_at ? <time dateTime={row.last_order_at}>{formatMoment(row.last_order_at, false)}</time> : t.never}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
