/** A file or camera field's accepted types (checkboxes from the allowlist) and largest size in MB. */
import { megabytes, UPLOAD_BOUNDS } from "@cartwright/commerce/forms";
import { useContext } from "react";
import { CheckboxField, FieldErrorsContext, fieldId } from "../components/fields.tsx";
import { decimalText, readDecimal, shopAmountFormat } from "../money.ts";
import { ShopNumberField } from "./controls.tsx";
import { type FileSizeBounds, builderMessages as t } from "./messages.ts";

const MB = 1024 * 1024;
// The server keeps the size in whole bytes (1 byte to 50 MB); the owner writes MB to two places, as visitors read it (`megabytes`).
const SIZE_PLACES = 2;
const SMALLEST_BYTES = Math.round(MB / 10 ** SIZE_PLACES);
const SIZE_BOUNDS: FileSizeBounds = {
  places: SIZE_PLACES,
  smallest: megabytes(SMALLEST_BYTES),
  largest: megabytes(UPLOAD_BOUNDS.maxFileBytes),
};

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

/**
 * A largest file size typed in MB as the shop writes numbers ("2,5" where the decimal separator is ","), as the bytes the
 * server keeps; null when it is no such number, has more than two decimals, or is under 0.01 MB or over 50 MB.
 */
export function typedFileBytes(text: string, format = shopAmountFormat()): number | null {
  const stored = readDecimal(text, SIZE_PLACES, format);
  if (stored === undefined) return null;
  const bytes = Math.round(Number(stored) * MB);
  return bytes >= SMALLEST_BYTES && bytes <= UPLOAD_BOUNDS.maxFileBytes ? bytes : null;
}

/** Bytes as the size field shows them, MB to two places in the shop's decimal separator ("2,5"): what `typedFileBytes` reads back. */
export const fileSizeText = (bytes: number, format = shopAmountFormat()) => decimalText(megabytes(bytes), format);

const sizeRefusal = (text: string) => t.unreadableFileSize(text, SIZE_BOUNDS);

export function MaxSize({ path, value, onChange }: { path: string; value: number; onChange(bytes: number): void }) {
  return (
    <ShopNumberField
      path={`${path}.maxFileBytes`}
      label="Largest file (MB)"
      value={value}
      onChange={onChange}
      read={typedFileBytes}
      show={fileSizeText}
      refusal={sizeRefusal}
      hint={t.fileSizeHint(SIZE_BOUNDS)}
    />
  );
}
