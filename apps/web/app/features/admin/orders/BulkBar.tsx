/**
 * What the owner does with the selected orders: mark them processing, on hold, completed or cancelled
 * (cancelling asks first), or print their invoices or packing slips in a new tab.
 */
import { type BulkStatus, MAX_PRINT, type PrintDocument, printUrl } from "./api.ts";
import { STATUS_LABELS, ordersMessages as t } from "./messages.ts";

export const BULK_STATUSES: readonly BulkStatus[] = ["processing", "on-hold", "completed", "cancelled"];

interface BulkBarProps {
  ids: number[];
  busy: boolean;
  onStatus(status: BulkStatus): void;
  onClear(): void;
}

/** Always drawn while the page has orders, so choosing the first one never pushes the rows down. */
export function BulkBar({ ids, busy, onStatus, onClear }: BulkBarProps) {
  const none = ids.length === 0;
  const printable = !none && ids.length <= MAX_PRINT;
  const printLink = (document: PrintDocument, label: string) =>
    printable ? (
      <a className="button button--secondary admin-button--small" href={printUrl(ids, document)} target="_blank" rel="noopener">
        {label} <span className="visually-hidden">{t.newWindow}</span>
      </a>
    ) : null;
  return (
    <section className="admin-orders__bulk" aria-label={t.bulkActions}>
      <p className="admin-orders__selected">{none ? t.noneSelected : t.selected(ids.length)}</p>
      <div className="admin-orders__bulk-actions">
        {BULK_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={`button admin-button--small ${status === "cancelled" ? "admin-button--danger" : "button--secondary"}`}
            disabled={none}
            aria-disabled={busy}
            onClick={() => onStatus(status)}
          >
            {t.markAs(STATUS_LABELS[status])}
          </button>
        ))}
        {printLink("invoice", t.printInvoices)}
        {printLink("packing-slip", t.printPackingSlips)}
        {ids.length > MAX_PRINT && <span className="admin-muted">{t.printLimit(MAX_PRINT)}</span>}
        {!none && (
          <button type="button" className="button button--secondary admin-button--small" onClick={onClear}>
            {t.clearSelection}
          </button>
        )}
      </div>
    </section>
  );
}
