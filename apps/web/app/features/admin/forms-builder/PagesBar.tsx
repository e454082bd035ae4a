/** The form's pages: one button each (a dropped field moves there), and the shown page's title, order and removal. */
import type { FormDefinition } from "@cartwright/commerce/forms";
import { useEffect, useRef, useState } from "react";
import { TextField } from "../components/fields.tsx";
import { builderMessages as t } from "./messages.ts";

interface Props {
  definition: FormDefinition;
  current: number;
  onSelect(page: number): void;
  onAdd(): void;
  onRename(title: string): void;
  onMove(delta: -1 | 1): void;
  onRemove(moveTo: number | null): void;
  onDropField(fieldId: number, page: number): void;
}

export function PagesBar({ definition, current, onSelect, onAdd, onRename, onMove, onRemove, onDropField }: Props) {
  const [removing, setRemoving] = useState(false);
  const count = definition.pages.length;
  return (
    <div className="builder-pages">
      <h3 id="builder-pages-title">{t.pages}</h3>
      <ul className="builder-pages__list" aria-labelledby="builder-pages-title">
        {definition.pages.map((page, index) => {
          const n = index + 1;
          return (
            <li key={n}>
              <button
                type="button"
                className={`builder-page-button${n === current ? " builder-page-button--current" : ""}`}
                aria-pressed={n === current}
                onClick={() => onSelect(n)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const id = Number(event.dataTransfer.getData("text/plain"));
                  if (id) onDropField(id, n);
                }}
              >
                {t.pageTab(n, page.title)}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className="button button--secondary admin-button--small" onClick={onAdd}>
            {t.addPage}
          </button>
        </li>
      </ul>
      <div className="builder-page-tools">
        <TextField
          path={`pages.${current - 1}.title`}
          label={`${t.pageTitle} (${t.page(current)})`}
          value={definition.pages[current - 1]?.title ?? ""}
          onChange={onRename}
        />
        <div className="admin-row-actions">
          <button
            type="button"
            className="button button--secondary admin-button--small"
            aria-disabled={current === 1}
            onClick={() => current > 1 && onMove(-1)}
          >
            {t.movePageUp(current)}
          </button>
          <button
            type="button"
            className="button button--secondary admin-button--small"
            aria-disabled={current === count}
            onClick={() => current < count && onMove(1)}
          >
            {t.movePageDown(current)}
          </button>
          <button
            type="button"
            className="admin-link-button admin-link-button--danger"
            disabled={count <= 1}
            onClick={() => setRemoving(true)}
          >
            {t.removePage(current)}
          </button>
        </div>
      </div>
      {removing && (
        <RemovePageDialog
          definition={definition}
          page={current}
          onCancel={() => setRemoving(false)}
          onConfirm={(moveTo) => {
            setRemoving(false);
            onRemove(moveTo);
          }}
        />
      )}
    </div>
  );
}

/** Asks before a page goes, and where its fields go (another page, or away with it). */
function RemovePageDialog({
  definition,
  page,
  onCancel,
  onConfirm,
}: {
  definition: FormDefinition;
  page: number;
  onCancel(): void;
  onConfirm(moveTo: number | null): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const others = definition.pages.map((p, index) => ({ n: index + 1, title: p.title })).filter((p) => p.n !== page);
  const [target, setTarget] = useState(String(others[0]?.n ?? ""));
  const fieldCount = definition.fields.filter((field) => field.page === page).length;
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby="builder-remove-page-title"
      aria-describedby="builder-remove-page-body"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="builder-remove-page-title">{t.removePageTitle(page)}</h2>
      <p id="builder-remove-page-body">{t.removePageBody(fieldCount)}</p>
      {fieldCount > 0 && (
        <div className="admin-field">
          <label htmlFor="builder-remove-page-target">{t.removePageMoveTo}</label>
          <select id="builder-remove-page-target" value={target} onChange={(event) => setTarget(event.target.value)}>
            {others.map((p) => (
              <option key={p.n} value={String(p.n)}>
                {t.moveFieldsTo(p.n, p.title)}
              </option>
            ))}
            <option value="remove">{t.removeFieldsToo}</option>
          </select>
        </div>
      )}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button admin-button--danger"
          onClick={() => onConfirm(target === "remove" || target === "" ? null : Number(target))}
        >
          {t.removePageConfirm}
        </button>
      </div>
    </dialog>
  );
}
