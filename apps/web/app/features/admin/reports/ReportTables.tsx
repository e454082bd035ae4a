/**
 * Each reports tab's table (decision 0104): sortable column headers (links, aria-sort on the current
 * one), the page's rows, and a footer of the totals over every row found. On a phone admin.css
 * stacks each row into a card, printing the data-label beside the figures.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { guestPath } from "../customers/query.ts";
import { formatCount, formatMoment, type MoneyFormat } from "../dashboard/format.ts";
import type { CouponReportRow, CustomerReportRow, ProductReportRow, TaxReportRow } from "./api.ts";
import { reportsMessages as t } from "./messages.ts";
import { type ReportQuery, type ReportSort, sortPath } from "./query.ts";

const c = t.columns;

function SortHeader({ query, sort, label, numeric }: { query: ReportQuery; sort: ReportSort; label: string; numeric?: boolean }) {
  const current = query.sort === sort;
  const first = sort === "name" || sort === "code" || sort === "label" ? "ascending" : "descending";
  const next = current ? (query.order === "asc" ? "descending" : "ascending") : first;
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

function Frame({ caption, head, children, foot }: { caption: string; head: ReactNode; children: ReactNode; foot: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-reports__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        <tfoot>
          <tr>{foot}</tr>
        </tfoot>
      </table>
    </div>
  );
}

const Num = ({ label, children }: { label: string; children: ReactNode }) => (
  <td className="admin-num" data-label={label}>
    {children}
  </td>
);

type TableProps<R> = { rows: R[]; query: ReportQuery; money: MoneyFormat; totals: Record<string, number> };

export function ProductsTable({ rows, query, money, totals }: TableProps<ProductReportRow>) {
  return (
    <Frame
      caption={t.captions.products}
      head={
        <>
          <SortHeader query={query} sort="name" label={c.product} />
          <th scope="col">{c.sku}</th>
          <SortHeader query={query} sort="items_sold" label={c.itemsSold} numeric />
          <SortHeader query={query} sort="net_sales" label={c.netSales} numeric />
          <SortHeader query={query} sort="orders" label={c.orders} numeric />
        </>
      }
      foot={
        <>
          <th scope="row" colSpan={2}>
            {t.total}
          </th>
          <Num label={c.itemsSold}>{formatCount(totals.items_sold ?? 0)}</Num>
          <Num label={c.netSales}>{money.amount(totals.net_sales ?? 0)}</Num>
          <td />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.product_id}/${row.variation_id ?? ""}`}>
          <th scope="row">
            <Link to={`/admin/products/${row.product_id}`}>{row.variation ? `${row.name} (${row.variation})` : row.name}</Link>
          </th>
          <td data-label={c.sku}>{row.sku}</td>
          <Num label={c.itemsSold}>{formatCount(row.items_sold)}</Num>
          <Num label={c.netSales}>{money.amount(row.net_sales)}</Num>
          <Num label={c.orders}>{formatCount(row.orders)}</Num>
        </tr>
      ))}
    </Frame>
  );
}

export function CouponsTable({ rows, query, money, totals }: TableProps<CouponReportRow>) {
  return (
    <Frame
      caption={t.captions.coupons}
      head={
        <>
          <SortHeader query={query} sort="code" label={c.code} />
          <SortHeader query={query} sort="orders" label={c.orders} numeric />
          <SortHeader query={query} sort="discount" label={c.discount} numeric />
        </>
      }
      foot={
        <>
          <th scope="row">{t.total}</th>
          <td />
          <Num label={c.discount}>{money.amount(totals.discount ?? 0)}</Num>
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.code}>
          <th scope="row">
            {row.coupon_id ? (
              <Link to={`/admin/coupons/${row.coupon_id}`}>{row.code}</Link>
            ) : (
              <>
                {row.code} <span className="admin-muted">({t.deletedCoupon})</span>
              </>
            )}
          </th>
          <Num label={c.orders}>{formatCount(row.orders)}</Num>
          <Num label={c.discount}>{money.amount(row.discount)}</Num>
        </tr>
      ))}
    </Frame>
  );
}

export function TaxesTable({ rows, query, money, totals }: TableProps<TaxReportRow>) {
  return (
    <Frame
      caption={t.captions.taxes}
      head={
        <>
          <SortHeader query={query} sort="label" label={c.tax} />
          <SortHeader query={query} sort="order_tax" label={c.orderTax} numeric />
          <SortHeader query={query} sort="shipping_tax" label={c.shippingTax} numeric />
          <SortHeader query={query} sort="total_tax" label={c.totalTax} numeric />
          <SortHeader query={query} sort="orders" label={c.orders} numeric />
        </>
      }
      foot={
        <>
          <th scope="row">{t.total}</th>
          <Num label={c.orderTax}>{money.amount(totals.order_tax ?? 0)}</Num>
          <Num label={c.shippingTax}>{money.amount(totals.shipping_tax ?? 0)}</Num>
          <Num label={c.totalTax}>{money.amount(totals.total_tax ?? 0)}</Num>
          <td />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.name}/${row.rate}`}>
          <th scope="row">{row.label}</th>
          <Num label={c.orderTax}>{money.amount(row.order_tax)}</Num>
          <Num label={c.shippingTax}>{money.amount(row.shipping_tax)}</Num>
          <Num label={c.totalTax}>{money.amount(row.total_tax)}</Num>
          <Num label={c.orders}>{formatCount(row.orders)}</Num>
        </tr>
      ))}
    </Frame>
  );
}

export function CustomersTable({ rows, query, money, totals }: TableProps<CustomerReportRow>) {
  return (
    <Frame
      caption={t.captions.customers}
      head={
        <>
          <SortHeader query={query} sort="name" label={c.customer} />
          <th scope="col">{c.email}</th>
          <th scope="col">{c.type}</th>
          <SortHeader query={query} sort="orders" label={c.orders} numeric />
          <SortHeader query={query} sort="spend" label={c.spend} numeric />
          <SortHeader query={query} sort="average" label={c.average} numeric />
          <SortHeader query={query} sort="last_order" label={c.lastOrder} />
        </>
      }
      foot={
        <>
          <th scope="row" colSpan={4}>
            {t.total}
          </th>
          <Num label={c.spend}>{money.amount(totals.spend ?? 0)}</Num>
          <td colSpan={2} />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.type}/${row.customer_id ?? row.email}`}>
          <th scope="row">
            <Link to={row.customer_id ? `/admin/customers/${row.customer_id}` : guestPath(row.email)}>{row.name || row.email}</Link>
          </th>
          <td data-label={c.email}>{row.email}</td>
          <td data-label={c.type}>{t.types[row.type]}</td>
          <Num label={c.orders}>{formatCount(row.orders)}</Num>
          <Num label={c.spend}>{money.amount(row.spend)}</Num>
          <Num label={c.average}>{money.amount(row.average)}</Num>
          <td data-label={c.lastOrder}>
            <time dateTime={row.last_order_at}>{formatMoment(row.last_order_at, false)}</time>
          </td>
        </tr>
      ))}
    </Frame>
  );
}
