/** The order's items (name, SKU, variation, units, prices, what was refunded) and its totals down to the net payment. */

import { formatDeduction } from "../../money.ts";
import type { OrderReply } from "../api.ts";
import { formatMoney } from "../format.ts";
import { orderMessages as t } from "../messages.ts";

export function LinesTable({ order }: { order: OrderReply }) {
  const money = (minor: number) => formatMoney(minor, order.totals.currency, order.totals.currency_minor_unit);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways and holds no link or button to reach it by (WCAG 2.1.1)
    <section className="admin-table-wrap" aria-label={t.linesCaption(order.number)} tabIndex={0}>
      <table className="admin-table admin-table--cards admin-order-items">
        <caption className="visually-hidden">{t.linesCaption(order.number)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.sku}</th>
            <th scope="col">{t.variation}</th>
            <th scope="col" className="admin-num">
              {t.quantity}
            </th>
            <th scope="col" className="admin-num">
              {t.unitPrice}
            </th>
            <th scope="col" className="admin-num">
              {t.lineTotal}
            </th>
            <th scope="col" className="admin-num">
              {t.refundedCol}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => {
            const refundedUnits = line.refunded_quantity ?? 0;
            const refundedTotal = line.refunded_total ?? 0;
            return (
              <tr key={line.id}>
                <th scope="row">{line.name}</th>
                <td data-label={t.sku}>{line.sku || t.none}</td>
                <td data-label={t.variation}>
                  {line.variation.length ? line.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ") : t.none}
                </td>
                <td className="admin-num" data-label={t.quantity}>
                  {line.quantity}
                </td>
                <td className="admin-num" data-label={t.unitPrice}>
                  {money(line.price)}
                </td>
                <td className="admin-num" data-label={t.lineTotal}>
                  {money(line.total)}
                </td>
                <td className="admin-num" data-label={t.refundedCol}>
                  {refundedUnits > 0
                    ? t.refundedUnits(refundedUnits, money(refundedTotal))
                    : refundedTotal > 0
                      ? t.refundedAmount(money(refundedTotal))
                      : t.none}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function TotalsList({ order }: { order: OrderReply }) {
  const { totals } = order;
  const money = (minor: number) => formatMoney(minor, totals.currency, totals.currency_minor_unit);
  const takenOff = (minor: number) => formatDeduction(minor, totals.currency, totals.currency_minor_unit);
  return (
    <dl className="admin-details admin-order-totals">
      <dt>{t.itemsSubtotal}</dt>
      <dd>{money(totals.items)}</dd>
      {totals.coupons.length
        ? totals.coupons.map((coupon) => <Row key={coupon.code} term={t.coupon(coupon.code)} value={takenOff(coupon.discount)} />)
        : totals.discount > 0 && <Row term={t.discount} value={takenOff(totals.discount)} />}
      {(totals.shipping > 0 || order.shipping.lines.length > 0) && <Row term={t.shippingTotal} value={money(totals.shipping)} />}
      {totals.fees.map((fee) => (
        <Row key={fee.id} term={t.fee(fee.name, fee.tax_class_name)} value={money(fee.total)} />
      ))}
      {totals.tax_lines.map((line) => (
        <Row key={`${line.name}-${line.rate}`} term={t.tax(line.name, line.rate)} value={money(line.amount)} />
      ))}
      <dt className="admin-order-totals__strong">{t.orderTotal}</dt>
      <dd className="admin-order-totals__strong">{money(totals.total)}</dd>
      <Row term={t.refunded} value={totals.refunded > 0 ? takenOff(totals.refunded) : money(0)} />
      <dt className="admin-order-totals__strong">{t.net}</dt>
      <dd className="admin-order-totals__strong">{money(totals.total - totals.refunded)}</dd>
    </dl>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
