/**
 * The console's form fields: native inputs with their label, hint and the server's message for
 * their path beside them (`aria-invalid`, `aria-describedby`). A list of specs draws an object's
 * fields, the control chosen by the value's type, so every field of a settings object is one line.
 */
import { createContext, type ReactNode, useContext, useId } from "react";
import { optionLabels } from "../messages.ts";

/** The server's field messages by path ("settings.widget_color"), for every field below. */
export const FieldErrorsContext = createContext<Record<string, string>>({});

export const fieldId = (path: string) => `f-${path.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

/** The message for `path`; with `nested`, also those of its items ("allowed_origins.1"), joined. */
function useFieldError(path: string, nested = false, also: readonly string[] = []): string | undefined {
  const errors = useContext(FieldErrorsContext);
  const found = Object.entries(errors)
    .filter(([key]) => key === path || also.includes(key) || (nested && key.startsWith(`${path}.`)))
    .map(([, message]) => message);
  return found.length ? found.join(" ") : undefined;
}

interface FieldFrameProps {
  path: string;
  label: string;
  hint?: string;
  inline?: boolean;
  /** Show the messages of the value's items too (lists edited in one control). */
  nested?: boolean;
  /** Other paths this one control edits (an hour and its minutes). */
  also?: readonly string[];
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

export function FieldFrame({ path, label, hint, inline, nested, also, children }: FieldFrameProps) {
  const id = fieldId(path);
  const error = useFieldError(path, nested, also);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy });
  return (
    <div className={`admin-field${inline ? " admin-field--inline" : ""}${error ? " admin-field--error" : ""}`}>
      {inline && control}
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
      {!inline && control}
    </div>
  );
}

interface BaseProps<V> {
  path: string;
  label: string;
  value: V;
  onChange(value: V): void;
  hint?: string;
  /** Other paths whose messages belong beside this field. */
  also?: readonly string[];
}

export function TextField({
  type = "text",
  multiline,
  rows,
  list,
  ...props
}: BaseProps<string> & { type?: "text" | "url" | "email" | "datetime-local" | "date"; multiline?: boolean; rows?: number; list?: string }) {
  return (
    <FieldFrame {...props}>
      {(aria) =>
        multiline ? (
          <textarea {...aria} rows={rows ?? 3} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
        ) : (
          <input {...aria} type={type} list={list} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
        )
      }
    </FieldFrame>
  );
}

/**
 * A whole number (a count, a limit, seconds) in the browser's number input. A number that may hold decimals is typed as
 * text instead and read by `readDecimal` (money.ts): this input reads decimals in the browser's locale, not the shop's.
 */
export function NumberField({ min, max, step, ...props }: BaseProps<number> & { min?: number; max?: number; step?: number }) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <input
          {...aria}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step ?? 1}
          value={Number.isFinite(props.value) ? props.value : ""}
          onChange={(event) => props.onChange(event.target.value === "" ? 0 : Number(event.target.value))}
        />
      )}
    </FieldFrame>
  );
}

export function CheckboxField(props: BaseProps<boolean>) {
  return (
    <FieldFrame {...props} inline>
      {(aria) => <input {...aria} type="checkbox" checked={props.value} onChange={(event) => props.onChange(event.target.checked)} />}
    </FieldFrame>
  );
}

export function SelectField({
  options,
  ...props
}: BaseProps<string> & { options: readonly (string | { value: string; label: string })[] }) {
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <select {...aria} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
          {options.map((option) => {
            const { value, label } = typeof option === "string" ? { value: option, label: optionLabels[option] ?? option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** The picker needs #rrggbb; the text beside it takes what the server takes (#rgb too). */
export function ColorField(props: BaseProps<string>) {
  const pickerId = useId();
  const short = HEX3.exec(props.value);
  const pickerValue = HEX6.test(props.value)
    ? props.value
    : short
      ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`
      : "#000000";
  return (
    <FieldFrame {...props}>
      {(aria) => (
        <span className="admin-color">
          <input
            id={pickerId}
            type="color"
            aria-label={`${props.label} ${optionLabels.picker ?? ""}`.trim()}
            tabIndex={-1}
            value={pickerValue}
            onChange={(event) => props.onChange(event.target.value)}
          />
          <input
            {...aria}
            type="text"
            size={9}
            spellCheck={false}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        </span>
      )}
    </FieldFrame>
  );
}

export type FieldSpec<T> =
  | keyof T
  | {
      key: keyof T;
      options?: readonly string[];
      multiline?: boolean;
      type?: "url" | "email";
      min?: number;
      max?: number;
      step?: number;
      hint?: string;
      color?: boolean;
      /** Shown only while this holds (a switch turns its details on). */
      when?: (value: T) => boolean;
    };

interface FieldListProps<T> {
  value: T;
  /** The object's path ("settings"); empty for a form's own fields. */
  path: string;
  labels: Record<keyof T, string>;
  specs: readonly FieldSpec<T>[];
  onChange(patch: Partial<T>): void;
}

/** Draws `specs` of `value`: booleans as checkboxes, numbers as number inputs, options as selects, *color as colour fields. */
export function FieldList<T extends object>({ value, path, labels, specs, onChange }: FieldListProps<T>) {
  return (
    <>
      {specs.map((entry) => {
        const spec = typeof entry === "object" ? entry : { key: entry };
        if ("when" in spec && spec.when && !spec.when(value)) return null;
        const key = spec.key;
        const name = String(key);
        const current = value[key] as unknown;
        const common = { path: path ? `${path}.${name}` : name, label: labels[key], hint: "hint" in spec ? spec.hint : undefined };
        const set = (next: unknown) => onChange({ [key]: next } as Partial<T>);
        if (typeof current === "boolean") return <CheckboxField key={name} {...common} value={current} onChange={set} />;
        if (typeof current === "number") {
          const { min, max, step } = spec as { min?: number; max?: number; step?: number };
          return <NumberField key={name} {...common} value={current} onChange={set} min={min} max={max} step={step} />;
        }
        const text = typeof current === "string" ? current : "";
        if ("options" in spec && spec.options)
          return <SelectField key={name} {...common} value={text} options={spec.options} onChange={set} />;
        if (("color" in spec && spec.color) || /color$/.test(name))
          return <ColorField key={name} {...common} value={text} onChange={set} />;
        const { multiline, type } = spec as { multiline?: boolean; type?: "url" | "email" };
        return <TextField key={name} {...common} value={text} onChange={set} multiline={multiline} type={type} />;
      })}
    </>
  );
}
