/** /admin/tags: the shop's tags with their products counted, and a form to add one (decision 0043). */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { termsApi } from "../../features/admin/products/api.ts";
import productsStyles from "../../features/admin/products/products.css?url";
import { TermListPage } from "../../features/admin/products/TermPages.tsx";
import { termPageMessages as t } from "../../features/admin/products/term-messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/tags";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productsStyles }];

export async function clientLoader() {
  return { items: (await termsApi.tags.list()).tags };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.tags.title);
}

export default function TagListPage({ loaderData }: Route.ComponentProps) {
  return <TermListPage kind="tags" items={loaderData.items} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
