/** The chosen field's settings: the common ones, its kind's own, and its conditional logic. */
import type { Currency } from "@cartwright/commerce";
import type { FieldLogic, FormField } from "@cartwright/commerce/forms";
import { useContext } from "react";
import { CheckboxField, FieldErrorsContext, fieldId, SelectField, TextField } from "../components/fields.tsx";
import { KindSettings } from "./KindSettings.tsx";
import { fieldName, hasChoices, KIND_LABELS } from "./kinds.ts";
import { LogicEditor } from "./LogicEditor.tsx";
import { baseLabels, builderMessages as t } from "./messages.ts";

interface Props {
  index: number;
  field: FormField;
  fields: FormField[];
  currency: Currency;
  onChange(patch: Partial<FormField>): void;
}

const NO_INPUT = ["html", "section", "captcha", "payment-total"];

export function FieldSettings({ index, field, fields, currency, onChange }: Props) {
  const path = `fields.${index}`;
  const p = (key: string) => `${path}.${key}`;
  const set = (patch: Record<string, unknown>) => onChange(patch as Partial<FormField>);
  const input = !NO_INPUT.includes(field.type);
  const errors = useContext(FieldErrorsContext);
  // Errors about the field as a whole (its kind: "at most one credit-card field", its id) have no control of their own.
  const whole = ["type", "id"].flatMap((key) => (errors[p(key)] ? [[key, errors[p(key)]] as const] : []));
  return (
    <section className="admin-card builder-settings" aria-labelledby="builder-settings-title">
      <h2 id="builder-settings-title">{t.fieldSettings(fieldName(field))}</h2>
      <p className="admin-muted">{`${KIND_LABELS[field.type]} · id ${field.id}`}</p>
      {whole.map(([key, message]) => (
        <p key={key} id={fieldId(p(key))} className="admin-field__error" tabIndex={-1}>
          {message}
        </p>
      ))}
      <TextField path={p("label")} label={baseLabels.label} value={field.label} onChange={(label) => set({ label })} />
      <TextField
        path={p("description")}
        label={baseLabels.description}
        multiline
        rows={2}
        value={field.description ?? ""}
        onChange={(description) => set({ description: description || undefined })}
      />
      {input && (
        <TextField
          path={p("placeholder")}
          label={baseLabels.placeholder}
          value={field.placeholder ?? ""}
          onChange={(placeholder) => set({ placeholder: placeholder || undefined })}
        />
      )}
      {input &&
        (hasChoices(field) ? (
          <SelectField
            path={p("default")}
            label={baseLabels.default}
            value={field.default ?? ""}
            options={[{ value: "", label: "None" }, ...field.choices.map((choice) => ({ value: String(choice.id), label: choice.label }))]}
            onChange={(value) => set({ default: value || undefined })}
          />
        ) : (
          <TextField
            path={p("default")}
            label={baseLabels.default}
            value={field.default ?? ""}
            onChange={(value) => set({ default: value || undefined })}
          />
        ))}
      {input && (
        <CheckboxField path={p("required")} label={baseLabels.required} value={field.required} onChange={(required) => set({ required })} />
      )}
      <TextField
        path={p("cssClass")}
        label={baseLabels.cssClass}
        hint="Letters, digits, spaces, - and _."
        value={field.cssClass ?? ""}
        onChange={(cssClass) => set({ cssClass: cssClass || undefined })}
      />
      <KindSettings path={path} field={field} fields={fields} currency={currency} onChange={onChange} />
      <LogicEditor path={path} field={field} fields={fields} onChange={(logic: FieldLogic | undefined) => set({ logic })} />
    </section>
  );
}
