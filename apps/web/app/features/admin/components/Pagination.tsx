/**
 * The pager of every paged console list: "Previous page", the page shown ("Page 2 of 7", marked aria-current) and
 * "Next page", each link built by the list's own `pathFor`, so its tab, filters, search and sort are kept. An end with
 * nowhere to go shows its words as text, never a link that leads nowhere. Nothing for a list of one page, nor past its
 * last page (where `EmptyList` links the last).
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { consoleMessages as t } from "../messages.ts";

export function Pagination({ page, pages, pathFor }: { page: number; pages: number; pathFor(page: number): string }) {
  const current = useRef<HTMLSpanElement>(null);
  const pressed = useRef(false);
  // Reaching the first or last page takes away the link just pressed: focus goes to the page reached, not to the
  // document's start (without scrolling, as the page's own scroll moves to the new rows).
  useEffect(() => {
    if (pressed.current && document.activeElement === document.body) current.current?.focus({ preventScroll: true });
    pressed.current = false;
  }, [page]);
  if (pages <= 1 || page > pages) return null;
  const press = () => {
    pressed.current = true;
  };
  const end = (target: number, rel: "prev" | "next", label: string) =>
    target >= 1 && target <= pages ? (
      <Link to={pathFor(target)} rel={rel} onClick={press}>
        {label}
      </Link>
    ) : (
      <span className="admin-pagination__end">{label}</span>
    );
  return (
    <nav className="admin-pagination" aria-label={t.pages}>
      <ul className="admin-pagination__list">
        <li>{end(page - 1, "prev", t.previousPage)}</li>
        <li>
          <span ref={current} aria-current="page" tabIndex={-1}>
            {t.pageOf(page, pages)}
          </span>
        </li>
        <li>{end(page + 1, "next", t.nextPage)}</li>
      </ul>
    </nav>
  );
}
