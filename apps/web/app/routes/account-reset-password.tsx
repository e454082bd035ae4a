/**
 * /my-account/reset-password?key=…: the page the lost-password e-mail links to. The loader asks the
 * server whether the link can still be used (else its message, and a way to ask for a new one);
 * the new password is a plain POST to this route's action, so it works without JavaScript. Success
 * signs the shopper in with a new session cookie (every other session of theirs ends), so it
 * redirects to the dashboard, which says so.
 */
import { data, Link, redirect } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH } from "../features/account/AccountNav.tsx";
import { accountMessages as t } from "../features/account/messages.ts";
import { NewPasswordField } from "../features/account/NewPasswordField.tsx";
import { useFocusOnRefusal } from "../features/account/use-focus-on-refusal.ts";
import type { Route } from "./+types/account-reset-password";

/** The server's refusals that are the link's fault (unknown, used, expired): the form goes, "Ask for a new link" comes. */
const LINK_PROBLEMS = new Set(["cw_rest_reset_invalid", "cw_rest_reset_used", "cw_rest_reset_expired"]);

const keyOf = (request: Request) => new URL(request.url).searchParams.get("key") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  const key = keyOf(request);
  const title = `${t.resetTitle} – ${settings.siteTitle}`;
  const check = await account.checkPasswordReset(key);
  if (check.ok) return { key, email: check.email, staff: check.staff, problem: null, title };
  return data({ key, email: null, staff: false, problem: check.message, title }, { status: check.status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  const form = await request.formData();
  const key = String(form.get("key") ?? keyOf(request));
  const result = await account.resetPassword(key, String(form.get("password") ?? ""));
  if (result.ok) return redirect(`${ACCOUNT_PATH}?password-reset`, 303);
  const link = LINK_PROBLEMS.has(result.code);
  // A weak password is the field's fault; the link's problems and too many attempts (429) are not.
  const field = !link && result.status !== 429;
  return data({ link, field, message: result.message }, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.resetTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // The key is in the address: no cache keeps the page.
  return { "Cache-Control": "private, no-store" };
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.link ? actionData.message : loaderData.problem;
  const email = problem === null ? loaderData.email : null;
  const error = actionData && !actionData.link ? actionData : null;
  const form = useFocusOnRefusal(error);
  return (
    <div className="account account--signed-out">
      <h1 className="account__title">{t.resetTitle}</h1>
      {email === null ? (
        <div className="account-form account-form--single">
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
          <p>
            <Link to={`${ACCOUNT_PATH}/lost-password`}>{t.askForNewLink}</Link>
          </p>
        </div>
      ) : (
        <div className="account-form account-form--single">
          <p>{t.resetFor(email)}</p>
          <form method="post" noValidate ref={form}>
            <input type="hidden" name="key" value={loaderData.key} />
            {/* Tells password managers which account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            {error && (
              <p id="reset-password-error" className="notice notice--error" role="alert">
                {error.message}
              </p>
            )}
            <NewPasswordField
              id="reset-password"
              name="password"
              label={t.resetPasswordLabel}
              hint={loaderData.staff ? t.newStaffPasswordHint : t.newPasswordHint}
              errorId={error?.field ? "reset-password-error" : undefined}
            />
            <button type="submit" className="button">
              {t.savePassword}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
