/** The status tabs: links (the tab lives in the URL), each with its count, the current one marked with aria-current. */
import { Link } from "react-router";
import type { StatusCounts } from "./api.ts";
import { TAB_LABELS, ordersMessages as t } from "./messages.ts";
import { type OrderFilterQuery, STATUS_TABS, tabPath } from "./query.ts";

export function StatusTabs({ query, counts }: { query: OrderFilterQuery; counts: StatusCounts }) {
  return (
    <nav className="admin-order-tabs" aria-label={t.tabs}>
      <ul>
        {STATUS_TABS.map((status) => (
          <li key={status}>
            <Link
              to={tabPath(query, status)}
              aria-current={query.status === status ? "page" : undefined}
              className={query.status === status ? "admin-order-tabs__current" : undefined}
            >
              {TAB_LABELS[status]} <span className="admin-order-tabs__count">({counts[status] ?? 0})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
