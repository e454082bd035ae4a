/**
 * The attributes card (decision 0047): the shop's attributes a product offers, each with its terms
 * picked by name and, on a variable product, whether its variations are chosen by it.
 */
import { type KeyboardEvent, useContext, useEffect, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { failureText } from "../components/failure.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, fieldId, SelectField } from "../components/fields.tsx";
import { Picker } from "../components/Picker.tsx";
import { type AttributeTerm, productsApi } from "./api.ts";
import { CardFrame, type CardProps } from "./card-parts.tsx";
import { productMessages as t } from "./messages.ts";

/** The server's message for a path that names no one control (`attributes`, `variations`). */
export function CardError({ path }: { path: string }) {
  const message = useContext(FieldErrorsContext)[path];
  return message ? (
    <p id={fieldId(path)} className="admin-field__error" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

/**
 * "Add new Color term": a name typed here becomes a term of the shop's attribute at once (the owner
 * API's POST /attributes/{id}/terms) and is chosen for this product; a refusal stays beside the field.
 * Inside the product's form, so Enter adds the term instead of saving the product.
 */
function NewTerm({ attributeId, name, onAdded }: { attributeId: number; name: string; onAdded(term: AttributeTerm): void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const id = fieldId(`new_term.${attributeId}`);
  useEffect(() => {
    if (open) input.current?.focus();
    else if (returnFocus.current) opener.current?.focus();
    returnFocus.current = false;
  }, [open]);

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    setText("");
    setError("");
  };
  async function add() {
    if (busy) return;
    if (!text.trim()) return setError(t.newTermRequired);
    setBusy(true);
    setError("");
    try {
      const term = await productsApi.addTerm(attributeId, { name: text.trim(), slug: "" });
      onAdded(term);
      close();
    } catch (failure) {
      // The field's own message (a slug another term has) where the API gives one, else its summary.
      const fields = failure instanceof AdminApiError ? failure.fields : {};
      setError(fields.name ?? fields.slug ?? failureText(failure));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  if (!open)
    return (
      <button ref={opener} type="button" className="admin-link-button" aria-expanded={false} onClick={() => setOpen(true)}>
        {t.newTerm(name)}
      </button>
    );
  return (
    <div className={`admin-field admin-attribute__new-term${error ? " admin-field--error" : ""}`}>
      <label htmlFor={id}>{t.newTermLabel(name)}</label>
      <p id={`${id}-hint`} className="admin-field__hint">
        {t.newTermHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-add-row">
        <input
          ref={input}
          id={id}
          type="text"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ")}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button admin-button--small" aria-disabled={busy} onClick={() => void add()}>
          {t.newTermAdd}
        </button>
        <button type="button" className="button button--secondary admin-button--small" onClick={close}>
          {t.newTermCancel}
        </button>
      </div>
    </div>
  );
}

export function AttributesCard({ draft, setDraft, choices, onTermAdded }: CardProps) {
  const announce = useAnnounce();
  const unused = choices.attributes.filter((a) => !draft.attributes.some((p) => p.attribute_id === a.id));
  const [adding, setAdding] = useState("");
  const chosenToAdd = unused.find((a) => String(a.id) === adding) ?? unused[0];
  const setAttributes = (change: (attributes: CardProps["draft"]["attributes"]) => CardProps["draft"]["attributes"]) =>
    setDraft((current) => ({ ...current, attributes: change(current.attributes) }));

  return (
    <CardFrame legend={t.attributes}>
      <p className="admin-muted">{t.attributesHint}</p>
      <CardError path="attributes" />
      {draft.attributes.length === 0 && <p className="admin-empty">{t.noAttributes}</p>}
      {draft.attributes.map((attribute, i) => {
        const shop = choices.attributes.find((a) => a.id === attribute.attribute_id);
        const name = shop?.name ?? `#${attribute.attribute_id}`;
        const terms = (shop?.terms ?? []).map((term) => ({ value: String(term.id), label: term.name }));
        return (
          <fieldset key={attribute.attribute_id} className="admin-fieldset admin-attribute">
            <legend>{name}</legend>
            <Picker
              path={`attributes.${i}.term_ids`}
              label={t.termsOf(name)}
              options={terms}
              chosen={attribute.term_ids.map(
                (id) => terms.find((term) => term.value === String(id)) ?? { value: String(id), label: `#${id}` },
              )}
              onChange={(chosen) =>
                setAttributes((all) => all.map((a, k) => (k === i ? { ...a, term_ids: chosen.map((c) => Number(c.value)) } : a)))
              }
            />
            {onTermAdded && (
              <NewTerm
                attributeId={attribute.attribute_id}
                name={name}
                onAdded={(term) => {
                  onTermAdded(attribute.attribute_id, term);
                  setAttributes((all) =>
                    all.map((a) => (a.attribute_id === attribute.attribute_id ? { ...a, term_ids: [...a.term_ids, term.id] } : a)),
                  );
                  announce(t.newTermDone(term.name, name));
                }}
              />
            )}
            {draft.type === "variable" && (
              <CheckboxField
                path={`attributes.${i}.used_for_variations`}
                label={t.usedForVariations(name)}
                value={attribute.used_for_variations}
                onChange={(on) => setAttributes((all) => all.map((a, k) => (k === i ? { ...a, used_for_variations: on } : a)))}
              />
            )}
            <div className="admin-actions">
              <button
                type="button"
                className="admin-link-button admin-link-button--danger"
                onClick={() => setAttributes((all) => all.filter((_, k) => k !== i))}
              >
                {t.removeAttribute(name)}
              </button>
            </div>
          </fieldset>
        );
      })}
      {unused.length > 0 && (
        <div className="admin-actions admin-attribute__add">
          <SelectField
            path="new_attribute"
            label={t.addAttributeLabel}
            value={String(chosenToAdd?.id ?? "")}
            options={unused.map((a) => ({ value: String(a.id), label: a.name }))}
            onChange={setAdding}
          />
          <button
            type="button"
            className="button admin-button--small"
            onClick={() => {
              if (!chosenToAdd) return;
              setAttributes((all) => [
                ...all,
                { attribute_id: chosenToAdd.id, term_ids: [], used_for_variations: draft.type === "variable" },
              ]);
              setAdding("");
            }}
          >
            {t.addAttribute}
          </button>
        </div>
      )}
    </CardFrame>
  );
}
