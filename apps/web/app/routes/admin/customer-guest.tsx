/** /admin/customers/guest?email=: a guest's orders (each opening the order), totals and the addresses of their newest order. */
import { Link } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { customersApi } from "../../features/admin/customers/api.ts";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { AddressesSection, OrdersSection, TotalsSection } from "../../features/admin/customers/DetailParts.tsx";
import { customersMessages as t } from "../../features/admin/customers/messages.ts";
import { consoleMessages } from "../../features/admin/messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customer-guest";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim();
  // The API wants at least three characters; anything shorter is no guest.
  if (email.length < 3 || email.length > 200) throw new AdminApiError(404, "cw_rest_guest_not_found", consoleMessages.notFoundTitle);
  return customersApi.guest(email);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? `${t.guestLabel}: ${loaderData.email}` : t.guestsTitle);
}

export default function GuestPage({ loaderData: guest }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/customers/guests">{t.allGuests}</Link>
      </p>
      <PageHead title={`${t.guestLabel}: ${guest.email}`} />
      <TotalsSection totals={guest.totals} />
      <OrdersSection orders={guest.orders} total={guest.totals.orders} />
      <AddressesSection addresses={guest.addresses} hint={t.guestAddressesHint} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/customers/guests" backLabel={t.allGuests} />;
}
