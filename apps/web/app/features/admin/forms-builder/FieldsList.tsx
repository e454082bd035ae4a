/**
 * The shown page's fields in order: chosen for editing by their name; moved by dragging (native drag
 * events, a drop lands before the row under it) or by keyboard (up, down, to another page); duplicated; removed.
 */
import type { FormDefinition, FormField } from "@cartwright/commerce/forms";
import { useState } from "react";
import { fieldName, KIND_LABELS } from "./kinds.ts";
import { builderMessages as t } from "./messages.ts";

interface Props {
  definition: FormDefinition;
  page: number;
  selected: number | null;
  /** Field ids that hold a server error. */
  withErrors: Set<number>;
  onSelect(id: number): void;
  onMove(id: number, delta: -1 | 1): void;
  onMoveTo(id: number, page: number, beforeId: number | null): void;
  onDuplicate(id: number): void;
  onRemove(id: number): void;
}

export function FieldsList({ definition, page, selected, withErrors, onSelect, onMove, onMoveTo, onDuplicate, onRemove }: Props) {
  const fields = definition.fields.filter((field) => field.page === page);
  const [over, setOver] = useState<number | "end" | null>(null);
  const dropped = (event: React.DragEvent, beforeId: number | null) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData("text/plain"));
    if (id && id !== beforeId) onMoveTo(id, page, beforeId);
  };
  return (
    <div className="builder-fields">
      <h3 id="builder-fields-title">{t.fieldsOn(page)}</h3>
      <p className="admin-muted">{t.dragHint}</p>
      {fields.length === 0 && <p className="admin-empty">{t.noFields}</p>}
      <ol
        className="builder-fields__list"
        aria-labelledby="builder-fields-title"
        onDragOver={(event) => {
          event.preventDefault();
          setOver("end");
        }}
        onDrop={(event) => dropped(event, null)}
        onDragEnd={() => setOver(null)}
      >
        {fields.map((field, index) => (
          <FieldRow
            key={field.id}
            field={field}
            first={index === 0}
            last={index === fields.length - 1}
            pages={definition.pages.length}
            selected={selected === field.id}
            error={withErrors.has(field.id)}
            dropTarget={over === field.id}
            onDragOver={() => setOver(field.id)}
            onDrop={(event) => dropped(event, field.id)}
            onSelect={() => onSelect(field.id)}
            onMove={(delta) => onMove(field.id, delta)}
            onMovePage={(to) => onMoveTo(field.id, to, null)}
            onDuplicate={() => onDuplicate(field.id)}
            onRemove={() => onRemove(field.id)}
          />
        ))}
        <li aria-hidden="true" className={`builder-drop-end${over === "end" ? " builder-drop--over" : ""}`} data-testid="builder-drop-end">
          Drop here to put a field last
        </li>
      </ol>
    </div>
  );
}

interface RowProps {
  field: FormField;
  first: boolean;
  last: boolean;
  pages: number;
  selected: boolean;
  error: boolean;
  dropTarget: boolean;
  onDragOver(): void;
  onDrop(event: React.DragEvent): void;
  onSelect(): void;
  onMove(delta: -1 | 1): void;
  onMovePage(page: number): void;
  onDuplicate(): void;
  onRemove(): void;
}

function FieldRow({
  field,
  first,
  last,
  pages,
  selected,
  error,
  dropTarget,
  onDragOver,
  onDrop,
  onSelect,
  onMove,
  onMovePage,
  onDuplicate,
  onRemove,
}: RowProps) {
  const name = fieldName(field);
  const small = "button button--secondary admin-button--small";
  return (
    <li
      className={`builder-field${selected ? " builder-field--selected" : ""}${error ? " builder-field--error" : ""}${dropTarget ? " builder-drop--over" : ""}`}
      data-field-id={field.id}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", String(field.id));
        event.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onDragOver();
      }}
      onDrop={(event) => {
        event.stopPropagation();
        onDrop(event);
      }}
    >
      <span className="builder-field__handle" aria-hidden="true" title={t.dragHandle(name)}>
        ⠿
      </span>
      <button type="button" className="builder-field__name" aria-pressed={selected} onClick={onSelect}>
        <span>{name}</span>
        <span className="admin-muted"> {KIND_LABELS[field.type]}</span>
        {field.required && <span className="admin-badge">Required</span>}
        {field.logic && <span className="admin-badge">{field.logic.action === "show" ? "Shown by rules" : "Hidden by rules"}</span>}
        {error && <span className="admin-badge admin-badge--warning">{t.hasErrors}</span>}
      </button>
      <span className="builder-field__tools">
        {/* aria-disabled, not disabled: a button that reaches the end keeps the keyboard's focus. */}
        <button type="button" className={small} aria-disabled={first} aria-label={t.moveUp(name)} onClick={() => !first && onMove(-1)}>
          ↑
        </button>
        <button type="button" className={small} aria-disabled={last} aria-label={t.moveDown(name)} onClick={() => !last && onMove(1)}>
          ↓
        </button>
        {pages > 1 && (
          <select aria-label={t.moveToPage(name)} value={String(field.page)} onChange={(event) => onMovePage(Number(event.target.value))}>
            {Array.from({ length: pages }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {t.page(index + 1)}
              </option>
            ))}
          </select>
        )}
        <button type="button" className={small} aria-label={t.duplicate(name)} onClick={onDuplicate}>
          Copy
        </button>
        <button type="button" className="admin-link-button admin-link-button--danger" aria-label={t.remove(name)} onClick={onRemove}>
          Remove
        </button>
      </span>
    </li>
  );
}
