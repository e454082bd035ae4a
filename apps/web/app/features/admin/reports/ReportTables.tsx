/**
 * Each reports tab's table (decision 0104): sortable column headers (links, aria-sort on the current
 * one), the page's rows, and a footer of the totals over every row found. On a phone admin.css
 * stacks each row into a card, printing the data-label beside the figures.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SortHeader, type Sorting } from "../components/SortHeader.tsx";
import { guestPath } from "../customers/query.ts";
import { formatCount, formatMoment, type MoneyFormat } from "../dashboard/format.ts";
import { consoleMessages } from "../messages.ts";
import type { CouponReportRow, CustomerReportRow, ProductReportRow, TaxReportRow } from "./api.ts";
import { reportsMessages as t } from "./messages.ts";
import { defaultOrder, type ReportQuery, type ReportSort, sortPath } from "./query.ts";

const c = t.columns;

/** The tab's sorting for its headers: names A to Z first, figures biggest or newest first. */
const sortingOf = (query: ReportQuery): Sorting<ReportSort> => ({
  column: query.sort,
  order: query.order,
  path: (sort) => sortPath(query, sort),
  first: defaultOrder,
  sortBy: t.sortBy,
});

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
  const sorting = sortingOf(query);
  return (
    <Frame
      caption={t.captions.products}
      head={
        <>
          <SortHeader sorting={sorting} column="name" label={c.product} />
          <th scope="col">{c.sku}</th>
          <SortHeader sorting={sorting} column="items_sold" label={c.itemsSold} numeric />
          <SortHeader sorting={sorting} column="net_sales" label={c.netSales} numeric />
          <SortHeader sorting={sorting} column="orders" label={c.orders} numeric />
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
  const sorting = sortingOf(query);
  return (
    <Frame
      caption={t.captions.coupons}
      head={
        <>
          <SortHeader sorting={sorting} column="code" label={c.code} />
          <SortHeader sorting={sorting} column="orders" label={c.orders} numeric />
          <SortHeader sorting={sorting} column="discount" label={c.discount} numeric />
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
  const sorting = sortingOf(query);
  return (
    <Frame
      caption={t.captions.taxes}
      head={
        <>
          <SortHeader sorting={sorting} column="label" label={c.tax} />
          <SortHeader sorting={sorting} column="order_tax" label={c.orderTax} numeric />
          <SortHeader sorting={sorting} column="shipping_tax" label={c.shippingTax} numeric />
          <SortHeader sorting={sorting} column="total_tax" label={c.totalTax} numeric />
          <SortHeader sorting={sorting} column="orders" label={c.orders} numeric />
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
          {/* The reply's label with the rate in the shop's decimal separator ("VAT (20,5%)"). */}
          <th scope="row">{consoleMessages.taxLabel(row.name, row.rate)}</th>
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
  const sorting = sortingOf(query);
  return (
    <Frame
      caption={t.captions.customers}
      head={
        <>
          <SortHeader sorting={sorting} column="name" label={c.customer} />
          <th scope="col">{c.email}</th>
          <th scope="col">{c.type}</th>
          <SortHeader sorting={sorting} column="orders" label={c.orders} numeric />
          <SortHeader sorting={sorting} column="spend" label={c.spend} numeric />
          <SortHeader sorting={sorting} column="average" label={c.average} numeric />
          <SortHeader sorting={sorting} column="last_order" label={c.lastOrder} />
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
