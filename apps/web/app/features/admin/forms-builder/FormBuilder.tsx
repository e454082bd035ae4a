/**
 * The form builder (decision 0029): pages and fields with a palette, drag and drop and keyboard
 * moves, the chosen field's settings and logic, the form's settings, a preview as visitors see it,
 * and one save of the whole definition whose errors (by path) land beside their controls and in a
 * summary above. A new form is created, then opened at its id; leaving with unsaved changes asks first.
 * A save sends the version the builder opened (or last saved): a form someone changed since is refused,
 * the message above the form and the owner's draft kept (decision 0158).
 */
import type { Currency } from "@cartwright/commerce";
import type { FieldType, FormDefinition, FormField, FormSettings } from "@cartwright/commerce/forms";
import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { EditorHead, LeaveGuard, SubmitButton } from "../components/editor.tsx";
import { ConfirmDialog, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext } from "../components/fields.tsx";
import { consoleMessages } from "../messages.ts";
import { type FormInput, formsApi } from "./api.ts";
import { BuilderErrorSummary } from "./BuilderErrorSummary.tsx";
import { UnreadableAmountsContext } from "./controls.tsx";
import { fieldsWithErrors, followFields, unreadableAmountErrors } from "./errors.ts";
import { FieldSettings } from "./FieldSettings.tsx";
import { FieldsList } from "./FieldsList.tsx";
import { FormHeader } from "./FormHeader.tsx";
import { FormPreview } from "./FormPreview.tsx";
import { FormSettingsSection } from "./FormSettingsSection.tsx";
import { fieldName, KIND_LABELS } from "./kinds.ts";
import { builderMessages as t } from "./messages.ts";
import * as model from "./model.ts";
import { PagesBar } from "./PagesBar.tsx";
import { Palette } from "./Palette.tsx";

interface Props {
  id?: number;
  initial: FormInput;
  currency: Currency;
  /** How many saved entries answered each field, by field id (none for a new form). */
  answers?: Record<string, number>;
  /** The opened form's version; a new form has none. */
  version?: string;
}

