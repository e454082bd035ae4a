/** /admin/orders/new: the owner makes an order by hand (decision 0089); creating it opens the order's page. */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { newOrderApi } from "../../features/admin/new-order/api.ts";
import { newOrderMessages as t } from "../../features/admin/new-order/messages.ts";
import { NewOrderForm } from "../../features/admin/new-order/NewOrderForm.tsx";
import newOrderStyles from "../../features/admin/new-order/new-order.css?url";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/order-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: newOrderStyles }];

export async function clientLoader() {
  const [currency, { attributes }] = await Promise.all([newOrderApi.currency(), newOrderApi.attributes()]);
  return { currency, attributes };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function NewOrderPage({ loaderData }: Route.ComponentProps) {
  return <NewOrderForm currency={loaderData.currency} attributes={loaderData.attributes} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/orders" backLabel={t.back} />;
}
