/** Previous, numbered and Next links of a paged list (the shop's listings, my account's orders); plain links, so they work without JavaScript. */
import { Link } from "react-router";
import { listingMessages as t } from "../features/listing/messages.ts";

/** The current page is marked with aria-current; nothing is drawn for a list of one page. */
export function PageLinks({
  page,
  totalPages,
  href,
  label,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__link pagination__link--prev">
              {t.previous}
            </Link>
          </li>
        )}
        {pages.map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={target}>
              {target === page ? (
                <span className="pagination__link pagination__link--current" aria-current="page">
                  {target}
                </span>
              ) : (
                <Link to={href(target)} className="pagination__link" aria-label={t.pageLabel(target)}>
                  {target}
                </Link>
              )}
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__link pagination__link--next">
              {t.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** First, last and two either side of the current page; null marks a gap. */
function pageWindow(page: number, totalPages: number): (number | null)[] {
  const shown = new Set([1, totalPages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= totalPages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && p - last > 1) result.push(null);
    result.push(p);
  }
  return result;
}
