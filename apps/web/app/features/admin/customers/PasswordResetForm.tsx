/** A shopper's account page: mail them a link to choose a new password (decision 0077), as "Lost your password?" would. */
import { useState } from "react";
import { failureText } from "../components/failure.ts";
import { useAnnounce } from "../components/feedback.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { customersApi } from "./api.ts";

/** Its texts here, not in messages.ts: the console's frame takes those (the nav's "Customers") onto every page. */
const t = {
  passwordTitle: "Password",
  passwordHint:
    "Mail the customer a link to choose a new password. It works once, for one hour; their password stays as it is until they use it.",
  sendResetLink: "Send password reset link",
  sendingResetLink: "Sending…",
  resetLinkSent: (email: string) => `A password reset link was sent to ${email}.`,
};

export function PasswordResetForm({ customerId }: { customerId: number }) {
  const announce = useAnnounce();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sentTo, setSentTo] = useState("");

  async function send() {
    setBusy(true);
    setError("");
    try {
      const { email } = await customersApi.sendPasswordReset(customerId);
      setSentTo(email);
      announce(t.resetLinkSent(email));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-card"
      aria-labelledby="password-reset-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void send();
      }}
    >
      <h2 id="password-reset-title">{t.passwordTitle}</h2>
      <p className="admin-muted">{t.passwordHint}</p>
      <ErrorAlert message={error} />
      {sentTo && <p>{t.resetLinkSent(sentTo)}</p>}
      <SubmitButton busy={busy} label={t.sendResetLink} busyLabel={t.sendingResetLink} />
    </form>
  );
}
