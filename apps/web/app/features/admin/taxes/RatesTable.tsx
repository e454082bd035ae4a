/**
 * One class's rates as an editable table (decision 0044): every cell a field with its label and
 * the server's message beside it; a row saved on its own (its button or Enter in a cell), added,
 * deleted after a confirmation, and moved by ↑/↓ buttons that keep the focus and announce the
 * new place. A row's save sends the version it was loaded or last saved with: a rate someone changed
 * since is refused, the message beside the row's name and what was typed kept (decision 0158).
 * Leaving the page with a row changed and not saved asks first.
 */
import { type KeyboardEvent, type ReactElement, useEffect, useState } from "react";
import { AdminApiError } from "../api.ts";
import { LeaveGuard } from "../components/editor.tsx";
import { failureText } from "../components/failure.ts";
import { ConfirmDialog, useAnnounce } from "../components/feedback.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { useActionError } from "../components/page-actions.ts";
import { type TaxRate, taxesApi } from "./api.ts";
import { taxesMessages as t } from "./messages.ts";
import { cellErrors, emptyRow, fromRow, moved, RATE_FIELDS, type RateField, type RateRow, toRow } from "./model.ts";

type RowErrors = Partial<Record<RateField, string>>;

/** What a row not saved yet starts as: typed in, it holds changes. */
const BLANK_ROW = emptyRow(0);
const sameCells = (a: RateRow, b: RateRow) => RATE_FIELDS.every((field) => a[field] === b[field]);
/** Each saved rate's row as loaded or last saved, by its key. */
const byKey = (rows: readonly RateRow[]) => new Map(rows.map((row) => [row.key, row]));

const cellId = (row: RateRow, field: RateField) => `rate-${row.key}-${field}`;
/** The text cells in order; each input's width is set in taxes.css by its field (taxes-input--country…). */
const TEXT_CELLS: { field: Exclude<RateField, "compound" | "shipping">; inputMode?: "decimal" | "numeric" }[] = [
  { field: "country" },
  { field: "state" },
  { field: "postcodes" },
  { field: "cities" },
  { field: "rate", inputMode: "decimal" },
  { field: "name" },
  { field: "priority", inputMode: "numeric" },
];

interface Props {
  slug: string;
  initial: TaxRate[];
  /** Tells the page the class's rate count changed (its tab and summary). */
  onCount(count: number): void;
  /** Tells the page whether a row has changes not saved yet: another tab would drop them. */
  onDirty?(dirty: boolean): void;
}

