/**
 * One additional checkout field (spec §2 "additional contact and order fields", §3 locations; ids
 * contact_{field}, order_{field}, and billing_{field} / shipping_{field} for address fields, §5):
 * a text input, a select or a checkbox, checked like the address fields (silently while typing,
 * shown on blur or when the order is placed).
 */
import { optionalLabel, requiredFieldMessage } from "@cartwright/commerce";
import type { FieldState } from "@cartwright/commerce/field-rules";
import type { CheckoutFieldDefinition } from "../../context.ts";
import { FieldError, useFieldValidation } from "./AddressForm.tsx";
import type { ValidationStore } from "./validation.ts";
import { errorElementId } from "./validation.ts";

/** The field's id: its location and id, or for an address field the address kind and id. */
export const additionalFieldId = (field: Pick<CheckoutFieldDefinition, "id" | "location">, kind?: "billing" | "shipping") =>
  `${kind ?? field.location}_${field.id}`;

/** The message a value gets, or null when it is fine (the server checks the same). `locale` as the shop's ("en" by default). */
export function checkAdditionalField(field: CheckoutFieldDefinition, value: string | boolean | undefined, locale = "en"): string | null {
  if (field.type === "checkbox") return field.required && value !== true ? "Please check this box if you want to proceed." : null;
  const text = typeof value === "string" ? value.trim() : "";
  if (!text)
    return field.required ? (field.type === "select" ? "Please select a valid option" : requiredFieldMessage(field.label, locale)) : null;
  if (field.type === "select" && !field.options?.some((o) => o.value === text)) return "Please select a valid option";
  return null;
}

interface AdditionalFieldProps {
  field: CheckoutFieldDefinition;
  value: string | boolean | undefined;
  validation: ValidationStore;
  onChange(value: string | boolean): void;
  onBlur?(): void;
  /** An address field: which address form it belongs to. */
  kind?: "billing" | "shipping";
  /** The shop's locale, for the case of the label inside messages. */
  locale?: string;
  /** What the field's rules say now (field-rule-states.ts); absent: the field as defined. */
  state?: FieldState;
}

export function AdditionalField({ field, value, validation, onChange, onBlur, kind, locale, state }: AdditionalFieldProps) {
  const id = additionalFieldId(field, kind);
  const required = state?.required ?? field.required;
  const message = checkAdditionalField({ ...field, required }, value, locale) ?? state?.invalid ?? null;
  const { error, showError } = useFieldValidation(validation, id, message, String(value ?? ""));
  const label = required ? field.label : optionalLabel(field.label);
  const described = error ? errorElementId(id) : undefined;
  const blur = () => {
    showError();
    onBlur?.();
  };
  if (field.type === "checkbox") {
    return (
      <div className="form-field form-field--checkbox">
        <label className="checkbox-control" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(e) => onChange(e.currentTarget.checked)}
            onBlur={blur}
          />
          {label}
        </label>
        {error && <FieldError id={id} message={error.message} />}
      </div>
    );
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {field.type === "select" ? (
        <select
          id={id}
          value={typeof value === "string" ? value : ""}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={blur}
        >
          <option value="">{`Select a ${field.label}`}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="text"
          value={typeof value === "string" ? value : ""}
          required={required}
          maxLength={1000}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={blur}
        />
      )}
      {error && <FieldError id={id} message={error.message} />}
    </div>
  );
}
