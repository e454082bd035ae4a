/**
 * /admin/categories and /admin/brands: the shop's categories or brands with their products counted, and a form
 * to add one (decisions 0043, 0095). One module at both addresses (routes.ts), the kind read from the address.
 */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import productsStyles from "../../features/admin/products/products.css?url";
import { TermListPage } from "../../features/admin/products/TermPages.tsx";
import { hierarchyOf, termWords } from "../../features/admin/products/term-kinds.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/categories";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productsStyles }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const kind = hierarchyOf(new URL(request.url).pathname);
  const items = kind === "brands" ? (await termsApi.brands.list()).brands : (await termsApi.categories.list()).categories;
  return { kind, items };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches, location }: Route.MetaArgs) {
  return consoleMeta(matches, termWords(hierarchyOf(location.pathname)).title);
}

export default function CategoryListPage({ loaderData }: Route.ComponentProps) {
  return <TermListPage kind={loaderData.kind} items={loaderData.items} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
