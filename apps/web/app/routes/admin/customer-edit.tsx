/** /admin/customers/:id/edit: the owner changes a shopper's email, names and saved addresses (decision 0103); staff accounts are the staff page's. */
import { Link } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { AccountForm } from "../../features/admin/customers/AccountForm.tsx";
import { accountMessages as t } from "../../features/admin/customers/account-messages.ts";
import { accountDraft } from "../../features/admin/customers/account-model.ts";
import { customersApi } from "../../features/admin/customers/api.ts";
import { fullName } from "../../features/admin/customers/CustomersTable.tsx";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customer-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return customersApi.get(idParam(params.id));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? t.editTitle(fullName(loaderData) || loaderData.email) : t.edit);
}

export default function EditCustomerPage({ loaderData: customer }: Route.ComponentProps) {
  const back = `/admin/customers/${customer.id}`;
  const title = t.editTitle(fullName(customer) || customer.email);
  if (customer.role !== "customer")
    return (
      <div className="admin-page">
        <p className="admin-breadcrumb">
          <Link to={back}>{t.backToCustomer}</Link>
        </p>
        <PageHead title={title} />
        <p className="admin-card">
          {t.staffHint} <Link to="/admin/staff">Staff</Link>
        </p>
      </div>
    );
  return (
    <AccountForm
      key={customer.id}
      id={customer.id}
      initial={accountDraft(customer)}
      version={customer.version}
      title={title}
      back={back}
      backLabel={t.backToCustomer}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/customers" backLabel={t.allCustomers} />;
}
