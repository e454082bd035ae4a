/** /admin/attributes: the shop's attributes with their terms and products counted, and a form to add one. */

import { AttributeListPage } from "../../features/admin/attributes/AttributePages.tsx";
import { attributesApi } from "../../features/admin/attributes/api.ts";
import attributesStyles from "../../features/admin/attributes/attributes.css?url";
import { attributeMessages as t } from "../../features/admin/attributes/messages.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import productsStyles from "../../features/admin/products/products.css?url";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/attributes";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: productsStyles },
  { rel: "stylesheet", href: attributesStyles },
];

export async function clientLoader() {
  return { items: (await attributesApi.list()).attributes };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function AttributeListRoute({ loaderData }: Route.ComponentProps) {
  return <AttributeListPage items={loaderData.items} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
