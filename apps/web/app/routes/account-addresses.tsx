/** /my-account/addresses: the billing and shipping addresses saved on the account. */

import { AddressBlock } from "../components/AddressBlock.tsx";
import { storefrontContext } from "../context.ts";
import { AccountLayout } from "../features/account/AccountNav.tsx";
import { addressLines, formatPhone } from "../features/account/format.server.ts";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-addresses";

export async function loader({ context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account);
  const addresses = await account.addresses();
  const billing = addresses?.billing ?? {};
  return {
    billing: addressLines(billing),
    billingExtra: [formatPhone(billing.phone, billing.country), billing.email ?? ""].filter(Boolean),
    shipping: addressLines(addresses?.shipping),
    title: `${t.addresses} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.addresses }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  return (
    <AccountLayout title={t.addresses}>
      <p>{t.addressesIntro}</p>
      <div className="account-addresses">
        <section aria-labelledby="account-billing-title">
          <h2 id="account-billing-title">{t.billingAddress}</h2>
          {loaderData.billing.length ? <AddressBlock lines={loaderData.billing} extra={loaderData.billingExtra} /> : <p>{t.noAddress}</p>}
        </section>
        <section aria-labelledby="account-shipping-title">
          <h2 id="account-shipping-title">{t.shippingAddress}</h2>
          {loaderData.shipping.length ? <AddressBlock lines={loaderData.shipping} /> : <p>{t.noAddress}</p>}
        </section>
      </div>
    </AccountLayout>
  );
}
