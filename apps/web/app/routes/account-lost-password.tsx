/**
 * /my-account/lost-password: a shopper who forgot their password asks for a link to choose a new
 * one. A plain POST to this route's action, so it works without JavaScript. The answer is the same
 * whether or not an account uses the address (no one learns which addresses have an account); the
 * server e-mails the link (to /my-account/reset-password) only when one does.
 */
import { data, Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH } from "../features/account/AccountNav.tsx";
import { accountMessages as t } from "../features/account/messages.ts";
import { useFocusOnRefusal } from "../features/account/use-focus-on-refusal.ts";
import type { Route } from "./+types/account-lost-password";

export async function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(storefrontContext);
  return { title: `${t.lostPasswordTitle} – ${settings.siteTitle}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const result = await account.requestPasswordReset(email);
  if (result.ok) return { sent: email, email, error: null };
  // A malformed address is the field's fault (400); too many requests from here (429), or a shop
  // that cannot send e-mail (503), is no field's.
  const error = { message: result.message, field: result.status === 400 };
  return data({ sent: null, email, error }, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.lostPasswordTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function LostPasswordPage({ actionData }: Route.ComponentProps) {
  const sent = actionData?.sent ?? null;
  const error = actionData?.error ?? null;
  const form = useFocusOnRefusal(error);
  return (
    <div className="account account--signed-out">
      <h1 className="account__title">{t.lostPasswordTitle}</h1>
      {sent !== null ? (
        <div className="account-form account-form--single">
          <p className="notice notice--success" role="status">
            {t.resetLinkSent(sent)}
          </p>
          <p>
            <Link to={ACCOUNT_PATH}>{t.backToSignIn}</Link>
          </p>
        </div>
      ) : (
        <div className="account-form account-form--single">
          <p>{t.lostPasswordIntro}</p>
          <form method="post" noValidate ref={form}>
            {error && (
              <p id="lost-password-error" className="notice notice--error" role="alert">
                {error.message}
              </p>
            )}
            <div className="form-field">
              <label htmlFor="lost-password-email">{t.lostPasswordEmail}</label>
              <input
                id="lost-password-email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={actionData?.email ?? ""}
                required
                aria-invalid={error?.field ? true : undefined}
                aria-describedby={error?.field ? "lost-password-error" : undefined}
              />
            </div>
            <button type="submit" className="button">
              {t.sendResetLink}
            </button>
          </form>
          <p className="account-form__aside">
            <Link to={ACCOUNT_PATH}>{t.backToSignIn}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
