/** What the order says besides its items: shipping or pickup, payment, additional fields, origin, customer and their note. */
import { Link } from "react-router";
import type { OrderReply } from "../api.ts";
import { formatMoney, formatVisitStart, keyLabel } from "../format.ts";
import { ORIGIN_FIELD_LABELS, orderMessages as t } from "../messages.ts";

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Pairs({ pairs }: { pairs: [string, React.ReactNode][] }) {
  return (
    <dl className="admin-details">
      {pairs.map(([term, value]) => (
        <div key={term} className="admin-details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const shown = (value: unknown) => (value === true ? t.yes : value === false ? t.no : String(value));

export function DeliveryCard({ order }: { order: OrderReply }) {
  const { lines, pickup_location } = order.shipping;
  return (
    <Card id="order-delivery" title={t.delivery}>
      {pickup_location ? (
        <Pairs pairs={[[t.pickup, pickup_location]]} />
      ) : lines.length ? (
        <dl className="admin-details">
          {lines.map((line, index) => (
            // Lines may share a name (one package each): their place tells them apart; the order's lines never move.
            <div key={index} className="admin-details__row">
              <dt>
                {line.name}
                <span className="admin-muted admin-order-shipping-method">{t.shippingMethod(line.method_id)}</span>
              </dt>
              <dd>{formatMoney(line.total, order.totals.currency, order.totals.currency_minor_unit)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="admin-muted">{t.noShipping}</p>
      )}
    </Card>
  );
}

export function PaymentCard({ order }: { order: OrderReply }) {
  const { payment } = order;
  return (
    <Card id="order-payment" title={t.payment}>
      <Pairs
        pairs={[
          [t.method, payment.title || payment.method || t.noMethod],
          [t.transaction, payment.transaction_id ? <code>{payment.transaction_id}</code> : t.noTransaction],
          ...payment.details.map(({ key, value }): [string, React.ReactNode] => [keyLabel(key), value]),
        ]}
      />
    </Card>
  );
}

export function AdditionalFieldsCard({ order }: { order: OrderReply }) {
  const fields = Object.entries(order.additional_fields);
  if (!fields.length) return null;
  return (
    <Card id="order-fields" title={t.additionalFields}>
      <Pairs pairs={fields.map(([key, value]) => [keyLabel(key), shown(value)])} />
    </Card>
  );
}

export function OriginCard({ order }: { order: OrderReply }) {
  const { origin, ...fields } = order.origin;
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]): [string, React.ReactNode] => [
      ORIGIN_FIELD_LABELS[key] ?? keyLabel(key),
      key === "session_start_time" && typeof value === "string" ? formatVisitStart(value) : shown(value),
    ]);
  return (
    <Card id="order-origin" title={t.origin}>
      <Pairs pairs={[[t.origin, origin], ...pairs]} />
    </Card>
  );
}

export function CustomerCard({ order }: { order: OrderReply }) {
  const { customer } = order;
  const name = customer.name || customer.email;
  return (
    <Card id="order-customer" title={t.customer}>
      <Pairs
        pairs={[
          [
            customer.guest ? t.guest : t.account,
            customer.id !== null ? (
              <Link to={`/admin/customers/${customer.id}`}>{name}</Link>
            ) : (
              <Link to={`/admin/customers/guest?email=${encodeURIComponent(customer.email)}`}>{name}</Link>
            ),
          ],
          [t.email, customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : t.none],
        ]}
      />
      <h3>{t.customerNote}</h3>
      {order.customer_note ? <p className="admin-message-body">{order.customer_note}</p> : <p className="admin-muted">{t.noNote}</p>}
    </Card>
  );
}
