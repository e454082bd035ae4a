/** The entries screen's search and filters: a GET form, so the filters live in the URL (links, back button, reload). */
import { Form, Link } from "react-router";
import { entriesMessages as t } from "./messages.ts";
import { type EntryFilterQuery, entriesPath, isFiltered } from "./query.ts";

export function EntryFilters({ formId, query }: { formId: number; query: EntryFilterQuery }) {
  return (
    // The key renews the uncontrolled fields when the URL's filters change (a "Clear filters" link, the back button).
    <Form key={entriesPath(formId, query)} method="get" className="admin-filters" role="search" aria-label={t.filters}>
      <div className="admin-field">
        <label htmlFor="entries-search">{t.search}</label>
        <input id="entries-search" name="search" type="search" maxLength={200} defaultValue={query.search} />
      </div>
      <div className="admin-field">
        <label htmlFor="entries-status">{t.status}</label>
        <select id="entries-status" name="status" defaultValue={query.status}>
          <option value="">{t.anyStatus}</option>
          <option value="complete">{t.complete}</option>
          <option value="spam">{t.spam}</option>
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="entries-payment">{t.payment}</label>
        <select id="entries-payment" name="payment" defaultValue={query.payment}>
          <option value="">{t.anyPayment}</option>
          <option value="none">{t.noPayment}</option>
          <option value="pending">{t.pending}</option>
          <option value="paid">{t.paid}</option>
          <option value="failed">{t.failed}</option>
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="entries-from">{t.from}</label>
        <input id="entries-from" name="from" type="date" defaultValue={query.from} max={query.to || undefined} />
      </div>
      <div className="admin-field">
        <label htmlFor="entries-to">{t.to}</label>
        <input id="entries-to" name="to" type="date" defaultValue={query.to} min={query.from || undefined} />
      </div>
      {query.order === "oldest" && <input type="hidden" name="order" value="oldest" />}
      <button type="submit" className="button button--secondary">
        {t.apply}
      </button>
      {isFiltered(query) && (
        <Link to={entriesPath(formId, { ...query, search: "", status: "", payment: "", from: "", to: "", page: 1 })}>{t.clear}</Link>
      )}
    </Form>
  );
}
