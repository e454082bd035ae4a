/**
 * The order's e-mail address (spec §2 "Checkout screen", §5 "Default checkout fields"): one
 * required field, id `email`, whose error is kept under `billing_email` (the billing address
 * holds the e-mail). Same validation behaviour as the address fields.
 */
import { DEFAULT_ADDRESS_FIELDS } from "@cartwright/commerce";
import { FieldError, useFieldValidation } from "./AddressForm.tsx";
import { checkField } from "./field-rules.ts";
import { errorElementId, type ValidationStore } from "./validation.ts";

export const EMAIL_INPUT_ID = "email";
export const EMAIL_VALIDATION_ID = "billing_email";

export interface ContactInformationProps {
  email: string;
  onChange(email: string): void;
  validation: ValidationStore;
  onBlur?(): void;
  /** Site locale, for the case of the label inside messages. */
  locale?: string;
}

export function ContactInformation({ email, onChange, validation, onBlur, locale }: ContactInformationProps) {
  const definition = DEFAULT_ADDRESS_FIELDS.email;
  const message = checkField(definition, email, { country: "", kind: "billing", locale });
  const { error, showError } = useFieldValidation(validation, EMAIL_VALIDATION_ID, message, email);
  return (
    <div className="address-form address-form--contact">
      <div className="address-form__field address-form__field--email">
        <label htmlFor={EMAIL_INPUT_ID}>{definition.label}</label>
        <input
          id={EMAIL_INPUT_ID}
          name={EMAIL_INPUT_ID}
          className="address-form__control"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorElementId(EMAIL_VALIDATION_ID) : undefined}
          value={email}
          onChange={(event) => {
            validation.getState().hideValidationError(EMAIL_VALIDATION_ID);
            onChange(event.currentTarget.value);
          }}
          onBlur={() => {
            showError();
            onBlur?.();
          }}
        />
        {error && <FieldError id={EMAIL_VALIDATION_ID} message={error.message} />}
      </div>
    </div>
  );
}
