/**
 * The owner's sign-in at /admin: posts to the Store API's sign-in (the page's nonce), shows the
 * field messages beside their fields and the server's 401/429 in the form's alert, and on success
 * loads /admin afresh so the server renders the console under the new session.
 */
import { type FormEvent, useRef, useState } from "react";
import { AdminApiError, adminClient, ownerApi } from "./api.ts";
import { consoleMessages as t } from "./messages.ts";

type Errors = { email?: string; password?: string; form?: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignInForm({ shopName, nonce }: { shopName: string; nonce: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const found: Errors = {};
    if (!email) found.email = t.emailRequired;
    else if (!EMAIL.test(email)) found.email = t.emailInvalid;
    if (!password) found.password = t.passwordRequired;
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setBusy(true);
    adminClient().primeNonce(nonce);
    try {
      await ownerApi.signIn(email, password);
      window.location.assign(window.location.pathname + window.location.search);
    } catch (error) {
      setBusy(false);
      let message = t.networkError;
      if (error instanceof AdminApiError) {
        if (error.status === 429) message = t.tooManyAttempts;
        else if (error.status === 401) message = t.wrongCredentials;
        else message = error.message;
        if (error.fields.email) found.email = error.fields.email;
        if (error.fields.password) found.password = error.fields.password;
      }
      setErrors({ ...found, form: message });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  const invalid = (name: "email" | "password") =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `signin-${name}-error` } : {};
  return (
    <main id="admin-main" className="admin-signin" tabIndex={-1} data-console-closed="">
      <div className="admin-signin__card">
        <p className="admin-signin__shop">{shopName}</p>
        <h1>{t.signInTitle}</h1>
        <p className="admin-muted">{t.signInIntro}</p>
        <form method="post" noValidate onSubmit={submit} aria-busy={busy}>
          {errors.form && (
            <p ref={alertRef} className="admin-alert admin-alert--error" role="alert" tabIndex={-1}>
              {errors.form}
            </p>
          )}
          <div className={`admin-field${errors.email ? " admin-field--error" : ""}`}>
            <label htmlFor="signin-email">{t.email}</label>
            {errors.email && (
              <p id="signin-email-error" className="admin-field__error">
                {errors.email}
              </p>
            )}
            <input ref={emailRef} id="signin-email" name="email" type="email" autoComplete="username" required {...invalid("email")} />
          </div>
          <div className={`admin-field${errors.password ? " admin-field--error" : ""}`}>
            <label htmlFor="signin-password">{t.password}</label>
            {errors.password && (
              <p id="signin-password-error" className="admin-field__error">
                {errors.password}
              </p>
            )}
            <input
              ref={passwordRef}
              id="signin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...invalid("password")}
            />
          </div>
          <button type="submit" className="button admin-signin__submit" aria-disabled={busy}>
            {busy ? t.signingIn : t.signIn}
          </button>
        </form>
        <p>
          <a href="/">{t.backToShop}</a>
        </p>
      </div>
    </main>
  );
}
