/** /admin/brands/:id: one brand's form (decision 0095). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { brandMessages as t } from "../../features/admin/products/brand-messages.ts";
import { TermEditPage } from "../../features/admin/products/TermPages.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/brand-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [item, { brands }] = await Promise.all([termsApi.brands.get(idParam(params.id)), termsApi.brands.list()]);
  return { item, parents: brands };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.item.name ?? ""));
}

export default function BrandEditPage({ loaderData }: Route.ComponentProps) {
  return <TermEditPage kind="brands" item={loaderData.item} parents={loaderData.parents} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/brands" backLabel={t.back} />;
}
