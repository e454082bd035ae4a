/** /admin/categories/:id: one category's form (decision 0043). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { termMessages as t } from "../../features/admin/products/messages.ts";
import { TermEditPage } from "../../features/admin/products/TermPages.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/category-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [item, { categories }] = await Promise.all([termsApi.categories.get(idParam(params.id)), termsApi.categories.list()]);
  return { item, parents: categories };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.categories.editTitle(loaderData?.item.name ?? ""));
}

export default function CategoryEditPage({ loaderData }: Route.ComponentProps) {
  return <TermEditPage kind="categories" item={loaderData.item} parents={loaderData.parents} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/categories" backLabel={t.categories.back} />;
}
