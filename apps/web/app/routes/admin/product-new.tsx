/** /admin/products/new: the product form over empty values (a draft); saving creates the product and opens its page. */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { productsApi } from "../../features/admin/products/api.ts";
import { productMessages as t } from "../../features/admin/products/messages.ts";
import { emptyDraft } from "../../features/admin/products/model.ts";
import { ProductForm } from "../../features/admin/products/ProductForm.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/product-new";

export async function clientLoader() {
  const [currency, { categories }, { brands }, { tags }, { attributes }] = await Promise.all([
    productsApi.currency(),
    productsApi.categories(),
    productsApi.brands(),
    productsApi.tags(),
    productsApi.attributes(),
  ]);
  return { currency, choices: { categories, brands, tags, attributes } };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductForm initial={emptyDraft()} currency={loaderData.currency} choices={loaderData.choices} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/products" backLabel={t.back} />;
}
