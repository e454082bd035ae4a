/**
 * A sortable column header of a console list (orders, accounts, reports): a link to the list sorted by
 * the column (the sort lives in the URL), aria-sort on the column the list is sorted by now, and an
 * arrow showing which way. Pressing the sorted column turns it around; another column starts the way
 * its table says (names A to Z, figures largest or newest first).
 */
import { Link } from "react-router";

export type SortOrder = "asc" | "desc";
export type SortDirection = "ascending" | "descending";

/** How one table sorts: built once per table from its query, shared by its headers. */
export interface Sorting<Column extends string> {
  /** The column the list is sorted by now, and which way. */
  column: Column;
  order: SortOrder;
  /** Where a press on a column's header leads. */
  path(column: Column): string;
  /** Which way a first press on a column not sorted by now sorts it. */
  first(column: Column): SortOrder;
  /** The link's accessible name: the column and which way a press sorts it. */
  sortBy(label: string, next: SortDirection): string;
  /** Mark every sortable column (↕ on those not sorted by now), not only the sorted one. */
  markAll?: boolean;
}

const direction = (order: SortOrder): SortDirection => (order === "asc" ? "ascending" : "descending");

export function SortHeader<Column extends string>({
  sorting,
  column,
  label,
  numeric,
}: {
  sorting: Sorting<Column>;
  column: Column;
  label: string;
  numeric?: boolean;
}) {
  const sort = sorting.column === column ? direction(sorting.order) : undefined;
  const next: SortDirection = sort === "descending" ? "ascending" : sort === "ascending" ? "descending" : direction(sorting.first(column));
  const mark = sort === "ascending" ? "↑" : sort === "descending" ? "↓" : sorting.markAll ? "↕" : null;
  return (
    <th scope="col" aria-sort={sort} className={numeric ? "admin-num admin-table__sort" : "admin-table__sort"}>
      <Link to={sorting.path(column)} className="admin-sort" aria-label={sorting.sortBy(label, next)}>
        {label}
        {mark && <span aria-hidden="true"> {mark}</span>}
      </Link>
    </th>
  );
}
