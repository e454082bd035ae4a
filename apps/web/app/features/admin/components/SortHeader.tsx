/**
 * A sortable column header of a console list (orders, accounts, reports): a link to the list sorted by
 * the column (the sort lives in the URL), aria-sort on the column the list is sorted by now, and an
 * arrow showing which way. Pressing the sorted column turns it around; another column starts the way
 * its table says (names A to Z, figures largest or newest first). Every table shows it alike: the
 * sorted column's arrow always; another column's, the way a press would sort it, only while the pointer
 * is over its header or the keyboard's focus is on it (as WordPress's list tables do), so a table at
 * rest reads as its data and the one arrow shown is the sort in force.
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
  const arrow = (way: SortDirection) => (way === "ascending" ? "↑" : "↓");
  return (
    <th scope="col" aria-sort={sort} className={numeric ? "admin-num admin-table__sort" : "admin-table__sort"}>
      <Link to={sorting.path(column)} className="admin-sort" aria-label={sorting.sortBy(label, next)}>
        {label}
        {/* Kept in place while hidden, so the header does not move when it shows. */}
        <span aria-hidden="true" className={sort ? "admin-sort__arrow" : "admin-sort__arrow admin-sort__arrow--hint"}>
          {` ${arrow(sort ?? next)}`}
        </span>
      </Link>
    </th>
  );
}
