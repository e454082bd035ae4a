/** What both documents share: the shop's heading and an address block. */
import type { OrderDocuments } from "./api.ts";

export function ShopHeading({ shop }: { shop: OrderDocuments["shop"] }) {
  return (
    <div className="order-document__shop">
      <p className="order-document__shop-name">{shop.name}</p>
      {shop.address.length > 0 && (
        <address>
          {shop.address.map((line) => (
            <span key={line} className="order-document__line">
              {line}
            </span>
          ))}
          {shop.email && <span className="order-document__line">{shop.email}</span>}
        </address>
      )}
      {shop.address.length === 0 && shop.email && <p>{shop.email}</p>}
    </div>
  );
}

/** An address under its heading; `extra` lines (e-mail, phone) follow it. */
export function AddressBlock({ id, title, lines, extra = [] }: { id: string; title: string; lines: string[]; extra?: string[] }) {
  return (
    <section className="order-document__address" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <address>
        {[...lines, ...extra.filter(Boolean)].map((line, index) => (
          // Lines may repeat (a name and a company alike): their place tells them apart.
          <span key={`${index}-${line}`} className="order-document__line">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}

/** A label and value list (the document's numbers and dates). */
export function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="order-document__facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
