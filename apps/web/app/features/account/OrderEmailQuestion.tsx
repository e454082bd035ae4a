/**
 * The email question of a guest's order (decision 0083), on the order-received and the
 * pay-for-order pages: one "Email address" field in a plain form posted to the page's own action
 * (order-email.server.ts), so it works without JavaScript. Nothing of the order is shown.
 */
import { orderMessages as t } from "./messages.ts";
import { useFocusOnRefusal } from "./use-focus-on-refusal.ts";

export function OrderEmailQuestion({ email, error }: { email: string; error: string | null }) {
  const form = useFocusOnRefusal(error);
  return (
    <div className="account-form account-form--single">
      <p>{t.confirmEmailIntro}</p>
      <form method="post" noValidate ref={form}>
        {error && (
          <p id="order-email-error" className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="form-field">
          <label htmlFor="order-email">{t.confirmEmailLabel}</label>
          <input
            id="order-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "order-email-error" : undefined}
          />
        </div>
        <button type="submit" className="button">
          {t.confirmEmailSubmit}
        </button>
      </form>
    </div>
  );
}
