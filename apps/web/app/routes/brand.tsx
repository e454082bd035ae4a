/** /brand/:slug: the shop listing of one brand's products (decision 0095), as a category page lists its own. */
import { data } from "react-router";
import { ProductListing } from "../components/ProductListing.tsx";
import { storefrontContext } from "../context.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/brand";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const brand = await storefront.catalog.getBrand(params.slug);
  if (!brand) throw data(null, { status: 404, statusText: "Not Found" });
  const listing = await loadListing(url, storefront, { brand: [brand.slug] });
  return { ...listing, brand, title: `${brand.name} – ${storefront.settings.siteTitle}` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title },
    ...(loaderData?.brand.description ? [{ name: "description", content: loaderData.brand.description }] : []),
  ];
}

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { brand } = loaderData;
  return (
    <section className="listing">
      <header className="page-header">
        <h1>{brand.name}</h1>
        {brand.description && <p className="page-header__description">{brand.description}</p>}
      </header>
      <ProductListing {...loaderData} />
    </section>
  );
}
