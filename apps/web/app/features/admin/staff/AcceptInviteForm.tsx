/**
 * Accepting a staff invitation (decision 0032): looks the token up, shows the e-mail invited, then
 * asks for the existing account's password, or a new password (twice) and a name. Messages sit
 * beside their fields; on success the console opens under the new session.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AdminApiError, adminClient } from "../api.ts";
import { FieldErrorsContext, FieldFrame, fieldId } from "../components/fields.tsx";
import { type InviteFacts, staffApi } from "./api.ts";
import { inviteMessages as t } from "./messages.ts";

const MIN_PASSWORD = 12;

type Fields = "password" | "confirm_password" | "first_name" | "last_name";

function Input({ path, label, type, autoComplete }: { path: Fields; label: string; type: "text" | "password"; autoComplete: string }) {
  return (
    <FieldFrame path={path} label={label}>
      {(aria) => <input {...aria} name={path} type={type} autoComplete={autoComplete} required={type === "password"} />}
    </FieldFrame>
  );
}

export function AcceptInviteForm({ token, nonce }: { token: string; nonce: string }) {
  const [facts, setFacts] = useState<InviteFacts | null>(null);
  const [refusal, setRefusal] = useState(token ? "" : t.noToken);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState("");
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!token) return;
    adminClient().primeNonce(nonce);
    staffApi
      .lookUpInvite(token)
      .then(setFacts, (error: unknown) => setRefusal(error instanceof AdminApiError ? error.message : t.networkError));
  }, [token, nonce]);

  const focusFirstError = (found: Record<string, string>) =>
    requestAnimationFrame(() => {
      const first = Object.keys(found)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
    });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (!facts || busy) return;
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    const password = value("password");
    const found: Record<string, string> = {};
    if (!password) found.password = t.passwordRequired;
    else if (!facts.account_exists && [...password].length < MIN_PASSWORD) found.password = t.passwordShort;
    if (!facts.account_exists && !found.password && value("confirm_password") !== password) found.confirm_password = t.passwordsDiffer;
    setErrors(found);
    setAlert("");
    if (Object.keys(found).length) return focusFirstError(found);
    setBusy(true);
    try {
      await staffApi.acceptInvite({
        token,
        password,
        ...(facts.account_exists ? {} : { first_name: value("first_name"), last_name: value("last_name") }),
      });
      window.location.assign("/admin");
    } catch (error) {
      setBusy(false);
      if (error instanceof AdminApiError && (error.fields.password || error.code === "cw_owner_password_too_short")) {
        const fields = { password: error.fields.password ?? error.message };
        setErrors(fields);
        return focusFirstError(fields);
      }
      setAlert(error instanceof AdminApiError ? error.message : t.networkError);
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  if (refusal)
    return (
      <>
        <p className="admin-alert admin-alert--error" role="alert">
          {refusal}
        </p>
        <p>
          <a href="/admin">{t.signIn}</a>
        </p>
      </>
    );
  if (!facts) return <p role="status">{t.checking}</p>;
  return (
    <>
      <p>{t.intro(facts.email)}</p>
      <p className="admin-muted">{facts.account_exists ? t.existingAccount : t.newAccount}</p>
      <form ref={formRef} method="post" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {alert && (
          <p ref={alertRef} className="admin-alert admin-alert--error" role="alert" tabIndex={-1}>
            {alert}
          </p>
        )}
        {/* The account's e-mail, for password managers. */}
        <input type="email" name="username" autoComplete="username" value={facts.email} readOnly hidden />
        <FieldErrorsContext.Provider value={errors}>
          {!facts.account_exists && (
            <>
              <Input path="first_name" label={t.firstName} type="text" autoComplete="given-name" />
              <Input path="last_name" label={t.lastName} type="text" autoComplete="family-name" />
            </>
          )}
          <Input
            path="password"
            label={t.password}
            type="password"
            autoComplete={facts.account_exists ? "current-password" : "new-password"}
          />
          {!facts.account_exists && <Input path="confirm_password" label={t.confirmPassword} type="password" autoComplete="new-password" />}
        </FieldErrorsContext.Provider>
        <button type="submit" className="button admin-signin__submit" aria-disabled={busy}>
          {busy ? t.accepting : t.accept}
        </button>
      </form>
    </>
  );
}
