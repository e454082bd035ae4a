/** /admin/categories: the shop's categories with their products counted, and a form to add one (decision 0043). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { termMessages as t } from "../../features/admin/products/messages.ts";
import productsStyles from "../../features/admin/products/products.css?url";
import { TermListPage } from "../../features/admin/products/TermPages.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/categories";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productsStyles }];

export async function clientLoader() {
  return { items: (await termsApi.categories.list()).categories };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.categories.title);
}

export default function CategoryListPage({ loaderData }: Route.ComponentProps) {
  return <TermListPage kind="categories" items={loaderData.items} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
