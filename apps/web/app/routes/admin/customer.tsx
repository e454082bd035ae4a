/**
 * /admin/customers/:id: one account: its details, totals, saved addresses, orders (each opening the
 * order), saved cards, masked, a password reset link to send, and (a shopper's account) Edit and a
 * confirmed Delete (decision 0103). Opened by a save, it shows the account the save answered.
 */
import { Link, useNavigate } from "react-router";
import { DeleteCard, useDelete } from "../../features/admin/components/editor.tsx";
import { LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { accountMessages as a } from "../../features/admin/customers/account-messages.ts";
import { customersApi } from "../../features/admin/customers/api.ts";
import { fullName } from "../../features/admin/customers/CustomersTable.tsx";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { AddressesSection, OrdersSection, PaymentMethodsSection, TotalsSection } from "../../features/admin/customers/DetailParts.tsx";
import { customersMessages as t } from "../../features/admin/customers/messages.ts";
import { PasswordResetForm } from "../../features/admin/customers/PasswordResetForm.tsx";
import { takeSavedAccount } from "../../features/admin/customers/saved-account.ts";
import { formatMoment } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customer";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = idParam(params.id);
  return takeSavedAccount(id) ?? customersApi.get(id);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? fullName(loaderData) || loaderData.email : t.title);
}

export default function CustomerPage({ loaderData: customer }: Route.ComponentProps) {
  const navigate = useNavigate();
  const announce = useAnnounce();
  const shopper = customer.role === "customer";
  const deleting = useDelete(async () => {
    await customersApi.remove(customer.id);
    announce(a.deleted(customer.email));
    navigate("/admin/customers");
  });
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/customers">{t.allCustomers}</Link>
      </p>
      <PageHead title={fullName(customer) || customer.email}>
        {shopper && (
          <div className="admin-actions">
            <Link className="button" to={`/admin/customers/${customer.id}/edit`}>
              {a.edit}
            </Link>
          </div>
        )}
      </PageHead>
      <section className="admin-card" aria-labelledby="details-title">
        <h2 id="details-title">{t.details}</h2>
        <dl className="admin-details">
          <div className="admin-details__row">
            <dt>{t.email}</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
          </div>
          <div className="admin-details__row">
            <dt>{t.role}</dt>
            <dd>{t.roles[customer.role] ?? customer.role}</dd>
          </div>
          <div className="admin-details__row">
            <dt>{t.allOrders}</dt>
            <dd>{customer.totals.orders.toLocaleString()}</dd>
          </div>
          <div className="admin-details__row">
            <dt>{t.firstOrder}</dt>
            <dd>{customer.totals.first_order_at ? formatMoment(customer.totals.first_order_at, false) : t.never}</dd>
          </div>
        </dl>
        <p className="admin-muted">{t.customerSince(formatMoment(customer.created_at, false))}</p>
      </section>
      <TotalsSection totals={customer.totals} />
      <OrdersSection orders={customer.orders} total={customer.totals.orders} />
      <AddressesSection addresses={customer.addresses} />
      <PaymentMethodsSection methods={customer.payment_methods} />
      {/* Staff choose their own password from the sign-in page. */}
      {shopper && <PasswordResetForm customerId={customer.id} />}
      {/* Staff accounts leave the shop from the staff page. */}
      <DeleteCard
        deleting={deleting}
        shown={shopper}
        label={a.deleteCustomer}
        title={a.deleteTitle}
        body={a.deleteBody(customer.totals.orders)}
        confirmLabel={a.deleteConfirm}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/customers" backLabel={t.allCustomers} />;
}
