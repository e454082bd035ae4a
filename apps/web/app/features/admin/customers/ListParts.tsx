/** What the console's searched lists share: the customer lists' Accounts / Guests tabs and the search form. */
import { Form, Link } from "react-router";
import { customersMessages as t } from "./messages.ts";

export function CustomerTabs({ current }: { current: "accounts" | "guests" }) {
  return (
    <nav aria-label={t.tabs} className="admin-section-nav">
      <ul>
        <li>
          <Link to="/admin/customers" aria-current={current === "accounts" ? "page" : undefined}>
            {t.accounts}
          </Link>
        </li>
        <li>
          <Link to="/admin/customers/guests" aria-current={current === "guests" ? "page" : undefined}>
            {t.guests}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A GET form, so the search lives in the URL; `keep` carries the list's sorting through a new search. */
export function SearchForm({
  id,
  label,
  search,
  keep = {},
  clearTo,
}: {
  id: string;
  label: string;
  search: string;
  keep?: Record<string, string>;
  clearTo: string;
}) {
  return (
    // The key renews the field when the URL's search changes (the clear link, the back button).
    <Form key={search} method="get" className="admin-filters" role="search" aria-label={label}>
      <div className="admin-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name="search" type="search" maxLength={200} defaultValue={search} />
      </div>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--secondary">
        {t.searchButton}
      </button>
      {search && <Link to={clearTo}>{t.clear}</Link>}
    </Form>
  );
}
