/**
 * The checkout's "Create a password" field (spec §1 "password fields with show/hide and a
 * strength meter", §5 "Password strength"): a password input with a show/hide toggle and, below
 * it, a five-segment meter whose level is also announced as text in a polite live region.
 * zxcvbn starts loading on the field's first focus or keystroke; until it arrives the meter uses
 * reading B's class rules. The account's new passwords (registration, reset, Account details) use it too, in a plain form (a name,
 * its own label and hint, the server's error).
 */
import { useEffect, useState } from "react";
import { checkoutMessages } from "./messages.ts";
import { fallbackStrength, levelsA, loadedZxcvbn, loadZxcvbn, passwordMessages as m, type PasswordScorer } from "./password-strength.ts";

export interface PasswordFieldProps {
  value: string;
  onChange(value: string): void;
  id?: string;
  /** The label; the checkout's "Create a password" unless given. */
  label?: string;
  /** The input's name, for a plain HTML form that posts it (the reset-password page); none at checkout. */
  name?: string;
  /** A line under the input (the password's rule), which also describes it. */
  hint?: string;
  /** The id of an error message about this field: the input is marked invalid and described by it first. */
  errorId?: string;
}

/** The server refuses shorter account passwords. */
const MIN_LENGTH = 8;
const SEGMENTS = [0, 1, 2, 3, 4] as const;

export function PasswordField({ value, onChange, id = "account-password", label, name, hint, errorId }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const [scorer, setScorer] = useState<PasswordScorer | undefined>(loadedZxcvbn);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!wanted || scorer) return;
    let current = true;
    loadZxcvbn().then(
      (loaded) => {
        if (current) setScorer(() => loaded);
      },
      () => {
        // Offline or blocked: the fallback rules keep the meter working; the next focus retries.
        if (current) setWanted(false);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, scorer]);

  const level = value ? (scorer ? scorer(value) : fallbackStrength(value)) : undefined;
  const strengthId = `${id}-strength`;
  const hintId = `${id}-hint`;
  const describedBy = [errorId, hint ? hintId : undefined, strengthId].filter(Boolean).join(" ");

  return (
    <div className="form-field password-field">
      <label htmlFor={id}>{label ?? checkoutMessages.passwordLabel}</label>
      <div className="password-field__control">
        <input
          id={id}
          name={name}
          className="password-field__input"
          type={visible ? "text" : "password"}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={MIN_LENGTH}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onFocus={() => setWanted(true)}
          onChange={(event) => {
            setWanted(true);
            onChange(event.currentTarget.value);
          }}
        />
        <button type="button" className="password-field__toggle" aria-controls={id} onClick={() => setVisible((shown) => !shown)}>
          {visible ? m.hide : m.show}
        </button>
      </div>
      {hint && <small id={hintId}>{hint}</small>}
      <div className="password-strength" data-level={level}>
        <div className="password-strength__bar" aria-hidden="true">
          {SEGMENTS.map((segment) => (
            <span
              key={segment}
              className={level !== undefined && segment <= level ? "password-strength__segment is-on" : "password-strength__segment"}
            />
          ))}
        </div>
        <p id={strengthId} className="password-strength__label" aria-live="polite">
          {level !== undefined && m.strength(levelsA[level])}
        </p>
      </div>
    </div>
  );
}