export function RatesTable({ slug, initial, onCount, onDirty }: Props) {
  const [rows, setRows] = useState<RateRow[]>(() => initial.map((rate) => toRow(rate)));
  const [stored, setStored] = useState(() => byKey(rows));
  const remember = (fresh: readonly RateRow[]) => setStored((current) => new Map([...current, ...byKey(fresh)]));
  // A row typed in and not saved: a saved rate's cells differ from what was loaded or last saved, a new row's from the empty one.
  const dirty = rows.some((row) => {
    const base = row.id === null ? BLANK_ROW : stored.get(row.key);
    return base !== undefined && !sameCells(row, base);
  });
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const [deleting, setDeleting] = useState<RateRow | null>(null);
  const { error, attempt } = useActionError();
  const announce = useAnnounce();
  const saved = rows.filter((row) => row.id !== null);

  const edit = (key: string, change: Partial<RateRow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  function addRow() {
    const n = added + 1;
    setAdded(n);
    const row = emptyRow(n);
    setRows((current) => [...current, row]);
    requestAnimationFrame(() => document.getElementById(cellId(row, "country"))?.focus());
  }

  function showErrors(row: RateRow, found: RowErrors) {
    setErrors((current) => ({ ...current, [row.key]: found }));
    const first = (Object.keys(found) as RateField[])[0];
    if (first) requestAnimationFrame(() => document.getElementById(cellId(row, first))?.focus());
  }

  async function save(row: RateRow) {
    const result = fromRow(row, slug);
    if (!result.ok) {
      showErrors(row, result.errors);
      announce(t.rateRefused(row.label), "error");
      return;
    }
    setBusy(row.key);
    try {
      const reply = row.id === null ? await taxesApi.createRate(result.input) : await taxesApi.saveRate(row.id, result.input, row.version);
      const fresh = toRow(reply);
      remember([fresh]);
      setRows((current) => current.map((r) => (r.key === row.key ? fresh : r)));
      setErrors((current) => ({ ...current, [row.key]: {}, [fresh.key]: {} }));
      if (row.id === null) {
        onCount(saved.length + 1);
        requestAnimationFrame(() => document.getElementById(cellId(fresh, "country"))?.focus());
      }
      announce(t.rateSaved(fresh.label));
    } catch (failure) {
      if (failure instanceof AdminApiError && Object.keys(failure.fields).length) {
        showErrors(row, cellErrors(failure.fields));
        announce(t.rateRefused(row.label), "error");
      } else {
        // A refusal of the whole row (a stale copy, the network): shown by its name and said, as a field refusal is.
        showErrors(row, { name: failureText(failure) });
        announce(failureText(failure), "error");
      }
    } finally {
      setBusy(null);
    }
  }

  async function remove(row: RateRow) {
    setDeleting(null);
    await attempt(async () => {
      if (row.id !== null) await taxesApi.deleteRate(row.id);
      setRows((current) => current.filter((r) => r.key !== row.key));
      if (row.id !== null) onCount(saved.length - 1);
      announce(t.rateDeleted(row.label));
      requestAnimationFrame(() => document.getElementById(`add-rate-${slug}`)?.focus());
    });
  }

  async function move(row: RateRow, by: -1 | 1) {
    const from = saved.indexOf(row);
    const to = from + by;
    const order = moved(saved, from, to);
    const unsaved = rows.filter((r) => r.id === null);
    setRows([...order, ...unsaved]);
    await attempt(
      async () => {
        const reply = await taxesApi.reorderRates(
          slug,
          order.map((r) => r.id as number),
        );
        // Keep what the owner is typing in other rows: only the order comes from the reply.
        const byId = new Map(order.map((r) => [r.id, r]));
        const reloaded = reply.rates.map((rate) => byId.get(rate.id) ?? toRow(rate));
        // A rate added meanwhile elsewhere comes as the reply has it: that is its saved state.
        remember(reloaded.filter((r) => !byId.has(r.id)));
        setRows([...reloaded, ...unsaved]);
        announce(t.moved(row.label, to + 1, order.length));
        // Focus follows the row, so the next press moves it again; at the top or bottom that button is off, so the other one.
        const edge = (by < 0 && to === 0) || (by > 0 && to === order.length - 1);
        const direction = by < 0 !== edge ? "up" : "down";
        requestAnimationFrame(() => document.getElementById(`move-${direction}-${row.key}`)?.focus());
      },
      () => setRows(rows),
    );
  }

  const onEnter = (row: RateRow) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void save(row);
    }
  };

  return (
    <>
      <ErrorAlert message={error} />
      <p className="admin-muted">{t.listHint}</p>
      {rows.length === 0 ? (
        <p className="admin-empty">{t.noRates}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards taxes-rates">
            <thead>
              <tr>
                {TEXT_CELLS.map(({ field }) => (
                  <th key={field} scope="col">
                    {t.columns[field]}
                  </th>
                ))}
                <th scope="col">{t.columns.compound}</th>
                <th scope="col">{t.columns.shipping}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const rowErrors = errors[row.key] ?? {};
                const place = saved.indexOf(row);
                const cell = (field: RateField, control: (aria: Record<string, string | boolean | undefined>) => ReactElement) => {
                  const message = rowErrors[field];
                  const id = cellId(row, field);
                  return (
                    <td key={field} className={`taxes-cell--${field}${message ? " taxes-cell--error" : ""}`} data-label={t.columns[field]}>
                      {control({
                        id,
                        "aria-label": t.cellLabel(t.columns[field], row.label),
                        "aria-invalid": message ? true : undefined,
                        "aria-describedby": message ? `${id}-error` : undefined,
                      })}
                      {message && (
                        <p id={`${id}-error`} className="admin-field__error">
                          {message}
                        </p>
                      )}
                    </td>
                  );
                };
                return (
                  <tr key={row.key}>
                    {TEXT_CELLS.map(({ field, inputMode }) =>
                      cell(field, (aria) => (
                        <input
                          {...aria}
                          type="text"
                          className={`taxes-input--${field}`}
                          inputMode={inputMode}
                          value={row[field]}
                          onChange={(event) => edit(row.key, { [field]: event.target.value })}
                          onKeyDown={onEnter(row)}
                        />
                      )),
                    )}
                    {(["compound", "shipping"] as const).map((field) =>
                      cell(field, (aria) => (
                        <input
                          {...aria}
                          type="checkbox"
                          checked={row[field]}
                          onChange={(event) => edit(row.key, { [field]: event.target.checked })}
                        />
                      )),
                    )}
                    <td className="taxes-cell--actions">
                      <div className="admin-actions taxes-row-actions">
                        <button
                          type="button"
                          className="button"
                          // aria-disabled, not disabled: a disabled button would drop the keyboard's focus while the row saves.
                          aria-disabled={busy === row.key}
                          onClick={() => busy !== row.key && save(row)}
                        >
                          {t.save}
                          <span className="visually-hidden"> {row.label}</span>
                        </button>
                        {row.id !== null && (
                          <>
                            <button
                              type="button"
                              id={`move-up-${row.key}`}
                              className="admin-icon-button"
                              aria-label={t.moveUp(row.label)}
                              title={t.moveUp(row.label)}
                              disabled={place === 0}
                              onClick={() => move(row, -1)}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              id={`move-down-${row.key}`}
                              className="admin-icon-button"
                              aria-label={t.moveDown(row.label)}
                              title={t.moveDown(row.label)}
                              disabled={place === saved.length - 1}
                              onClick={() => move(row, 1)}
                            >
                              ↓
                            </button>
                          </>
                        )}
                        <button
                          type="button"
                          className="button admin-button--danger"
                          onClick={() => (row.id === null ? remove(row) : setDeleting(row))}
                        >
                          {row.id === null ? t.remove : t.delete}
                          <span className="visually-hidden"> {row.label}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <button type="button" id={`add-rate-${slug}`} className="button button--secondary" onClick={addRow}>
          {t.addRate}
        </button>
      </p>
      {/* Drawn only while asked: the page has other dialogs, and the dialog's ids are fixed. */}
      {deleting && (
        <ConfirmDialog
          open
          title={t.confirmDeleteRate(deleting.label)}
          body={t.confirmDeleteRateBody}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {/* A row's save never leaves the page: a save running is no reason not to ask about the other rows. */}
      <LeaveGuard dirty={dirty} busy={false} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </>
  );
}