export function FormBuilder({ id, initial, currency, answers: initialAnswers = {}, version: opened = "" }: Props) {
  const [version, setVersion] = useState(opened);
  const [answers, setAnswers] = useState(initialAnswers);
  // The field whose removal waits for the owner's yes: it has answers the entries keep.
  const [removing, setRemoving] = useState<FormField | null>(null);
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [serverErrors, setServerErrors] = useState<{ errors: Record<string, string>; order: number[] }>({ errors: {}, order: [] });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(initial.definition.fields[0]?.id ?? null);
  // Every id handed out while editing or answered in entries, so a removed field's id is not given again (decision 0029).
  const highest = useRef(model.highestTakenId(initial.definition, Object.keys(initialAnswers)));
  const navigate = useNavigate();
  const announce = useAnnounce();
  const definition = draft.definition;
  // The money texts that are not amounts, by field id and the rest of their path ("7 .choices.0.priceMinor"): kept when
  // the field's panel closes, as the draft then holds an amount the owner did not write.
  const unreadable = useRef(new Map<string, { fieldId: number; rest: string; message: string }>());
  const fieldsNow = useRef(definition.fields);
  fieldsNow.current = definition.fields;
  const reportAmount = useCallback((path: string, message: string | null) => {
    const [, index = "", rest = ""] = /^fields\.(\d+)(.*)$/.exec(path) ?? [];
    const fieldId = fieldsNow.current[Number(index)]?.id;
    if (fieldId === undefined) return;
    if (message) unreadable.current.set(`${fieldId} ${rest}`, { fieldId, rest, message });
    else unreadable.current.delete(`${fieldId} ${rest}`);
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  const errors = useMemo(() => followFields(serverErrors.errors, serverErrors.order, definition.fields), [serverErrors, definition.fields]);
  const errorIds = useMemo(
    () => new Set([...fieldsWithErrors(errors)].map((index) => definition.fields[index]?.id ?? 0)),
    [errors, definition.fields],
  );

  const edit = (change: (current: FormDefinition) => FormDefinition) =>
    setDraft((current) => ({ ...current, definition: change(current.definition) }));
  const after = (next: FormDefinition, fieldId: number) => {
    const at = model.positionOf(next, fieldId);
    const field = next.fields.find((f) => f.id === fieldId);
    if (at && field) announce(t.moved(fieldName(field), at.position, at.count, at.page));
  };
  const moveBy = (fieldId: number, delta: -1 | 1) => {
    const next = model.moveField(definition, fieldId, delta);
    edit(() => next);
    after(next, fieldId);
    // Keeps focus on the same button as the row moves (React keeps the element, keyed by id).
  };
  const moveTo = (fieldId: number, toPage: number, beforeId: number | null) => {
    const next = model.moveFieldTo(definition, fieldId, toPage, beforeId);
    edit(() => next);
    after(next, fieldId);
  };
  const add = (type: FieldType) => {
    const newId = model.nextFieldId(definition, highest.current);
    highest.current = newId;
    let field = model.newField(type, newId, page, KIND_LABELS[type]);
    if (field.type === "payment-quantity") {
      const target = definition.fields.find((f) => ["payment-single", "payment-multiple", "payment-select"].includes(f.type));
      if (target) field = { ...field, forField: target.id };
    }
    edit((current) => model.addField(current, field));
    setSelected(newId);
    announce(t.added(fieldName(field), page));
  };
  const duplicate = (fieldId: number) => {
    const newId = model.nextFieldId(definition, highest.current);
    highest.current = newId;
    const original = definition.fields.find((f) => f.id === fieldId);
    edit((current) => model.duplicateField(current, fieldId, newId));
    setSelected(newId);
    if (original) announce(t.duplicated(fieldName(original)));
  };
  const removeNow = (fieldId: number) => {
    const field = definition.fields.find((f) => f.id === fieldId);
    edit((current) => model.removeField(current, fieldId));
    if (selected === fieldId) setSelected(null);
    if (field) announce(t.removed(fieldName(field)));
  };
  const remove = (fieldId: number) => {
    const field = definition.fields.find((f) => f.id === fieldId);
    if (field && (answers[String(fieldId)] ?? 0) > 0) setRemoving(field);
    else removeNow(fieldId);
  };

  /** Shows page `next` and chooses its first field for the settings panel. */
  const choosePage = (next: number) => {
    setPage(next);
    setSelected(definition.fields.find((field) => field.page === next)?.id ?? null);
  };

  /** Shows the control a server path names: its page and field first, then focus. */
  function reveal(path: string) {
    const index = /^fields\.(\d+)/.exec(path)?.[1];
    const field = index === undefined ? undefined : definition.fields[Number(index)];
    if (field) {
      setPage(field.page);
      setSelected(field.id);
    }
    const pageIndex = /^pages\.(\d+)/.exec(path)?.[1];
    if (pageIndex !== undefined) setPage(Number(pageIndex) + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const amountErrors = unreadableAmountErrors(unreadable.current.values(), definition.fields);
    if (Object.keys(amountErrors).length > 0) {
      // Refused here: the draft still holds the last amount read, not the text the owner typed.
      setServerErrors({ errors: amountErrors, order: definition.fields.map((field) => field.id) });
      setFailure(t.unreadableAmounts);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const form = id ? await formsApi.save(id, draft, version) : await formsApi.create(draft);
      const next: FormInput = { status: form.status, definition: { ...form.definition, id: form.id } };
      setVersion(form.version);
      setServerErrors({ errors: {}, order: [] });
      setAnswers(form.answers ?? {});
      setSaved(next);
      setDraft(next);
      announce(id ? t.saved : t.created);
      if (!id) navigate(`/admin/forms/${form.id}`, { replace: true, state: { created: true } });
    } catch (error) {
      if (error instanceof AdminApiError) {
        setServerErrors({ errors: error.fields, order: draft.definition.fields.map((field) => field.id) });
        setFailure(error.message);
      } else setFailure(consoleMessages.networkError);
    } finally {
      setBusy(false);
    }
  }

  const selectedIndex = definition.fields.findIndex((field) => field.id === selected);
  const selectedField: FormField | undefined = definition.fields[selectedIndex];
  const saveLabel = id ? t.save : t.create;
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor builder" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/forms"
          backLabel={t.back}
          title={id ? t.editTitle(saved.definition.title || `#${id}`) : t.newTitle}
          dirty={dirty}
          busy={busy}
          submitLabel={saveLabel}
        >
          {id && <Link to={`/admin/forms/${id}/entries`}>Entries</Link>}
        </EditorHead>
        {failure && (
          <BuilderErrorSummary message={failure} errors={errors} fields={definition.fields} refusal={serverErrors} onReveal={reveal} />
        )}
        <nav className="admin-section-nav" aria-label={t.sections}>
          <ul>
            <li>
              <a href="#builder-structure">{t.structure}</a>
            </li>
            <li>
              <a href="#builder-form-settings">{t.settings}</a>
            </li>
            <li>
              <a href="#builder-preview">{t.preview}</a>
            </li>
          </ul>
        </nav>
        <div className="admin-editor__columns">
          <div className="admin-editor__form">
            <FormHeader
              draft={draft}
              isNew={!id}
              onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
              onDefinition={(patch) => edit((current) => ({ ...current, ...patch }))}
            />
            <section id="builder-structure" className="admin-card" aria-labelledby="builder-structure-title">
              <h2 id="builder-structure-title">{t.structure}</h2>
              <PagesBar
                definition={definition}
                current={page}
                onSelect={choosePage}
                onAdd={() => {
                  edit((current) => model.addPage(current, ""));
                  setPage(definition.pages.length + 1);
                  announce(t.pageAdded(definition.pages.length + 1));
                }}
                onRename={(title) => edit((current) => model.renamePage(current, page, title))}
                onMove={(delta) => {
                  edit((current) => model.movePage(current, page, delta));
                  setPage(page + delta);
                  announce(t.pageMoved(page, page + delta));
                }}
                onRemove={(moveTo) => {
                  edit((current) => model.removePage(current, page, moveTo));
                  setPage(Math.max(1, moveTo === null ? page - 1 : moveTo > page ? moveTo - 1 : moveTo));
                  announce(t.pageRemoved(page));
                }}
                onDropField={(fieldId, toPage) => moveTo(fieldId, toPage, null)}
              />
              <Palette onAdd={add} />
              <FieldsList
                definition={definition}
                page={page}
                selected={selected}
                withErrors={errorIds}
                onSelect={setSelected}
                onMove={moveBy}
                onMoveTo={moveTo}
                onDuplicate={duplicate}
                onRemove={remove}
              />
            </section>
            {selectedField ? (
              <UnreadableAmountsContext.Provider value={reportAmount}>
                <FieldSettings
                  key={selectedField.id}
                  index={selectedIndex}
                  field={selectedField}
                  fields={definition.fields}
                  currency={currency}
                  onChange={(patch) => edit((current) => model.updateField(current, selectedField.id, patch))}
                />
              </UnreadableAmountsContext.Provider>
            ) : (
              <p className="admin-card admin-muted">{t.noSelection}</p>
            )}
            <section id="builder-form-settings" className="admin-card" aria-labelledby="builder-form-settings-title">
              <h2 id="builder-form-settings-title">{t.settings}</h2>
              <FormSettingsSection
                definition={definition}
                onChange={(settings: FormSettings) => edit((current) => ({ ...current, settings }))}
              />
            </section>
            <div className="admin-editor__footer">
              <SubmitButton busy={busy} label={saveLabel} />
            </div>
          </div>
          <div className="admin-editor__preview" id="builder-preview">
            <FormPreview definition={definition} currency={currency} page={page} onPage={choosePage} />
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t.removeFieldTitle(fieldName(removing)) : ""}
        body={removing ? t.removeFieldAnswered(answers[String(removing.id)] ?? 0) : ""}
        confirmLabel={t.removeConfirm}
        onConfirm={() => {
          if (removing) removeNow(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
