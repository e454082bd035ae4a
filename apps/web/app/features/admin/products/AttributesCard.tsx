/**
 * The attributes card (decision 0047): the shop's attributes a product offers, each with its terms
 * picked by name and, on a variable product, whether its variations are chosen by it.
 */
import { useContext, useState } from "react";
import { CheckboxField, FieldErrorsContext, fieldId, SelectField } from "../components/fields.tsx";
import { Picker } from "../components/Picker.tsx";
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

export function AttributesCard({ draft, setDraft, choices }: CardProps) {
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
              path={`attributes[${i}].term_ids`}
              label={t.termsOf(name)}
              options={terms}
              chosen={attribute.term_ids.map(
                (id) => terms.find((term) => term.value === String(id)) ?? { value: String(id), label: `#${id}` },
              )}
              onChange={(chosen) =>
                setAttributes((all) => all.map((a, k) => (k === i ? { ...a, term_ids: chosen.map((c) => Number(c.value)) } : a)))
              }
            />
            {draft.type === "variable" && (
              <CheckboxField
                path={`attributes[${i}].used_for_variations`}
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
