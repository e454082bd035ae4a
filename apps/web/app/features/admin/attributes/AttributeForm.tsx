/**
 * The form of an attribute: name, slug and its terms as an editable list (add, rename, move up or
 * down by button, delete), the server's messages beside their fields and summed up above them. On
 * the list page it adds one; on the attribute's page it edits it, with "Unsaved changes", a question
 * before leaving and delete behind a confirmation.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AdminApiError } from "../api.ts";
import { AFTER_DELETE, DeleteCard, EditorHead, LeaveGuard, SubmitButton, useDelete, useSave } from "../components/editor.tsx";
import { ErrorSummary, useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, fieldId, TextField } from "../components/fields.tsx";
import { attributesApi, type OwnerAttribute } from "./api.ts";
import { attributeMessages as t } from "./messages.ts";
import {
  addTerm,
  formFields,
  fromDraft,
  isDirty,
  keepTerm,
  keptTerms,
  moveTerm,
  removeTerm,
  setTerm,
  termLabel,
  termPath,
  toDraft,
} from "./model.ts";

interface Props {
  /** The saved attribute's id; absent on the list page's add form. */
  id?: number;
  initial: OwnerAttribute | null;
}

export function AttributeForm({ id, initial }: Props) {
  const [saved, setSaved] = useState(() => toDraft(initial));
  const [draft, setDraft] = useState(saved);
  const [version, setVersion] = useState(initial?.version ?? "");
  const { errors, failure, busy, run } = useSave();
  const announce = useAnnounce();
  const navigate = useNavigate();
  // The control to focus once the list is drawn again (a moved term's button, a new term's name).
  const [focus, setFocus] = useState("");
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus("");
  }, [focus]);
  const deleting = useDelete(async () => {
    if (!id) return;
    await attributesApi.remove(id);
    announce(t.deleted(saved.name));
    navigate("/admin/attributes", { state: AFTER_DELETE });
  });
  const dirty = isDirty(draft, saved);
  const kept = keptTerms(draft);
  const removed = draft.terms.filter((term) => term.removed);
  const labelOf = (key: string) => termLabel(draft, key, t.unnamed);
  const labelFor = (path: string) => {
    const term = /^terms\.(\w+)\.(name|slug)$/.exec(path);
    if (!term) return path === "slug" ? t.slug : path === "name" ? t.name : path;
    return `${labelOf(term[1] as string)}: ${term[2] === "slug" ? t.termSlug : t.termName}`;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const sent = draft;
    await run(
      async () => {
        try {
          return await (id ? attributesApi.save(id, fromDraft(sent), version) : attributesApi.create(fromDraft(sent)));
        } catch (error) {
          // A term in use the owner deleted: the refusal names it beside its row, which offers to keep it.
          if (error instanceof AdminApiError && error.code === "cw_rest_term_in_use") {
            const ids = Array.isArray(error.data.term_ids) ? (error.data.term_ids as number[]) : [];
            throw new AdminApiError(error.status, error.code, error.message, formFields(sent, {}, ids, t.inUse), error.data);
          }
          throw error;
        }
      },
      (answer) => {
        announce(id ? t.saved : t.created);
        if (!id) return navigate(`/admin/attributes/${answer.id}`);
        const next = toDraft(answer);
        setVersion(answer.version);
        setSaved(next);
        setDraft(next);
      },
      (fields) => formFields(sent, fields),
    );
  }

  function move(key: string, delta: -1 | 1) {
    const { draft: next, position } = moveTerm(draft, key, delta);
    if (position === null) return;
    setDraft(next);
    announce(t.moved(labelOf(key), position, kept.length));
    // Focus stays on the pressed button, or goes to the other one at an end of the list.
    const atEnd = delta === -1 ? position === 1 : position === kept.length;
    setFocus(`${key}-${atEnd ? (delta === -1 ? "down" : "up") : delta === -1 ? "up" : "down"}`);
  }

  const fields = (
    <>
      {failure && <ErrorSummary message={failure} fields={errors} labelFor={labelFor} />}
      <TextField path="name" label={t.name} value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} />
      <TextField path="slug" label={t.slug} hint={t.slugHint} value={draft.slug} onChange={(slug) => setDraft((d) => ({ ...d, slug }))} />
      <fieldset className="admin-fieldset attribute-terms">
        <legend>{t.terms}</legend>
        <p className="admin-muted">{t.termsHint}</p>
        {kept.length === 0 && <p className="admin-empty">{t.noTerms}</p>}
        <ol className="attribute-terms__list">
          {kept.map((term, index) => {
            const label = labelOf(term.key);
            const first = index === 0;
            const last = index === kept.length - 1;
            return (
              <li key={term.key}>
                <fieldset className="admin-fieldset admin-fieldset--row attribute-term">
                  <legend>{t.term(index + 1)}</legend>
                  <TextField
                    path={termPath(term.key, "name")}
                    label={t.termName}
                    value={term.name}
                    onChange={(name) => setDraft((d) => setTerm(d, term.key, { name }))}
                  />
                  <TextField
                    path={termPath(term.key, "slug")}
                    label={t.termSlug}
                    value={term.slug}
                    onChange={(slug) => setDraft((d) => setTerm(d, term.key, { slug }))}
                  />
                  <p className="admin-muted attribute-term__count">{term.id === null ? "" : t.usedBy(term.count)}</p>
                  <div className="admin-row-actions attribute-term__actions">
                    <button
                      type="button"
                      id={`${term.key}-up`}
                      className="button button--secondary admin-button--small"
                      aria-label={t.moveUp(label)}
                      title={t.moveUp(label)}
                      aria-disabled={first}
                      onClick={() => !first && move(term.key, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      id={`${term.key}-down`}
                      className="button button--secondary admin-button--small"
                      aria-label={t.moveDown(label)}
                      title={t.moveDown(label)}
                      aria-disabled={last}
                      onClick={() => !last && move(term.key, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="admin-link-button admin-link-button--danger"
                      onClick={() => {
                        setDraft((d) => removeTerm(d, term.key));
                        // The next term's name, or the add button: focus never falls to the page.
                        const next = kept[index + 1] ?? kept[index - 1];
                        setFocus(next ? fieldId(termPath(next.key, "name")) : "attribute-add-term");
                      }}
                    >
                      {t.deleteTerm(label)}
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          id="attribute-add-term"
          className="button button--secondary admin-button--small"
          onClick={() => {
            const { draft: next, key } = addTerm(draft);
            setDraft(next);
            announce(t.termAdded(keptTerms(next).length));
            setFocus(fieldId(termPath(key, "name")));
          }}
        >
          {t.addTerm}
        </button>
        {removed.length > 0 && (
          <div className="attribute-terms__removed">
            <h3>{t.removedTitle}</h3>
            <ul>
              {removed.map((term) => {
                const path = termPath(term.key, "name");
                const error = errors[path];
                return (
                  <li key={term.key} className={error ? "admin-field--error" : undefined}>
                    <span>{term.count > 0 ? t.removedInUse(term.name, term.count) : term.name}</span>{" "}
                    <button
                      type="button"
                      id={fieldId(path)}
                      className="admin-link-button"
                      aria-describedby={error ? `${fieldId(path)}-error` : undefined}
                      onClick={() => {
                        setDraft((d) => keepTerm(d, term.key));
                        setFocus(fieldId(path));
                      }}
                    >
                      {t.keep(term.name)}
                    </button>
                    {error && (
                      <p id={`${fieldId(path)}-error`} className="admin-field__error">
                        {error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </fieldset>
    </>
  );

  if (!id)
    return (
      <FieldErrorsContext.Provider value={errors}>
        <form className="admin-card admin-fieldset" onSubmit={save} noValidate aria-busy={busy} aria-labelledby="attribute-form-title">
          <h2 id="attribute-form-title">{t.addTitle}</h2>
          {fields}
          <div className="admin-actions">
            <SubmitButton busy={busy} label={t.add} />
          </div>
        </form>
        <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
      </FieldErrorsContext.Provider>
    );

  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead
          back="/admin/attributes"
          backLabel={t.back}
          title={t.editTitle(saved.name)}
          dirty={dirty}
          busy={busy}
          submitLabel={t.save}
        />
        <div className="admin-card admin-fieldset">{fields}</div>
      </form>
      <DeleteCard
        deleting={deleting}
        shown
        label={t.delete}
        title={t.deleteTitle(saved.name)}
        body={t.deleteBody}
        confirmLabel={t.deleteConfirm}
      />
      <LeaveGuard dirty={dirty} busy={busy} title={t.leaveTitle} body={t.leaveBody} confirmLabel={t.leave} />
    </FieldErrorsContext.Provider>
  );
}
