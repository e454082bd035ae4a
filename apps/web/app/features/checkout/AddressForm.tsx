/**
 * A billing or shipping address form (spec §2 "Checkout screen", §4 "Address form visibility",
 * "Field validation errors", §5 "Default checkout fields", "Field messages"). Controlled: the page
 * owns the address and sends changes to the Store API; this renders the country's fields and
 * keeps their errors in the validation store: checked silently on mount and on change, shown on
 * blur, cleared when valid or when the field goes away.
 */
import {
  ADDRESS_FIELD_MAX_LENGTH,
  type AddressFieldDefinition,
  type AddressFieldKey,
  clearHiddenFields,
  countryName,
  type FieldOverrides,
  fieldsForCountry,
  normalisePostcode,
  orderedFields,
} from "@cartwright/commerce";
import { type ReactNode, useEffect, useMemo } from "react";
import { useStore } from "zustand";
import { AddressLineAutocomplete } from "./AddressLineAutocomplete.tsx";
import { type AddressKind, type CheckFieldContext, checkField, FIELD_MESSAGES, fieldId } from "./field-rules.ts";
import { errorElementId, type ValidationStore, visibleErrorSelector } from "./validation.ts";

export type AddressValues = Partial<Record<AddressFieldKey, string>>;

export interface CountryOption {
  code: string;
  name: string;
  states: { code: string; name: string }[];
}

export interface AddressFormProps {
  kind: AddressKind;
  address: AddressValues;
  /** The countries the shop sells to (billing) or ships to (shipping), with their states. */
  countries: CountryOption[];
  validation: ValidationStore;
  /** The whole next address and the field the shopper changed. */
  onChange(next: AddressValues, field: AddressFieldKey): void;
  onBlurField?(field: AddressFieldKey): void;
  /** Site locale ("en", "de_DE"…), for the case of labels inside messages. */
  locale?: string;
  /** The shop's field settings (e.g. company shown, phone optional), applied after the country's. */
  fieldOverrides?: FieldOverrides;
}

/** Fields laid out two to a row on wide screens. */
const HALF_WIDTH: ReadonlySet<AddressFieldKey> = new Set(["first_name", "last_name", "city", "state", "postcode"]);

export function AddressForm({ kind, address, countries, validation, onChange, onBlurField, locale, fieldOverrides }: AddressFormProps) {
  const country = (address.country ?? "").trim().toUpperCase();
  const fields = useMemo(() => orderedFields(fieldsForCountry(country, fieldOverrides)), [country, fieldOverrides]);
  const codes = useMemo(() => (countries.length ? countries.map((c) => c.code) : undefined), [countries]);
  const context: CheckFieldContext = {
    country,
    kind,
    allowedCountries: kind === "billing" ? codes : undefined,
    shipToCountries: kind === "shipping" ? codes : undefined,
    locale,
  };

  const change = (key: AddressFieldKey, raw: string) => {
    const store = validation.getState();
    store.hideValidationError(fieldId(kind, key));
    if (key === "country") {
      if (raw === (address.country ?? "")) return;
      // Spec §4: changing the country clears state and postcode; fields the new country hides are blanked.
      store.hideValidationError(fieldId(kind, "state"));
      store.hideValidationError(fieldId(kind, "postcode"));
      const next = clearHiddenFields({ ...address, country: raw, state: "", postcode: "" }, fieldsForCountry(raw, fieldOverrides));
      onChange(next, key);
      return;
    }
    onChange({ ...address, [key]: key === "postcode" ? normalisePostcode(raw) : raw }, key);
  };

  // An address autocomplete suggestion fills several fields at once (as if typed into address_1).
  const fill = (picked: AddressValues) => {
    const store = validation.getState();
    for (const key of Object.keys(picked) as AddressFieldKey[]) store.hideValidationError(fieldId(kind, key));
    let next: AddressValues = { ...address, ...picked };
    if (picked.postcode !== undefined) next.postcode = normalisePostcode(picked.postcode);
    if ((next.country ?? "") !== (address.country ?? ""))
      next = clearHiddenFields(next, fieldsForCountry(next.country ?? "", fieldOverrides));
    onChange(next, "address_1");
  };

  return (
    <div className={`address-form address-form--${kind}`}>
      {fields
        .filter((definition) => definition.key !== "email" && !definition.hidden)
        .map((definition) => (
          <AddressField
            key={definition.key}
            kind={kind}
            definition={definition}
            value={address[definition.key] ?? ""}
            countries={countries}
            context={context}
            validation={validation}
            onValueChange={change}
            onSelectAddress={fill}
            onBlurField={onBlurField}
          />
        ))}
    </div>
  );
}

