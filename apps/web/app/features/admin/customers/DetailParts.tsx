/** The parts of a customer's or a guest's page: totals, addresses, orders (each opening the order) and saved cards, masked. */
import { Link } from "react-router";
import { printedAddress } from "../components/address.ts";
import { formatCount, formatMoment, moneyFormat } from "../dashboard/format.ts";
import { statusLabel } from "../dashboard/messages.ts";
import type { Address, OrderHistory, SavedPaymentMethod } from "./api.ts";
import { customersMessages as t } from "./messages.ts";

export function TotalsSection({ totals }: { totals: OrderHistory["totals"] }) {
  const money = moneyFormat(totals.currency_code, totals.currency_minor_unit);
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="visually-hidden">
        {t.totals}
      </h2>
      <dl className="admin-stats">
        <div>
          <dt>{t.paidOrders}</dt>
          <dd>{formatCount(totals.paid_orders)}</dd>
        </div>
        <div>
          <dt>{t.spend}</dt>
          <dd>{money.amount(totals.spend)}</dd>
        </div>
        <div>
          <dt>{t.averageOrder}</dt>
          <dd>{money.amount(totals.average_order)}</dd>
        </div>
        <div>
          <dt>{t.lastOrder}</dt>
          <dd>
            {totals.last_order_at ? <time dateTime={totals.last_order_at}>{formatMoment(totals.last_order_at, false)}</time> : t.never}
          </dd>
        </div>
      </dl>
      {totals.paid_in_other_currencies > 0 && (
        <p className="admin-muted">{t.otherCurrencies(totals.paid_in_other_currencies, totals.currency_code)}</p>
      )}
    </section>
  );
}

function AddressCard({ title, address }: { title: string; address: Address }) {
  const lines = printedAddress(address);
  return (
    <div>
      <h3>{title}</h3>
      {lines.length ? (
        <address>
          {lines.map((line) => (
            <span key={line} className="admin-address__line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p className="admin-muted">{t.noAddress}</p>
      )}
    </div>
  );
}

export function AddressesSection({ addresses, hint }: { addresses: OrderHistory["addresses"]; hint?: string }) {
  return (
    <section className="admin-card" aria-labelledby="addresses-title">
      <h2 id="addresses-title">{t.addresses}</h2>
      {hint && <p className="admin-muted">{hint}</p>}
      <div className="admin-customer__pair">
        <AddressCard title={t.billingAddress} address={addresses.billing} />
        <AddressCard title={t.shippingAddress} address={addresses.shipping} />
      </div>
    </section>
  );
}

export function OrdersSection({ orders, total }: { orders: OrderHistory["orders"]; total: number }) {
  const hint = t.ordersHint(orders.length, total);
  return (
    <section className="admin-card" aria-labelledby="orders-title">
      <h2 id="orders-title">{t.ordersTitle}</h2>
      {hint && <p className="admin-muted">{hint}</p>}
      {orders.length === 0 ? (
        <p className="admin-empty">{t.noOrders}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="orders-title">
            <thead>
              <tr>
                <th scope="col">{t.order}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="admin-num">
                  {t.orderTotal}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/admin/orders/${order.id}`}>{t.openOrder(order.number)}</Link>
                  </th>
                  <td>
                    <time dateTime={order.created_at}>{formatMoment(order.created_at)}</time>
                  </td>
                  <td>{statusLabel(order.status)}</td>
                  <td className="admin-num">{moneyFormat(order.currency_code, order.currency_minor_unit).amount(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function PaymentMethodsSection({ methods }: { methods: SavedPaymentMethod[] }) {
  return (
    <section className="admin-card" aria-labelledby="methods-title">
      <h2 id="methods-title">{t.paymentMethods}</h2>
      {methods.length === 0 ? (
        <p className="admin-muted">{t.noPaymentMethods}</p>
      ) : (
        <ul className="admin-customer__methods">
          {methods.map((method) => (
            <li key={method.id}>
              {t.cardEnding(method.brand, method.last4)}
              {method.expires && <span className="admin-muted">, {t.expires(method.expires)}</span>}
              {method.is_default && <span className="admin-badge">{t.defaultMethod}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
