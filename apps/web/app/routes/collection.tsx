/** /collection/:slug: a product collection an extension registered, its own query and layout (decision 0087). */
import { collectionLayout, collectionProductQuery } from "@cartwright/commerce";
import type { CSSProperties } from "react";
import { data } from "react-router";
import { ProductCard } from "../components/ProductCard.tsx";
import { Pagination, ResultCount } from "../components/ProductListing.tsx";
import { storefrontContext } from "../context.ts";
import { listingMessages } from "../features/listing/messages.ts";
import { loadCollectionListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/collection";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const collection = storefront.catalog.getCollection(params.slug);
  if (!collection) throw data(null, { status: 404, statusText: "Not Found" });
  const { query, maxPages } = collectionProductQuery(collection.query ?? {}, 1, new Date());
  // A collection shows the "Filter by" area unless its author says it is not filterable (decision 0091).
  const filterable = collection.query?.filterable !== false;
  // Its counts are of the products its pages show: none skipped by its offset or past its last page.
  const shown = maxPages > 0 ? { ...query, limit: maxPages * (query.perPage ?? storefront.settings.productsPerPage) } : query;
  const listing = await loadCollectionListing(url, storefront, { query: shown, maxPages, filterable });
  return {
    ...listing,
    heading: collection.title,
    description: collection.description ?? "",
    layout: collectionLayout(collection.layout),
    title: `${collection.title} – ${storefront.settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, ...(loaderData?.description ? [{ name: "description", content: loaderData.description }] : [])];
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { heading, description, layout, products, params, page, perPage, total, totalPages, notice, filtersHtml } = loaderData;
  return (
    // The author's column count, on screens wide enough for it (app.css); a list is one column.
    <section className={`listing listing--${layout.type}`} style={{ "--columns": layout.columns } as CSSProperties}>
      <header className="page-header">
        <h1>{heading}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </header>
      {/* The attribute filters as HTML the server built (lib/attribute-filters.server.ts), shown above an empty page too. */}
      {filtersHtml && <div dangerouslySetInnerHTML={{ __html: filtersHtml }} />}
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      {products.length ? (
        <>
          <div className="listing-toolbar">
            <ResultCount total={total} page={page} perPage={perPage} count={products.length} />
          </div>
          <ul className="product-grid" aria-label={listingMessages.productsLabel}>
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} eager={index < 4} />
            ))}
          </ul>
          <Pagination params={params} page={page} totalPages={totalPages} />
        </>
      ) : (
        <p className="notice notice--info" role="status">
          {listingMessages.noProducts}
        </p>
      )}
    </section>
  );
}
