/**
 * What a paged console list shows where its page has no rows (decision 0171): its own empty words ("No orders yet",
 * "No orders match these filters"), or, on a page past the last of a list that has rows (a stale link or bookmark),
 * where the list ends, never that it is empty. Past the last page either way, a link to the last (page 1 of an empty
 * list), through the list's own `pathFor`, so its filters, search and tab are kept.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { consoleMessages as t } from "../messages.ts";

export function EmptyList({
  total,
  page,
  pages,
  pathFor,
  kind = "list",
  children,
}: {
  total: number;
  page: number;
  /** The list's pages as the owner API counts them: 0 when nothing matches. */
  pages: number;
  pathFor(page: number): string;
  /** How the end is named: a list's, or a report's rows. */
  kind?: "list" | "report";
  /** The list's empty words, for a list with nothing in it. */
  children: ReactNode;
}) {
  // A list with nothing in it still has a page 1 to go back to.
  const last = Math.max(1, pages);
  const pastTheLast = page > last;
  return (
    <p className="admin-empty">
      {pastTheLast && total > 0 ? t.pastTheEnd(page, last, kind) : children}
      {pastTheLast && (
        <>
          {" "}
          <Link to={pathFor(last)}>{t.pageOf(last, last)}</Link>
        </>
      )}
    </p>
  );
}
