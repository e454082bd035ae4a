/** /shop: every listed product, with ?orderby, ?page, ?tag and ?s. */
import { ProductListing } from "../components/ProductListing.tsx";
import { storefrontContext } from "../context.ts";
import { listingMessages } from "../features/listing/messages.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/shop";

export async function loader({ url, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const listing = await loadListing(url, storefront);
  const { search } = listing.params;
  const heading = search
    ? listingMessages.searchTitle(search)
    : listing.params.tag
      ? listingMessages.tagTitle(listing.tagName)
      : listingMessages.shopTitle;
  return { ...listing, heading, title: `${heading} – ${storefront.settings.siteTitle}` };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <section className="listing">
      <header className="page-header">
        <h1>{loaderData.heading}</h1>
      </header>
      <ProductListing {...loaderData} />
    </section>
  );
}
