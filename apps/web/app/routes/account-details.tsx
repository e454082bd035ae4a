/**
 * /my-account/details: the change-password form (a plain POST to this route's action, so it works
 * without JavaScript). A change ends the customer's other sessions and gives this one a new cookie,
 * so success redirects and the page loads afresh (decision 0017).
 */
import { data, redirect } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-details";

const DETAILS_PATH = `${ACCOUNT_PATH}/details`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  const customer = await requireCustomer(account);
  return {
    email: customer.email,
    changed: new URL(request.url).searchParams.has("password-changed"),
    title: `${t.details} – ${settings.siteTitle}`,
  };
}

/** Which field an error belongs to, so that field is marked and described by the message. */
type PasswordField = "current" | "new";

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  await requireCustomer(account);
  const form = await request.formData();
  const currentPassword = String(form.get("current_password") ?? "");
  const newPassword = String(form.get("new_password") ?? "");
  if (newPassword !== String(form.get("confirm_password") ?? "")) {
    return data({ field: "new" as PasswordField, message: t.passwordsDiffer }, { status: 400 });
  }
  const result = await account.changePassword(currentPassword, newPassword);
  if (result.ok) return redirect(`${DETAILS_PATH}?password-changed`, 303);
  // A refusal that is no field's fault (too many attempts: 429) marks no field and keeps its status.
  const field: PasswordField | null = result.status === 429 ? null : result.code === "cw_rest_incorrect_password" ? "current" : "new";
  return data({ field, message: result.message }, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.details }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountDetails({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData ?? null;
  const invalid = (field: PasswordField) => (error?.field === field ? { "aria-invalid": true, "aria-describedby": "password-error" } : {});
  return (
    <AccountLayout title={t.details}>
      {loaderData.changed && !error && (
        <p className="notice notice--success" role="status">
          {t.passwordChanged}
        </p>
      )}
      <p>{t.detailsIntro}</p>
      <section className="account-form" aria-labelledby="password-title">
        <h2 id="password-title">{t.passwordTitle}</h2>
        <form method="post" noValidate>
          {error && (
            <p id="password-error" className="notice notice--error" role="alert">
              {error.message}
            </p>
          )}
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <div className="form-field">
            <label htmlFor="current-password">{t.currentPassword}</label>
            <input
              id="current-password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              {...invalid("current")}
            />
          </div>
          <div className="form-field">
            <label htmlFor="new-password">{t.newPassword}</label>
            <input
              id="new-password"
              name="new_password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              {...invalid("new")}
              aria-describedby={error?.field === "new" ? "password-error new-password-hint" : "new-password-hint"}
            />
            <small id="new-password-hint">{t.newPasswordHint}</small>
          </div>
          <div className="form-field">
            <label htmlFor="confirm-password">{t.confirmPassword}</label>
            <input id="confirm-password" name="confirm_password" type="password" autoComplete="new-password" required {...invalid("new")} />
          </div>
          <button type="submit" className="button">
            {t.changePassword}
          </button>
        </form>
      </section>
    </AccountLayout>
  );
}
