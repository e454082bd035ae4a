/**
 * One order's packing slip: the shop, the order number and date, where it goes (or the pickup
 * location) and how, the billing address, each line's SKU and quantity, and the customer's note.
 * No prices: it travels in the parcel.
 */

import { addressLabel } from "../components/address.ts";
import type { DocumentOrder, OrderDocuments } from "./api.ts";
import { addressText, formatDate, variationText } from "./format.ts";
import { documentMessages as t } from "./messages.ts";
import { AddressBlock, Facts, ShopHeading } from "./parts.tsx";

export function PackingSlip({ order, shop }: { order: DocumentOrder; shop: OrderDocuments["shop"] }) {
  const heading = `packing-slip-${order.id}`;
  const pickup = order.shipping.pickup_location;
  const method = pickup ? t.pickupAt(pickup) : order.shipping.lines.map((line) => line.name).join(", ") || t.noShipping;
  const shipTo = addressLabel(order.shipping_address);
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article className="order-document" aria-labelledby={heading}>
      <header className="order-document__head">
        <ShopHeading shop={shop} />
        <div>
          <h2 id={heading}>{t.packingSlipHeading(order.number)}</h2>
          <Facts
            facts={[
              [t.orderNumber, order.number],
              [t.orderDate, formatDate(order.date_created)],
              [t.shippingMethod, method],
            ]}
          />
        </div>
      </header>
      <div className="order-document__addresses">
        {!pickup && shipTo.length > 0 && (
          <AddressBlock id={`${heading}-shipping`} title={t.shipTo} lines={shipTo} extra={[addressText(order.shipping_address, "phone")]} />
        )}
        <AddressBlock
          id={`${heading}-billing`}
          title={t.billingAddress}
          lines={addressLabel(order.billing_address)}
          extra={[addressText(order.billing_address, "email") || order.customer.email, addressText(order.billing_address, "phone")]}
        />
      </div>
      <table className="order-document__lines">
        <caption>{t.items}</caption>
        <thead>
          <tr>
            <th scope="col">{t.product}</th>
            <th scope="col">{t.sku}</th>
            <th scope="col" className="order-document__number">
              {t.quantity}
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
              <td>{line.sku || "—"}</td>
              <td className="order-document__number">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="order-document__grand">
            <th scope="row" colSpan={2}>
              {t.totalUnits}
            </th>
            <td className="order-document__number">{units}</td>
          </tr>
        </tfoot>
      </table>
      <section className="order-document__note" aria-labelledby={`${heading}-note`}>
        <h3 id={`${heading}-note`}>{t.customerNote}</h3>
        <p>{order.customer_note.trim() || t.none}</p>
      </section>
    </article>
  );
}
