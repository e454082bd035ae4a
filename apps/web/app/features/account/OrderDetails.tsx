/** An order's lines, totals, payment and addresses: the account's order page and the order-received page. */
import { AddressBlock } from "../../components/AddressBlock.tsx";
import type { OrderDisplay } from "./format.server.ts";
import { orderMessages as t } from "./messages.ts";

/** `addresses` false: the lines and totals only (the pay-for-order page, which asks a guest for the e-mail the addresses hold). */
export function OrderDetails({ order, addresses = true }: { order: OrderDisplay; addresses?: boolean }) {
  return (
    <>
      <section className="order-details" aria-labelledby="order-details-title">
        <h2 id="order-details-title">{t.details}</h2>
        <table className="order-details__table">
          <caption className="visually-hidden">{t.itemsLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col" className="order-details__amount">
                {t.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.name} <span className="order-details__quantity">{t.quantity(line.quantity)}</span>
                  {line.options && <span className="order-details__options">{line.options}</span>}
                </td>
                <td className="order-details__amount">{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.totals.map((row) => (
              <tr key={row.key} className={row.key === "total" || row.key === "net" ? "order-details__total" : undefined}>
                <th scope="row">{row.label}</th>
                <td className="order-details__amount">{row.value}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t.paymentMethod}</th>
              <td className="order-details__amount">{order.paymentMethod}</td>
            </tr>
            {order.fields.map((field) => (
              <tr key={field.label}>
                <th scope="row">{field.label}</th>
                <td className="order-details__amount">{field.value}</td>
              </tr>
            ))}
            {order.note && (
              <tr>
                <th scope="row">{t.note}</th>
                <td className="order-details__amount">{order.note}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </section>
      {addresses && <OrderAddresses order={order} />}
    </>
  );
}

function OrderAddresses({ order }: { order: OrderDisplay }) {
  return (
    <div className="order-addresses">
      <section aria-labelledby="order-billing-title">
        <h2 id="order-billing-title">{t.billingAddress}</h2>
        <AddressBlock lines={order.billing} extra={[order.phone, order.email]} />
      </section>
      {order.shipping.length > 0 && (
        <section aria-labelledby="order-shipping-title">
          <h2 id="order-shipping-title">{t.shippingAddress}</h2>
          <AddressBlock lines={order.shipping} />
        </section>
      )}
    </div>
  );
}
