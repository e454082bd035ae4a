/**
 * /product-category/:slug and /brand/:slug: the shop listing filtered to one category or one brand (decision 0095),
 * one module at both addresses (routes.ts), the kind read from the address.
 */
import { data } from "react-router";
import { ProductListing } from "../components/ProductListing.tsx";
import { storefrontContext } from "../context.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/category";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const brand = url.pathname.startsWith("/brand/");
  const term = await (brand ? storefront.catalog.getBrand(params.slug) : storefront.catalog.getCategory(params.slug));
  if (!term) throw data(null, { status: 404, statusText: "Not Found" });
  const listing = await loadListing(url, storefront, brand ? { brand: [term.slug] } : { category: [term.slug] });
  return { ...listing, category: term, title: `${term.name} – ${storefront.settings.siteTitle}` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title },
    ...(loaderData?.category.description ? [{ name: "description", content: loaderData.category.description }] : []),
  ];
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <section className="listing">
      <header className="page-header">
        <h1>{category.name}</h1>
        {category.description && <p className="page-header__description">{category.description}</p>}
      </header>
      <ProductListing {...loaderData} />
    </section>
  );
}
