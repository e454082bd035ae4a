/**
 * One order's invoice: the shop, the invoice number (the order number), dates, both addresses,
 * lines with quantities and unit prices, then subtotal, discounts, shipping, fees, taxes by rate,
 * total and what was refunded, and the payment method. Amounts are without tax, taxes listed apart.
 */

import { addressLabel } from "../components/address.ts";
import { formatDeduction } from "../money.ts";
import type { DocumentOrder, OrderDocuments } from "./api.ts";
import { addressText, formatDate, formatMoney, variationText } from "./format.ts";
import { documentMessages as t } from "./messages.ts";
import { AddressBlock, Facts, ShopHeading } from "./parts.tsx";

export function Invoice({ order, shop, printedOn }: { order: DocumentOrder; shop: OrderDocuments["shop"]; printedOn: string }) {
  const { totals } = order;
  const money = (minor: number) => formatMoney(minor, totals.currency, totals.currency_minor_unit);
  const takenOff = (minor: number) => formatDeduction(minor, totals.currency, totals.currency_minor_unit);
  const heading = `invoice-${order.id}`;
  const shippingLines = addressLabel(order.shipping_address);
  return (
    <article className="order-document" aria-labelledby={heading}>
      <header className="order-document__head">
        <ShopHeading shop={shop} />
        <div>
          <h2 id={heading}>{t.invoiceHeading(order.number)}</h2>
          <Facts
            facts={[
              [t.invoiceNumber, order.number],
              [t.invoiceDate, formatDate(printedOn)],
              [t.orderDate, formatDate(order.date_created)],
              [t.paidDate, order.date_paid ? formatDate(order.date_paid) : ""],
            ]}
          />
        </div>
      </header>
      <div className="order-document__addresses">
        <AddressBlock
          id={`${heading}-billing`}
          title={t.billingAddress}
          lines={addressLabel(order.billing_address)}
          extra={[addressText(order.billing_address, "email") || order.customer.email, addressText(order.billing_address, "phone")]}
        />
        {order.shipping.pickup_location ? (
          <AddressBlock id={`${heading}-shipping`} title={t.shippingAddress} lines={[t.pickupAt(order.shipping.pickup_location)]} />
        ) : (
          shippingLines.length > 0 && <AddressBlock id={`${heading}-shipping`} title={t.shippingAddress} lines={shippingLines} />
        )}
      </div>
      <table className="order-document__lines">
        <caption>{t.items}</caption>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col" className="order-document__number">
              {t.quantity}
            </th>
            <th scope="col" className="order-document__number">
              {t.unitPrice}
            </th>
            <th scope="col" className="order-document__number">
              {t.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.name}
                {line.variation.length > 0 && <span className="order-document__detail">{variationText(line.variation)}</span>}
              </th>
              <td className="order-document__number">{line.quantity}</td>
              <td className="order-document__number">{money(line.price)}</td>
              <td className="order-document__number">{money(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <TotalRow label={t.subtotal} value={money(totals.items)} />
          {totals.discount > 0 && (
            <TotalRow label={t.discount(totals.coupons.map((coupon) => coupon.code))} value={takenOff(totals.discount)} />
          )}
          {order.shipping.lines.map((line) => (
            <TotalRow key={`${line.method_id}-${line.name}`} label={`${t.shipping}: ${line.name}`} value={money(line.total)} />
          ))}
          {totals.fees.map((fee) => (
            <TotalRow key={fee.id} label={fee.name} value={money(fee.total)} />
          ))}
          {totals.tax_lines.map((tax) => (
            <TotalRow key={`${tax.name}-${tax.rate}`} label={t.tax(tax.name, tax.rate)} value={money(tax.amount)} />
          ))}
          <TotalRow label={t.total} value={money(totals.total)} strong />
          {totals.refunded > 0 && (
            <>
              <TotalRow label={t.refunded} value={takenOff(totals.refunded)} />
              <TotalRow label={t.netTotal} value={money(totals.total - totals.refunded)} strong />
            </>
          )}
        </tfoot>
      </table>
      <Facts
        facts={[
          [t.paymentMethod, order.payment.title || order.payment.method],
          [t.transactionId, order.payment.transaction_id],
        ]}
      />
    </article>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? "order-document__grand" : undefined}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="order-document__number">{value}</td>
    </tr>
  );
}
