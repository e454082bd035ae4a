/** /my-account/addresses: the billing and shipping addresses saved on the account, each with a link to its form. */

import { Link } from "react-router";
import { AddressBlock } from "../components/AddressBlock.tsx";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { addressLines, formatPhone } from "../features/account/format.server.ts";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-addresses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account, request);
  const addresses = await account.addresses();
  const billing = addresses?.billing ?? {};
  return {
    billing: addressLines(billing),
    billingExtra: [formatPhone(billing.phone, billing.country), billing.email ?? ""].filter(Boolean),
    shipping: addressLines(addresses?.shipping),
    // Set by an address form's redirect after a save.
    changed: new URL(request.url).searchParams.has("changed"),
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
      {loaderData.changed && (
        <p className="notice notice--success" role="status">
          {t.addressChanged}
        </p>
      )}
      <p>{t.addressesIntro}</p>
      <div className="account-addresses">
        <section aria-labelledby="account-billing-title">
          <h2 id="account-billing-title">{t.billingAddress}</h2>
          {loaderData.billing.length ? <AddressBlock lines={loaderData.billing} extra={loaderData.billingExtra} /> : <p>{t.noAddress}</p>}
          <EditLink kind="billing" label={t.editBillingAddress} />
        </section>
        <section aria-labelledby="account-shipping-title">
          <h2 id="account-shipping-title">{t.shippingAddress}</h2>
          {loaderData.shipping.length ? <AddressBlock lines={loaderData.shipping} /> : <p>{t.noAddress}</p>}
          <EditLink kind="shipping" label={t.editShippingAddress} />
        </section>
      </div>
    </AccountLayout>
  );
}

/** "Edit", named in full for screen readers (two links on the page say it). */
function EditLink({ kind, label }: { kind: "billing" | "shipping"; label: string }) {
  return (
    <p>
      <Link to={`${ACCOUNT_PATH}/addresses/${kind}`} aria-label={label}>
        {t.editAddress}
      </Link>
    </p>
  );
}
