/** /my-account/payment-methods: the cards saved on the account, the default first. */
import { storefrontContext } from "../context.ts";
import { AccountLayout } from "../features/account/AccountNav.tsx";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-payment-methods";

export async function loader({ context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account);
  return { methods: await account.paymentMethods(), title: `${t.paymentMethods} – ${settings.siteTitle}` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.paymentMethods }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountPaymentMethods({ loaderData }: Route.ComponentProps) {
  const { methods } = loaderData;
  return (
    <AccountLayout title={t.paymentMethods}>
      {methods.length === 0 ? (
        <p className="account-empty">{t.noPaymentMethods}</p>
      ) : (
        <table className="account-table">
          <caption className="visually-hidden">{t.paymentMethodsTableLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.method}</th>
              <th scope="col">{t.expires}</th>
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
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}
