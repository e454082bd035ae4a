/** /admin/products/:id: one product in the form, its variations' prices and stock below. */
import { lazy, Suspense } from "react";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { productsApi } from "../../features/admin/products/api.ts";
import { productMessages as t } from "../../features/admin/products/messages.ts";
import { editableOf, toDraft } from "../../features/admin/products/model.ts";
import { ProductForm } from "../../features/admin/products/ProductForm.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/product-edit";

// Files of a downloadable product (decision 0094): their own chunk, saved apart from the form.
const DownloadsCard = lazy(() => import("../../features/admin/downloads/DownloadsCard.tsx"));

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [product, { categories }, { brands }, { tags }, { attributes }] = await Promise.all([
    productsApi.get(idParam(params.id)),
    productsApi.categories(),
    productsApi.brands(),
    productsApi.tags(),
    productsApi.attributes(),
  ]);
  return { product, choices: { categories, brands, tags, attributes } };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.product.name ?? ""));
}

export default function EditProductPage({ loaderData }: Route.ComponentProps) {
  const { product, choices } = loaderData;
  const currency = { currency_code: product.currency_code, currency_minor_unit: product.currency_minor_unit };
  const { id, permalink } = product;
  return (
    <div className="admin-page">
      {/* A new key per product: the form starts afresh when the URL names another one. */}
      <ProductForm
        key={id}
        id={id}
        version={product.version}
        initial={toDraft(editableOf(product), currency)}
        currency={currency}
        choices={choices}
        permalink={permalink}
      />
      <Suspense fallback={null}>
        <DownloadsCard product={product} />
      </Suspense>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/products" backLabel={t.back} />;
}
