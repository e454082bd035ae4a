/**
 * /my-account/details: the customer's name and e-mail, and the change-password form (each a plain
 * POST to this route's action, so they work without JavaScript). A password change ends the
 * customer's other sessions and gives this one a new cookie, so success redirects and the page
 * loads afresh (decision 0017); a details change redirects too, so a reload posts nothing again.
 */
import { data, redirect } from "react-router";
import { type AccountDetailsResult, storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import { NewPasswordField } from "../features/account/NewPasswordField.tsx";
import { useFocusOnRefusal } from "../features/account/use-focus-on-refusal.ts";
import type { Route } from "./+types/account-details";

const DETAILS_PATH = `${ACCOUNT_PATH}/details`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  const customer = await requireCustomer(account, request);
  const query = new URL(request.url).searchParams;
  return {
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    // Staff passwords open the console too (12 characters), and a staff account keeps its e-mail (details.ts).
    staff: Boolean(await account.staffRole()),
    changed: query.has("password-changed"),
    detailsChanged: query.has("details-changed"),
    title: `${t.details} – ${settings.siteTitle}`,
  };
}

/** Which field an error belongs to, so that field is marked and described by the message. */
type PasswordFault = "current" | "new";

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  await requireCustomer(account, request);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  if (form.get("intent") === "details") {
    const details = { firstName: text("first_name"), lastName: text("last_name"), email: text("email") };
    const result = await account.saveDetails({ ...details, currentPassword: text("current_password") });
    if (result.ok) return redirect(`${DETAILS_PATH}?details-changed`, 303);
    return data({ form: "details" as const, details, errors: result.errors, message: result.message ?? null }, { status: result.status });
  }
  const currentPassword = String(form.get("current_password") ?? "");
  const newPassword = String(form.get("new_password") ?? "");
  if (newPassword !== String(form.get("confirm_password") ?? "")) {
    return data({ form: "password" as const, field: "new" as PasswordFault, message: t.passwordsDiffer }, { status: 400 });
  }
  const result = await account.changePassword(currentPassword, newPassword);
  if (result.ok) return redirect(`${DETAILS_PATH}?password-changed`, 303);
  // A refusal that is no field's fault (too many attempts: 429) marks no field and keeps its status.
  const field: PasswordFault | null = result.status === 429 ? null : result.code === "cw_rest_incorrect_password" ? "current" : "new";
  return data({ form: "password" as const, field, message: result.message }, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.details }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountDetails({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.form === "password" ? actionData : null;
  const detailsError = actionData?.form === "details" ? actionData : null;
  const invalid = (field: PasswordFault) => (error?.field === field ? { "aria-invalid": true, "aria-describedby": "password-error" } : {});
  const passwordForm = useFocusOnRefusal(error);
  return (
    <AccountLayout title={t.details}>
      {loaderData.changed && !actionData && (
        <p className="notice notice--success" role="status">
          {t.passwordChanged}
        </p>
      )}
      {loaderData.detailsChanged && !actionData && (
        <p className="notice notice--success" role="status">
          {t.detailsChanged}
        </p>
      )}
      <DetailsForm
        // A refused save shows what was typed, but a staff account's read-only e-mail is always its own.
        values={detailsError ? { ...detailsError.details, ...(loaderData.staff && { email: loaderData.email }) } : loaderData}
        staff={loaderData.staff}
        errors={detailsError?.errors ?? {}}
        message={detailsError?.message ?? null}
      />
      <p>{t.detailsIntro}</p>
      <section className="account-form" aria-labelledby="password-title">
        <h2 id="password-title">{t.passwordTitle}</h2>
        <form method="post" noValidate ref={passwordForm}>
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
          <NewPasswordField
            id="new-password"
            name="new_password"
            label={t.newPassword}
            hint={loaderData.staff ? t.newStaffPasswordHint : t.newPasswordHint}
            errorId={error?.field === "new" ? "password-error" : undefined}
          />
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

type DetailsErrors = Extract<AccountDetailsResult, { ok: false }>["errors"];

interface DetailsFormProps {
  values: { firstName: string; lastName: string; email: string };
  /** A staff account's e-mail is shown, not edited: the shop gave it. */
  staff: boolean;
  errors: DetailsErrors;
  /** A refusal that is no field's (too many password attempts). */
  message: string | null;
}

/** Name and e-mail; the current password is asked for only when the e-mail changes (the server says so beside the field). */
function DetailsForm({ values, staff, errors, message }: DetailsFormProps) {
  const form = useFocusOnRefusal(Boolean(message) || Object.keys(errors).length > 0);
  const field = (name: keyof DetailsErrors, id: string, label: string, props: Record<string, unknown>, hint?: string) => {
    const error = errors[name];
    const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
    return (
      <div className="form-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...props} />
        {hint && <small id={`${id}-hint`}>{hint}</small>}
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <section className="account-form" aria-labelledby="details-title">
      <h2 id="details-title">{t.detailsTitle}</h2>
      <form method="post" noValidate ref={form}>
        <input type="hidden" name="intent" value="details" />
        {message && (
          <p className="notice notice--error" role="alert">
            {message}
          </p>
        )}
        {field("first_name", "details-first-name", t.firstName, {
          type: "text",
          autoComplete: "given-name",
          defaultValue: values.firstName,
        })}
        {field("last_name", "details-last-name", t.lastName, { type: "text", autoComplete: "family-name", defaultValue: values.lastName })}
        {staff
          ? field(
              "email",
              "details-email",
              t.email,
              { type: "email", autoComplete: "email", readOnly: true, defaultValue: values.email },
              t.staffEmailHint,
            )
          : field("email", "details-email", t.email, { type: "email", autoComplete: "email", required: true, defaultValue: values.email })}
        {!staff &&
          field(
            "current_password",
            "details-current-password",
            t.currentPasswordForEmail,
            { type: "password", autoComplete: "current-password" },
            t.currentPasswordForEmailHint,
          )}
        <button type="submit" className="button">
          {t.saveDetails}
        </button>
      </form>
    </section>
  );
}
