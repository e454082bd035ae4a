/**
 * /my-account/payment-methods: the cards saved on the account, the default first; each can be
 * made the default or deleted with a plain form (no JavaScript needed).
 */
import { Form } from "react-router";
import { storefrontContext } from "../context.ts";
import { AccountLayout } from "../features/account/AccountNav.tsx";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-payment-methods";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account, request);
  return { methods: await account.paymentMethods(), title: `${t.paymentMethods} – ${settings.siteTitle}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = context.get(storefrontContext);
  await requireCustomer(account, request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent === "make-default") return { message: (await account.setDefaultPaymentMethod(id)) ? t.defaultChanged : t.methodNotFound };
  if (intent === "delete") return { message: (await account.deletePaymentMethod(id)) ? t.methodDeleted : t.methodNotFound };
  return { message: t.methodNotFound };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.paymentMethods }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountPaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { methods } = loaderData;
  return (
    <AccountLayout title={t.paymentMethods}>
      <p role="status" className="account-status">
        {actionData?.message}
      </p>
      {methods.length === 0 ? (
        <p className="account-empty">{t.noPaymentMethods}</p>
      ) : (
        <table className="account-table">
          <caption className="visually-hidden">{t.paymentMethodsTableLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.method}</th>
              <th scope="col">{t.expires}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method) => (
              <tr key={method.id}>
                <th scope="row">
                  {t.cardEnding(method.brand, method.last4)}
                  {method.isDefault && <span className="account-badge">{t.defaultMethod}</span>}
                </th>
                <td>{method.expires}</td>
                <td className="account-actions">
                  {!method.isDefault && (
                    <MethodAction
                      id={method.id}
                      intent="make-default"
                      label={t.makeDefault}
                      ariaLabel={t.makeDefaultLabel(method.brand, method.last4)}
                    />
                  )}
                  <MethodAction
                    id={method.id}
                    intent="delete"
                    label={t.deleteMethod}
                    ariaLabel={t.deleteMethodLabel(method.brand, method.last4)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}

/** One saved-card action: a small form posting the card's id and what to do with it. */
function MethodAction({ id, intent, label, ariaLabel }: { id: string | number; intent: string; label: string; ariaLabel: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className="link-button" aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}
