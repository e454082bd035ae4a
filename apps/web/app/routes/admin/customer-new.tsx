/** /admin/customers/new: the owner adds a shopper's account (decision 0103); adding it opens the account's page. */
import { AccountForm } from "../../features/admin/customers/AccountForm.tsx";
import { accountMessages as t } from "../../features/admin/customers/account-messages.ts";
import { emptyAccount } from "../../features/admin/customers/account-model.ts";
import customersStyles from "../../features/admin/customers/customers.css?url";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/customer-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: customersStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.addTitle);
}

export default function NewCustomerPage() {
  return <AccountForm initial={emptyAccount()} title={t.addTitle} back="/admin/customers" backLabel={t.allCustomers} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/customers" backLabel={t.allCustomers} />;
}
