/**
 * The accounts table: name (opening the customer), e-mail, role, then paid orders, spend and last order, each header sorting by it.
 * On a phone admin.css and customers.css stack each row into a card, printing the data-label beside the figures.
 */
import { Link } from "react-router";
import { SortHeader, type Sorting } from "../components/SortHeader.tsx";
import { formatCount, formatMoment, type MoneyFormat } from "../dashboard/format.ts";
import type { CustomerRow } from "./api.ts";
import { customersMessages as t } from "./messages.ts";
import { type CustomerListQuery, type CustomerSort, defaultOrder, sortPath } from "./query.ts";

export const fullName = (row: { first_name: string; last_name: string }): string => `${row.first_name} ${row.last_name}`.trim();

export function CustomersTable({ rows, query, money }: { rows: CustomerRow[]; query: CustomerListQuery; money: MoneyFormat }) {
  const sorting: Sorting<CustomerSort> = {
    column: query.sort,
    order: query.order,
    path: (sort) => sortPath(query, sort),
    first: defaultOrder,
    sortBy: t.sortBy,
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-customers">
        <caption className="visually-hidden">{t.tableCaption}</caption>
        <thead>
          <tr>
            <SortHeader sorting={sorting} column="name" label={t.name} />
            <th scope="col">{t.email}</th>
            <th scope="col">{t.role}</th>
            <SortHeader sorting={sorting} column="orders" label={t.orders} numeric />
            <SortHeader sorting={sorting} column="spend" label={t.spend} numeric />
            <SortHeader sorting={sorting} column="last_order" label={t.lastOrder} />
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
