/** The owner's "Invite a manager" form: a native e-mail field, its message beside it (checked here first, then by the server). */
import { type FormEvent, useRef, useState } from "react";
import { AdminApiError } from "../api.ts";
import { failureText } from "../components/failure.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { FieldErrorsContext, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { type StaffInvite, staffApi } from "./api.ts";
import { staffMessages as t } from "./messages.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteForm({ onInvited }: { onInvited(invite: StaffInvite): void }) {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const announce = useAnnounce();

  const focusEmail = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("input[type=email]")?.focus());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure("");
    const address = email.trim();
    const found = !address ? t.emailRequired : !EMAIL.test(address) ? t.emailInvalid : "";
    if (found) {
      setErrors({ email: found });
      return focusEmail();
    }
    setErrors({});
    setBusy(true);
    try {
      const invite = await staffApi.invite(address);
      setEmail("");
      onInvited(invite);
      announce(t.invited(invite.email));
    } catch (error) {
      if (error instanceof AdminApiError && error.fields.email) {
        setErrors({ email: error.fields.email });
        focusEmail();
      } else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="admin-card" noValidate onSubmit={submit} aria-labelledby="invite-heading" aria-busy={busy || undefined}>
      <h2 id="invite-heading">{t.inviteHeading}</h2>
      <ErrorAlert message={failure} />
      <FieldErrorsContext.Provider value={errors}>
        <TextField path="email" type="email" label={t.email} hint={t.inviteHint} value={email} onChange={setEmail} />
      </FieldErrorsContext.Provider>
      <p className="admin-muted">
        {t.role}: {t.managerRole}
      </p>
      <SubmitButton busy={busy} label={t.invite} busyLabel={t.inviting} />
    </form>
  );
}
