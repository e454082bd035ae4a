/** A file or camera field's accepted types (checkboxes from the allowlist) and largest size in MB. */
import { UPLOAD_BOUNDS } from "@cartwright/commerce/forms";
import { useContext } from "react";
import { CheckboxField, FieldErrorsContext, fieldId, NumberField } from "../components/fields.tsx";

const MB = 1024 * 1024;
export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "heic"];

/** The extensions a file field may accept, one checkbox each, from the allowlist. */
export function Extensions({
  path,
  value,
  allowed,
  onChange,
}: {
  path: string;
  value: string[];
  allowed: readonly string[];
  onChange(value: string[]): void;
}) {
  const errors = useContext(FieldErrorsContext);
  const messages = Object.entries(errors).filter(([key]) => key === `${path}.extensions` || key.startsWith(`${path}.extensions.`));
  return (
    <fieldset className="admin-fieldset builder-extensions" id={fieldId(`${path}.extensions`)} tabIndex={-1}>
      <legend>File types accepted</legend>
      {messages.map(([key, message]) => (
        <p key={key} className="admin-field__error">
          {message}
        </p>
      ))}
      {allowed.map((extension) => (
        <CheckboxField
          key={extension}
          path={`${path}.extensions.${extension}`}
          label={`.${extension}`}
          value={value.includes(extension)}
          onChange={(on) => onChange(on ? [...value, extension] : value.filter((e) => e !== extension))}
        />
      ))}
    </fieldset>
  );
}

export function MaxSize({ path, value, onChange }: { path: string; value: number; onChange(bytes: number): void }) {
  return (
    <NumberField
      path={`${path}.maxFileBytes`}
      label="Largest file (MB)"
      min={0.1}
      max={UPLOAD_BOUNDS.maxFileBytes / MB}
      step={0.1}
      value={Math.round((value / MB) * 10) / 10}
      onChange={(mb) => onChange(Math.round(mb * MB))}
    />
  );
}
