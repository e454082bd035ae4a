/** The order's history as a list: what happened, who did it, when (a <time>), oldest or newest first as the owner chooses. */
import { useState } from "react";
import { useCountryList } from "../../components/use-country-list.ts";
import type { OrderReply } from "../api.ts";
import { describeEvent, formatDateTime, orderedTimeline } from "../format.ts";
import { orderMessages as t } from "../messages.ts";

export function Timeline({ order }: { order: OrderReply }) {
  const [newestFirst, setNewestFirst] = useState(true);
  const events = orderedTimeline(order.timeline, newestFirst);
  // An address edit names its country and state once the list arrives (after the first paint); the codes show until then.
  const places = useCountryList(order.timeline.some((event) => event.type === "address"));
  return (
    <section className="admin-card" aria-labelledby="order-timeline">
      <div className="admin-order-card__head">
        <h2 id="order-timeline">{t.timeline}</h2>
        <label className="admin-order-inline-check">
          <input type="checkbox" checked={newestFirst} onChange={(event) => setNewestFirst(event.target.checked)} />
          {t.newestFirst}
        </label>
      </div>
      <ol className="admin-order-timeline" aria-labelledby="order-timeline">
        {events.map((event, index) => {
          const line = describeEvent(event, order.totals.currency, undefined, order.totals.currency_minor_unit, places);
          return (
            <li key={`${event.at}-${index}`} className={`admin-order-timeline__item admin-order-timeline__item--${event.type}`}>
              <p className="admin-order-timeline__title">
                <strong>{line.title}</strong>
                {line.by && <span className="admin-muted"> {line.by}</span>}
              </p>
              {line.details.map((detail, detailIndex) => (
                <p key={detailIndex} className="admin-order-timeline__detail">
                  {detail}
                </p>
              ))}
              <time dateTime={event.at} className="admin-muted">
                {formatDateTime(event.at)}
              </time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
