/** /admin/attributes/:id: one attribute's name, slug and terms. */

import { AttributeEditPage } from "../../features/admin/attributes/AttributePages.tsx";
import { attributesApi } from "../../features/admin/attributes/api.ts";
import attributesStyles from "../../features/admin/attributes/attributes.css?url";
import { attributeMessages as t } from "../../features/admin/attributes/messages.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/attribute-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: attributesStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { item: await attributesApi.get(idParam(params.id)) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.item.name ?? ""));
}

export default function AttributeEditRoute({ loaderData }: Route.ComponentProps) {
  return <AttributeEditPage item={loaderData.item} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/attributes" backLabel={t.back} />;
}
