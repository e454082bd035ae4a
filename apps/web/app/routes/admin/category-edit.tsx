/** /admin/categories/:id and /admin/brands/:id: one category's or brand's form (decisions 0043, 0095), the kind read from the address. */
import { useLocation } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { TermEditPage } from "../../features/admin/products/TermPages.tsx";
import { hierarchyOf, termWords } from "../../features/admin/products/term-kinds.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/category-edit";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const kind = hierarchyOf(new URL(request.url).pathname);
  const calls = termsApi[kind];
  const [item, list] = await Promise.all([calls.get(idParam(params.id)), calls.list()]);
  return { kind, item, parents: "brands" in list ? list.brands : list.categories };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return consoleMeta(matches, termWords(hierarchyOf(location.pathname)).editTitle(loaderData?.item.name ?? ""));
}

export default function CategoryEditPage({ loaderData }: Route.ComponentProps) {
  return <TermEditPage kind={loaderData.kind} item={loaderData.item} parents={loaderData.parents} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = hierarchyOf(useLocation().pathname);
  return <ConsoleRouteError error={error} backTo={`/admin/${kind}`} backLabel={termWords(kind).back} />;
}
