/**
 * An account's new password in a plain form that posts it (Create an account, Account details, the reset page):
 * the checkout's field with show/hide and the strength meter (spec §1), holding what is typed for the meter.
 */
import { useState } from "react";
import { PasswordField } from "../checkout/PasswordField.tsx";
import { accountMessages as t } from "./messages.ts";

export function NewPasswordField({ id, name, label, errorId }: { id: string; name: string; label: string; errorId?: string }) {
  const [password, setPassword] = useState("");
  return (
    <PasswordField id={id} name={name} label={label} hint={t.newPasswordHint} errorId={errorId} value={password} onChange={setPassword} />
  );
}
