/**
 * An account's new password in a plain form that posts it (Create an account, Account details, the reset page):
 * the checkout's field with show/hide and the strength meter (spec §1), holding what is typed for the meter.
 */
import { useState } from "react";
import { PasswordField } from "../checkout/PasswordField.tsx";
import { accountMessages as t } from "./messages.ts";

interface NewPasswordFieldProps {
  id: string;
  name: string;
  label: string;
  /** The rule under the field: registration's unless the account's is stricter (staff). */
  hint?: string;
  errorId?: string;
}

export function NewPasswordField({ id, name, label, hint = t.newPasswordHint, errorId }: NewPasswordFieldProps) {
  const [password, setPassword] = useState("");
  return <PasswordField id={id} name={name} label={label} hint={hint} errorId={errorId} value={password} onChange={setPassword} />;
}
