/** The dashboard's tables for the period: orders by status and by origin (each line opening the order list) and the top products. */
import { Link } from "react-router";
import type { Overview, TopProduct } from "./api.ts";
import { formatCount, type MoneyFormat } from "./format.ts";
import { statusLabel, dashboardMessages as t } from "./messages.ts";
import { type DayRange, ordersListPath, productsReportPath } from "./range.ts";

export function StatusBreakdown({ rows, range, money }: { rows: Overview["orders_by_status"]; range: DayRange; money: MoneyFormat }) {
  return (
    <section className="admin-card" aria-labelledby="status-title">
      <h2 id="status-title">{t.byStatus}</h2>
      <p className="admin-muted">{t.byStatusHint}</p>
      {rows.length === 0 ? (
        <p className="admin-empty">{t.noOrders}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.status}</th>
              <th scope="col" className="admin-num">
                {t.orders}
              </th>
              <th scope="col" className="admin-num">
                {t.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.status}>
                <th scope="row">
                  <Link to={ordersListPath(range, { status: row.status })}>{statusLabel(row.status)}</Link>
                </th>
                <td className="admin-num">{formatCount(row.orders)}</td>
                <td className="admin-num">{money.amount(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ProductTable({ id, title, products, money }: { id: string; title: string; products: TopProduct[]; money: MoneyFormat }) {
  return (
    <div>
      <h3 id={id}>{title}</h3>
      <table className="admin-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col" className="admin-num">
              {t.units}
            </th>
            <th scope="col" className="admin-num">
              {t.revenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.product_id}>
              <th scope="row">{product.name}</th>
              <td className="admin-num">{formatCount(product.quantity)}</td>
              <td className="admin-num">{money.amount(product.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TopProducts({ top, range, money }: { top: Overview["top_products"]; range: DayRange; money: MoneyFormat }) {
  return (
    <section className="admin-card" aria-labelledby="top-title">
      <h2 id="top-title">{t.topProducts}</h2>
      <p>
        <Link to={productsReportPath(range)}>{t.allProducts}</Link>
      </p>
      {top.by_quantity.length === 0 ? (
        <p className="admin-empty">{t.noProducts}</p>
      ) : (
        <>
          <p className="admin-muted">{t.revenueHint}</p>
          <div className="admin-dashboard__pair">
            <ProductTable id="top-quantity" title={t.byQuantity} products={top.by_quantity} money={money} />
            <ProductTable id="top-revenue" title={t.byRevenue} products={top.by_revenue} money={money} />
          </div>
        </>
      )}
    </section>
  );
}

export function OriginBreakdown({ rows, range, money }: { rows: Overview["orders_by_origin"]; range: DayRange; money: MoneyFormat }) {
  return (
    <section className="admin-card" aria-labelledby="origin-title">
      <h2 id="origin-title">{t.byOrigin}</h2>
      <p className="admin-muted">{t.byOriginHint}</p>
      {rows.length === 0 ? (
        <p className="admin-empty">{t.noOrigin}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.origin}</th>
              <th scope="col" className="admin-num">
                {t.orders}
              </th>
              <th scope="col" className="admin-num">
                {t.sales}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.source_type}/${row.source}`}>
                <th scope="row">
                  <Link to={ordersListPath(range, { source_type: row.source_type, source: row.source })}>{row.origin}</Link>
                </th>
                <td className="admin-num">{formatCount(row.orders)}</td>
                <td className="admin-num">{money.amount(row.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
