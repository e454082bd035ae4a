/** /admin/tags/:id: one tag's form (decision 0043). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { TermEditPage } from "../../features/admin/products/TermPages.tsx";
import { termPageMessages as t } from "../../features/admin/products/term-messages.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/tag-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { item: await termsApi.tags.get(idParam(params.id)) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.tags.editTitle(loaderData?.item.name ?? ""));
}

export default function TagEditPage({ loaderData }: Route.ComponentProps) {
  return <TermEditPage kind="tags" item={loaderData.item} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/tags" backLabel={t.tags.back} />;
}
