/**
 * /my-account: the sign-in and registration forms for a guest, the dashboard once signed in.
 * Plain HTML forms posting to this route's action, so everything works without JavaScript;
 * a success redirects (the session cookie changes, and the page is loaded afresh).
 */
import { data, Link, redirect } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout, SignOutEverywhereForm } from "../features/account/AccountNav.tsx";
import { returnPath } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import { NewPasswordField } from "../features/account/NewPasswordField.tsx";
import { useFocusOnRefusal } from "../features/account/use-focus-on-refusal.ts";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  const customer = await account.current();
  // Sent here from a page that needs the account (an order's emailed link): back there once signed in.
  const returnTo = returnPath(new URL(request.url).searchParams.get("redirect"));
  if (customer && returnTo) throw redirect(returnTo);
  return {
    customer,
    returnTo,
    signedOut: !customer && new URL(request.url).searchParams.has("signed-out"),
    signedOutEverywhere: !customer && new URL(request.url).searchParams.has("signed-out-everywhere"),
    // Back from the reset-password page, which signed the shopper in.
    passwordReset: Boolean(customer) && new URL(request.url).searchParams.has("password-reset"),
    title: `${t.title} – ${settings.siteTitle}`,
  };
}

type FormName = "sign-in" | "register";
type FieldName = "email" | "password";

/** The field a refusal is about: a registration error names one; a failed sign-in does not say which was wrong; too many tries is neither's fault. */
function invalidFields(form: FormName, code: string): FieldName[] {
  if (code === "cw_rest_rate_limit_exceeded") return [];
  if (form === "register" && code.includes("email")) return ["email"];
  if (form === "register" && code.includes("password")) return ["password"];
  return ["email", "password"];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "sign-out") {
    await account.signOut();
    return redirect(`${ACCOUNT_PATH}?signed-out`, 303);
  }
  if (intent === "sign-out-everywhere") {
    await account.signOutEverywhere();
    return redirect(`${ACCOUNT_PATH}?signed-out-everywhere`, 303);
  }
  if (intent !== "sign-in" && intent !== "register") return data({ form: null, email: "", error: null }, { status: 400 });
  const email = String(form.get("email") ?? "").slice(0, 254);
  const password = String(form.get("password") ?? "");
  const result = intent === "sign-in" ? await account.signIn(email, password) : await account.register(email, password);
  if (result.ok) return redirect((intent === "sign-in" && returnPath(form.get("redirect"))) || ACCOUNT_PATH, 303);
  const error = { form: intent as FormName, email, error: { code: result.code, message: result.message } };
  // The server's status: 401 for wrong credentials, 429 when too many attempts came from here.
  return data(error, { status: result.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.title }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer } = loaderData;
  if (customer) {
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;
    return (
      <AccountLayout title={t.title}>
        {loaderData.passwordReset && (
          <p className="notice notice--success" role="status">
            {t.passwordReset}
          </p>
        )}
        <p>
          <strong>{t.hello(name)}</strong>
        </p>
        <p>{t.dashboardIntro}</p>
        <ul className="account-dashboard__links">
          <li>
            <Link to={`${ACCOUNT_PATH}/orders`}>{t.orders}</Link>
          </li>
          <li>
            <Link to={`${ACCOUNT_PATH}/addresses`}>{t.addresses}</Link>
          </li>
          <li>
            <Link to={`${ACCOUNT_PATH}/payment-methods`}>{t.paymentMethods}</Link>
          </li>
          <li>
            <Link to={`${ACCOUNT_PATH}/details`}>{t.details}</Link>
          </li>
        </ul>
        <p className="account-dashboard__signed-in">{t.signedInAs(customer.email)}</p>
        <SignOutEverywhereForm />
      </AccountLayout>
    );
  }
  const failed = actionData?.form ? actionData : null;
  return (
    <div className="account account--signed-out">
      <h1 className="account__title">{t.title}</h1>
      {(loaderData.signedOut || loaderData.signedOutEverywhere) && (
        <p className="notice notice--success" role="status">
          {loaderData.signedOutEverywhere ? t.signedOutEverywhere : t.signedOut}
        </p>
      )}
      <div className="account-forms">
        <AccountForm
          name="sign-in"
          title={t.signInTitle}
          submit={t.signIn}
          email={failed?.form === "sign-in" ? failed.email : ""}
          error={failed?.form === "sign-in" ? failed.error : null}
          returnTo={loaderData.returnTo}
        />
        <AccountForm
          name="register"
          title={t.registerTitle}
          submit={t.register}
          email={failed?.form === "register" ? failed.email : ""}
          error={failed?.form === "register" ? failed.error : null}
        />
      </div>
    </div>
  );
}

interface AccountFormProps {
  name: FormName;
  title: string;
  submit: string;
  email: string;
  error: { code: string; message: string } | null;
  /** The page a successful sign-in goes back to. */
  returnTo?: string | null;
}

function AccountForm({ name, title, submit, email, error, returnTo }: AccountFormProps) {
  const id = (part: string) => `${name}-${part}`;
  const invalid = error ? invalidFields(name, error.code) : [];
  // Only the field at fault is marked and pointed at the message.
  const fault = (field: FieldName) => (invalid.includes(field) ? { "aria-invalid": true as const, "aria-describedby": id("error") } : {});
  const form = useFocusOnRefusal(error);
  return (
    <section className="account-form" aria-labelledby={id("title")}>
      <h2 id={id("title")}>{title}</h2>
      <form method="post" noValidate ref={form}>
        <input type="hidden" name="intent" value={name} />
        {returnTo && <input type="hidden" name="redirect" value={returnTo} />}
        {error && (
          <p id={id("error")} className="notice notice--error" role="alert">
            {error.message}
          </p>
        )}
        <div className="form-field">
          <label htmlFor={id("email")}>{t.email}</label>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete={name === "sign-in" ? "username" : "email"}
            defaultValue={email}
            required
            {...fault("email")}
          />
        </div>
        {name === "register" ? (
          <NewPasswordField
            id={id("password")}
            name="password"
            label={t.password}
            errorId={invalid.includes("password") ? id("error") : undefined}
          />
        ) : (
          <div className="form-field">
            <label htmlFor={id("password")}>{t.password}</label>
            <input id={id("password")} name="password" type="password" autoComplete="current-password" required {...fault("password")} />
          </div>
        )}
        <button type="submit" className="button">
          {submit}
        </button>
      </form>
      {name === "sign-in" && (
        <p className="account-form__aside">
          <Link to={`${ACCOUNT_PATH}/lost-password`}>{t.lostPasswordLink}</Link>
        </p>
      )}
    </section>
  );
}
