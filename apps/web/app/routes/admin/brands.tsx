/** /admin/brands: the shop's brands with their products counted, and a form to add one (decision 0095). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import { brandMessages as t } from "../../features/admin/products/brand-messages.ts";
import productsStyles from "../../features/admin/products/products.css?url";
import { TermListPage } from "../../features/admin/products/TermPages.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/brands";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productsStyles }];

export async function clientLoader() {
  return { items: (await termsApi.brands.list()).brands };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function BrandListPage({ loaderData }: Route.ComponentProps) {
  return <TermListPage kind="brands" items={loaderData.items} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