interface AddressFieldProps {
  kind: AddressKind;
  definition: Readonly<AddressFieldDefinition>;
  value: string;
  countries: CountryOption[];
  context: CheckFieldContext;
  validation: ValidationStore;
  onValueChange(key: AddressFieldKey, value: string): void;
  /** address_1 only: the fields of a picked address suggestion. */
  onSelectAddress(address: AddressValues): void;
  onBlurField?(field: AddressFieldKey): void;
}

function AddressField({
  kind,
  definition,
  value,
  countries,
  context,
  validation,
  onValueChange,
  onSelectAddress,
  onBlurField,
}: AddressFieldProps) {
  const { key } = definition;
  const id = fieldId(kind, key);
  const message = checkField(definition, value, context);
  const { error, showError } = useFieldValidation(validation, id, message, value);
  const label = definition.required ? definition.label : definition.optionalLabel;

  const common = {
    id,
    name: id,
    className: "address-form__control",
    required: definition.required,
    "aria-required": definition.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorElementId(id) : undefined,
    autoComplete: `${kind} ${definition.autocomplete}`,
    onBlur: () => {
      showError();
      onBlurField?.(key);
    },
  } as const;

  const stateOptions: readonly { code: string; name: string }[] | undefined =
    key === "state" ? (countries.find((c) => c.code === context.country.trim().toUpperCase())?.states ?? definition.options) : undefined;

  let control: ReactNode;
  if (key === "country") {
    const known = value === "" || countries.some((c) => c.code === value);
    control = (
      <select {...common} value={value} onChange={(event) => onValueChange(key, event.currentTarget.value)}>
        <option value="">{FIELD_MESSAGES.selectPlaceholder(definition.label)}</option>
        {!known && <option value={value}>{countryName(value) ?? value}</option>}
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    );
  } else if (stateOptions?.length) {
    const known = value === "" || stateOptions.some((s) => s.code === value);
    control = (
      <select {...common} value={value} onChange={(event) => onValueChange(key, event.currentTarget.value)}>
        <option value="">{FIELD_MESSAGES.selectPlaceholder(definition.label)}</option>
        {!known && <option value={value}>{value}</option>}
        {stateOptions.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    );
  } else if (key === "address_1") {
    control = (
      <AddressLineAutocomplete
        inputProps={{ ...common, type: "text", maxLength: ADDRESS_FIELD_MAX_LENGTH, autoCapitalize: definition.autocapitalize }}
        value={value}
        country={context.country}
        onValueChange={(text) => onValueChange(key, text)}
        onSelectAddress={onSelectAddress}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={definition.type === "tel" ? "tel" : "text"}
        maxLength={ADDRESS_FIELD_MAX_LENGTH}
        autoCapitalize={definition.autocapitalize}
        spellCheck={key === "postcode" || key === "phone" ? false : undefined}
        value={value}
        onChange={(event) => onValueChange(key, event.currentTarget.value)}
      />
    );
  }

  return (
    <div className={`address-form__field address-form__field--${key}${HALF_WIDTH.has(key) ? " address-form__field--half" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {error && <FieldError id={id} message={error.message} />}
    </div>
  );
}

/**
 * Keeps one field's error in the validation store (spec §4 "Field validation errors"): set hidden
 * when the field's message appears or changes (mount, typing), cleared when it is valid or the
 * field unmounts, re-checked whenever the value changes. `showError` (on blur) shows it. The caller hides the error on typing.
 */
export function useFieldValidation(validation: ValidationStore, id: string, message: string | null, value: string) {
  const error = useStore(validation, visibleErrorSelector(id));
  // Re-checked on every value change, even when the message stays the same: an error set from
  // elsewhere (the server's) gives way to the field's own check once the shopper edits the field.
  useEffect(() => {
    const store = validation.getState();
    if (message === null) store.clearValidationError(id);
    else store.setValidationError(id, message, store.getValidationError(id)?.hidden ?? true);
  }, [validation, id, message, value]);
  useEffect(() => () => validation.getState().clearValidationError(id), [validation, id]);
  const showError = () => {
    if (message !== null) validation.getState().setValidationError(id, message, false);
  };
  return { error, showError };
}

/** A field's inline error, announced when it appears (house style: the coupon field's). */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={errorElementId(id)} className="field-error" role="alert">
      <svg className="field-error__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" fill="currentColor" />
      </svg>
      <span>{message}</span>
    </p>
  );
}
