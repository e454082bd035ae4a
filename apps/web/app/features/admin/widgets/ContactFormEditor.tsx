/**
 * Contact_Us: the form's settings and its fields. Standard fields (name, email, phone, message) keep
 * their type; custom ones choose theirs (CONTACT_FIELD_TYPES) and get a slug the form posts them by.
 */
import { type Channel, CONTACT_FIELD_TYPES, type ContactField, type ContactFormSettings } from "@cartwright/commerce/contact-widget";
import { useId, useState } from "react";
import { FieldList, type FieldSpec, SelectField, TextField } from "../components/fields.tsx";
import { contactFieldLabels, formSettingLabels, editorMessages as t } from "../messages.ts";

const STANDARD: Record<string, { type: string; title: string }> = {
  name: { type: "text", title: "Name" },
  email: { type: "email", title: "Email" },
  phone: { type: "tel", title: "Phone" },
  message: { type: "textarea", title: "Message" },
};

const CUSTOM_TITLES: Record<string, string> = {
  text: "Text",
  url: "Website",
  date: "Date",
  file: "File",
  textarea: "Paragraph",
  dropdown: "Dropdown",
  textblock: "Text block",
  number: "Number",
};

const SETTINGS_SPECS: FieldSpec<ContactFormSettings>[] = [
  "contact_form_title",
  "button_text",
  "button_bg_color",
  "button_text_color",
  "title_bg_color",
  { key: "success_message", multiline: true },
  "redirect_action",
  { key: "redirect_link", type: "url", when: (value) => value.redirect_action },
  { key: "link_in_new_tab", when: (value) => value.redirect_action },
  "close_form_after",
  { key: "close_form_after_seconds", min: 0, max: 3600, when: (value) => value.close_form_after },
];

function blankField(field: string, type: string, title: string, custom: boolean): ContactField {
  return {
    field,
    type,
    title,
    placeholder: "",
    is_required: false,
    is_custom: custom,
    field_dropdown: [],
    field_label: "",
    dropdown_placeholder: "",
    dropdown_option: "",
  };
}

/** A slug not yet taken: "order_number", "order_number_2"… */
function freeSlug(base: string, fields: ContactField[]): string {
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "") || "field";
  let slug = stem;
  for (let n = 2; fields.some((field) => field.field === slug); n++) slug = `${stem}_${n}`;
  return slug;
}

function FieldEditor({ field, path, onChange }: { field: ContactField; path: string; onChange(patch: Partial<ContactField>): void }) {
  const specs: FieldSpec<ContactField>[] = ["title"];
  if (field.type !== "textblock") specs.push("placeholder", "is_required");
  if (field.type === "textblock") specs.push({ key: "field_label", multiline: true });
  if (field.type === "dropdown") specs.push("dropdown_placeholder", "dropdown_option");
  return (
    <>
      {field.is_custom && (
        <>
          <TextField
            path={`${path}.field`}
            label={contactFieldLabels.field}
            value={field.field}
            onChange={(value) => onChange({ field: value })}
          />
          <SelectField
            path={`${path}.type`}
            label={contactFieldLabels.type}
            value={field.type}
            options={CONTACT_FIELD_TYPES.map((type) => ({ value: type, label: CUSTOM_TITLES[type] ?? type }))}
            onChange={(type) => onChange({ type })}
          />
        </>
      )}
      <FieldList value={field} path={path} labels={contactFieldLabels} specs={specs} onChange={onChange} />
      {field.type === "dropdown" && (
        <TextField
          path={`${path}.field_dropdown`}
          label={t.dropdownOptions}
          multiline
          value={field.field_dropdown.join("\n")}
          onChange={(value) => onChange({ field_dropdown: value.split("\n") })}
        />
      )}
    </>
  );
}

export function ContactFormEditor({
  channel,
  path,
  onChange,
}: {
  channel: Channel;
  path: string;
  onChange(patch: Partial<Channel>): void;
}) {
  const fields = channel.contact_fields;
  const addId = useId();
  const missing = Object.keys(STANDARD).filter((name) => !fields.some((field) => !field.is_custom && field.field === name));
  const choices = [...missing.map((name) => `standard:${name}`), ...CONTACT_FIELD_TYPES.map((type) => `custom:${type}`)];
  const [choice, setChoice] = useState("custom:text");
  const setFields = (contact_fields: ContactField[]) => onChange({ contact_fields });
  const move = (from: number, to: number) => {
    const next = [...fields];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    setFields(next);
  };
  function add() {
    const [kind, name = "text"] = (choices.includes(choice) ? choice : (choices[0] ?? "custom:text")).split(":");
    const standard = STANDARD[name];
    if (kind === "standard" && standard) setFields([...fields, blankField(name, standard.type, standard.title, false)]);
    else setFields([...fields, blankField(freeSlug(CUSTOM_TITLES[name] ?? name, fields), name, CUSTOM_TITLES[name] ?? name, true)]);
  }
  return (
    <>
      <fieldset className="admin-fieldset">
        <legend>{t.formSettings}</legend>
        <FieldList
          value={channel.contact_form_settings}
          path={`${path}.contact_form_settings`}
          labels={formSettingLabels}
          specs={SETTINGS_SPECS}
          onChange={(patch) => onChange({ contact_form_settings: { ...channel.contact_form_settings, ...patch } })}
        />
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{t.formFields}</legend>
        <ol className="admin-sublist__items">
          {fields.map((field, index) => {
            const title = field.title || field.field;
            return (
              <li key={`${field.field}-${index}`} className="admin-sublist__item">
                <fieldset className="admin-fieldset">
                  <legend>
                    {title} <span className="admin-muted">({field.is_custom ? t.customField : t.standardField})</span>
                  </legend>
                  <FieldEditor
                    field={field}
                    path={`${path}.contact_fields.${index}`}
                    onChange={(patch) => setFields(fields.map((item, at) => (at === index ? { ...item, ...patch } : item)))}
                  />
                  <div className="admin-row-actions">
                    <button type="button" className="admin-link-button" disabled={index === 0} onClick={() => move(index, index - 1)}>
                      {t.moveFieldUp(title)}
                    </button>
                    <button
                      type="button"
                      className="admin-link-button"
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      {t.moveFieldDown(title)}
                    </button>
                    <button
                      type="button"
                      className="admin-link-button admin-link-button--danger"
                      onClick={() => setFields(fields.filter((_, at) => at !== index))}
                    >
                      {t.removeField(title)}
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="admin-add-row">
          <label htmlFor={addId}>{t.addField}</label>
          <select id={addId} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {choices.map((value) => {
              const [kind, name = ""] = value.split(":");
              const label =
                kind === "standard" ? `${STANDARD[name]?.title} (${t.standardField})` : `${CUSTOM_TITLES[name]} (${t.customField})`;
              return (
                <option key={value} value={value}>
                  {label}
                </option>
              );
            })}
          </select>
          <button type="button" className="button button--secondary admin-button--small" onClick={add}>
            {t.addFieldButton}
          </button>
        </div>
      </fieldset>
    </>
  );
}
