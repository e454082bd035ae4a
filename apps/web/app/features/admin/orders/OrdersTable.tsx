/**
 * The order table: a checkbox per row (and one for the page), the order's number and customer
 * linking to the order, date and total as sortable headers (links: the sort lives in the URL),
 * status badge, origin, items, and the total in the order's own currency. On a phone admin.css and orders.css
 * stack each row into a card; origin and items carry data-label, printed beside them there.
 */
import { Link } from "react-router";
import { SortHeader, type Sorting } from "../components/SortHeader.tsx";
import type { OrderRow } from "./api.ts";
import { formatDateTime, formatMoney, refundedNote } from "./format.ts";
import { STATUS_LABELS, TAB_LABELS, ordersMessages as t } from "./messages.ts";
import { type OrderFilterQuery, type SortColumn, sortPath } from "./query.ts";

interface OrdersTableProps {
  query: OrderFilterQuery;
  orders: OrderRow[];
  selected: ReadonlySet<number>;
  onSelect(ids: number[], on: boolean): void;
}

export function OrdersTable({ query, orders, selected, onSelect }: OrdersTableProps) {
  const allSelected = orders.length > 0 && orders.every((order) => selected.has(order.id));
  const someSelected = !allSelected && orders.some((order) => selected.has(order.id));
  // Every column starts newest (largest) first.
  const sorting: Sorting<SortColumn> = {
    column: query.orderby,
    order: query.order,
    path: (column) => sortPath(query, column),
    first: () => "desc",
    sortBy: t.sortBy,
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-orders">
        <caption className="visually-hidden">{t.tableCaption(TAB_LABELS[query.status])}</caption>
        <thead>
          <tr>
            <td className="admin-orders__select">
              <input
                type="checkbox"
                aria-label={t.selectAll}
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={(event) =>
                  onSelect(
                    orders.map((order) => order.id),
                    event.target.checked,
                  )
                }
              />
            </td>
            <th scope="col">{t.order}</th>
            <SortHeader sorting={sorting} column="date" label={t.date} />
            <th scope="col">{t.status}</th>
            <th scope="col">{t.origin}</th>
            <th scope="col" className="admin-num">
              {t.items}
            </th>
            <SortHeader sorting={sorting} column="total" label={t.total_} numeric />
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="admin-orders__select">
                <input
                  type="checkbox"
                  aria-label={t.selectOrder(order.number)}
                  checked={selected.has(order.id)}
                  onChange={(event) => onSelect([order.id], event.target.checked)}
                />
              </td>
              <th scope="row">
                <Link to={`/admin/orders/${order.id}`}>{t.orderLink(order.number, order.customer.name || order.customer.email)}</Link>
                {order.customer.guest && <span className="admin-muted admin-orders__guest"> {t.guest}</span>}
              </th>
              <td className="admin-orders__date">
                <time dateTime={order.date_created}>{formatDateTime(order.date_created)}</time>
              </td>
              <td className="admin-orders__status">
                <span className={`admin-badge admin-order-status admin-order-status--${order.status}`}>{STATUS_LABELS[order.status]}</span>
              </td>
              <td className="admin-orders__origin" data-label={t.origin}>
                {order.origin}
              </td>
              <td className="admin-num admin-orders__items" data-label={t.items}>
                {order.item_count}
              </td>
              <td className="admin-num admin-orders__total">
                {formatMoney(order.total, order.currency, order.currency_minor_unit)}
                {order.refunded > 0 && <span className="admin-muted admin-orders__refunded">{refundedNote(order)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
