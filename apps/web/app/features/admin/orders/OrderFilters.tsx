/** The list's search and filters: a GET form, so they live in the URL (shareable links, back button, reload). */
import { Link, useNavigate } from "react-router";
import { shopTimeZone } from "../time-zone.ts";
import { PAYMENT_METHODS, SOURCE_TYPE_LABELS, ordersMessages as t } from "./messages.ts";
import { clearedPath, isFiltered, type OrderFilterQuery, orderQuery, ordersPath, SOURCE_TYPES } from "./query.ts";

export function OrderFilters({ query }: { query: OrderFilterQuery }) {
  const navigate = useNavigate();
  const methods =
    query.payment_method && !PAYMENT_METHODS.some((method) => method.id === query.payment_method)
      ? [...PAYMENT_METHODS, { id: query.payment_method, label: query.payment_method }]
      : PAYMENT_METHODS;
  return (
    // The key renews the uncontrolled fields when the URL's filters change (a "Clear filters" link, the back button).
    <search aria-label={t.filters}>
      <form
        key={ordersPath(query)}
        method="get"
        action="/admin/orders"
        className="admin-filters admin-order-filters"
        onSubmit={(event) => {
          // Only the filters that are set go to the URL (the plain GET form, before hydration, sends them all).
          event.preventDefault();
          const fields = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
          navigate(ordersPath(orderQuery(fields), { page: 1 }));
        }}
      >
        {/* The tab and the sorting stay as they are; a new filter starts at page 1. */}
        {query.status !== "all" && <input type="hidden" name="status" value={query.status} />}
        {query.orderby !== "date" && <input type="hidden" name="orderby" value={query.orderby} />}
        {query.order !== "desc" && <input type="hidden" name="order" value={query.order} />}
        <div className="admin-field admin-order-filters__search">
          <label htmlFor="orders-search">{t.search}</label>
          <input
            id="orders-search"
            name="search"
            type="search"
            maxLength={200}
            defaultValue={query.search}
            aria-describedby="orders-search-hint"
          />
          <p id="orders-search-hint" className="admin-field__hint">
            {t.searchHint}
          </p>
        </div>
        <div className="admin-order-filters__days">
          <div className="admin-field">
            <label htmlFor="orders-from">{t.from}</label>
            <input id="orders-from" name="from" type="date" defaultValue={query.from} aria-describedby="orders-days-hint" />
          </div>
          <div className="admin-field">
            <label htmlFor="orders-to">{t.to}</label>
            <input id="orders-to" name="to" type="date" defaultValue={query.to} aria-describedby="orders-days-hint" />
          </div>
          <p id="orders-days-hint" className="admin-field__hint">
            {t.daysHint(shopTimeZone())}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor="orders-payment-method">{t.paymentMethod}</label>
          <select id="orders-payment-method" name="payment_method" defaultValue={query.payment_method}>
            <option value="">{t.anyPaymentMethod}</option>
            {methods.map((method) => (
              <option key={method.id} value={method.id}>
                {method.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="orders-source-type">{t.sourceType}</label>
          <select id="orders-source-type" name="source_type" defaultValue={query.source_type}>
            <option value="">{t.anySourceType}</option>
            {SOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SOURCE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="orders-source">{t.source}</label>
          <input
            id="orders-source"
            name="source"
            type="text"
            maxLength={200}
            defaultValue={query.source}
            aria-describedby="orders-source-hint"
          />
          <p id="orders-source-hint" className="admin-field__hint">
            {t.sourceHint}
          </p>
        </div>
        <div className="admin-order-filters__actions">
          <button type="submit" className="button button--secondary">
            {t.apply}
          </button>
          {isFiltered(query) && <Link to={clearedPath(query)}>{t.clear}</Link>}
        </div>
      </form>
    </search>
  );
}
