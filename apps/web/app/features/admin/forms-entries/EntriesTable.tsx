/**
 * The entries table: a checkbox per row for deleting several, the entry's link, the form's first
 * fields as columns, the date (a header link sorts by it), status, payment and total. On a phone
 * admin.css and forms-entries.css stack each row into a card, printing the data-label beside the values.
 */
import type { FormField } from "@cartwright/commerce/forms";
import { Link } from "react-router";
import { formatDateTime } from "../messages-inbox/format.ts";
import type { FormEntrySummary } from "./api.ts";
import { cellText, formatMoney } from "./format.ts";
import { PAYMENT_LABELS, STATUS_LABELS, entriesMessages as t } from "./messages.ts";
import { type EntryFilterQuery, entriesPath } from "./query.ts";

interface EntriesTableProps {
  formId: number;
  formTitle: string;
  query: EntryFilterQuery;
  columns: FormField[];
  entries: FormEntrySummary[];
  selected: ReadonlySet<number>;
  onSelect(ids: number[], on: boolean): void;
}

export function EntriesTable({ formId, formTitle, query, columns, entries, selected, onSelect }: EntriesTableProps) {
  const allSelected = entries.length > 0 && entries.every((entry) => selected.has(entry.id));
  const oldest = query.order === "oldest";
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-entries">
        <caption className="visually-hidden">{t.tableCaption(formTitle)}</caption>
        <thead>
          <tr>
            <td className="admin-entries__select">
              <input
                type="checkbox"
                aria-label={t.selectAll}
                checked={allSelected}
                onChange={(event) =>
                  onSelect(
                    entries.map((entry) => entry.id),
                    event.target.checked,
                  )
                }
              />
            </td>
            <th scope="col">{t.entry}</th>
            {columns.map((field) => (
              <th scope="col" key={field.id}>
                {field.label}
              </th>
            ))}
            <th scope="col" aria-sort={oldest ? "ascending" : "descending"} className="admin-table__sort">
              <Link
                to={entriesPath(formId, query, { order: oldest ? "newest" : "oldest", page: 1 })}
                aria-label={oldest ? t.sortNewest : t.sortOldest}
                className="admin-sort"
              >
                {t.date} <span aria-hidden="true">{oldest ? "↑" : "↓"}</span>
              </Link>
            </th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.payment}</th>
            <th scope="col" className="admin-num">
              {t.paymentTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="admin-entries__select">
                <input
                  type="checkbox"
                  aria-label={t.selectEntry(entry.id)}
                  checked={selected.has(entry.id)}
                  onChange={(event) => onSelect([entry.id], event.target.checked)}
                />
              </td>
              <th scope="row">
                <Link to={`/admin/forms/${formId}/entries/${entry.id}`}>{t.openEntry(entry.id)}</Link>
              </th>
              {columns.map((field) => (
                <td key={field.id} className="admin-entries__field" data-label={field.label}>
                  {cellText(entry.values[String(field.id)]) || <span className="admin-muted">{t.none}</span>}
                </td>
              ))}
              <td className="admin-entries__date">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </td>
              <td className="admin-entries__status">
                <span className={`admin-badge${entry.status === "spam" ? " admin-badge--warning" : ""}`}>
                  {STATUS_LABELS[entry.status]}
                </span>
              </td>
              <td className="admin-entries__payment" data-label={t.payment}>
                {entry.payment_status ? PAYMENT_LABELS[entry.payment_status] : <span className="admin-muted">{t.none}</span>}
              </td>
              <td className="admin-num admin-entries__total">
                {entry.payment_status ? formatMoney(entry.payment_total, entry.currency) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
