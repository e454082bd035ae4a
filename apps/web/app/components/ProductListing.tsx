/** The shared product listing of /shop and category pages: result count, sort form, grid, pages. */
import { lazy, Suspense, useEffect, useState } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { listingMessages } from "../features/listing/messages.ts";
import { type ListingParams, listingSearch, SORT_OPTIONS } from "../lib/listing.ts";
import { ADD_FAILED_EVENT } from "./AddToCartButton.tsx";
import { PageLinks } from "./PageLinks.tsx";
import { type CardProduct, ProductCard } from "./ProductCard.tsx";

// The notices' code comes with the first failed add: a listing that never fails does not load it.
const ListingNotices = lazy(() => import("../features/listing/ListingNotices.tsx"));

export interface ProductListingProps {
  products: CardProduct[];
  params: ListingParams;
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
  /** What happened to an add-to-cart link followed without JavaScript. */
  notice?: { kind: "success" | "error"; text: string } | null;
}

export function ProductListing({ products, params, total, totalPages, page, perPage, notice }: ProductListingProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Dim the grid while a sort or another page of this same listing loads.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const [addFailed, setAddFailed] = useState(false);
  useEffect(() => {
    const failed = () => setAddFailed(true);
    document.addEventListener(ADD_FAILED_EVENT, failed);
    return () => document.removeEventListener(ADD_FAILED_EVENT, failed);
  }, []);
  if (!products.length) {
    return (
      <p className="notice notice--info" role="status">
        {listingMessages.noProducts}
      </p>
    );
  }
  return (
    <>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      {addFailed && (
        <Suspense fallback={null}>
          <ListingNotices />
        </Suspense>
      )}
      <div className="listing-toolbar">
        <ResultCount total={total} page={page} perPage={perPage} count={products.length} />
        <SortForm params={params} />
      </div>
      <ul className="product-grid" aria-label={listingMessages.productsLabel} aria-busy={loading || undefined}>
        {products.map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < 4} />
        ))}
      </ul>
      <Pagination params={params} page={page} totalPages={totalPages} />
    </>
  );
}

export function ResultCount({ total, page, perPage, count }: { total: number; page: number; perPage: number; count: number }) {
  let text: string;
  if (total === 1) text = listingMessages.resultCountSingle;
  else if (total <= perPage) text = listingMessages.resultCountAll(total);
  else {
    const first = (page - 1) * perPage + 1;
    text = listingMessages.resultCountRange(first, first + count - 1, total);
  }
  return <p className="result-count">{text}</p>;
}

/**
 * Spec §2: the sort dropdown submits its form as soon as it changes. The form is a plain GET
 * form, so without JavaScript the button inside <noscript> submits it.
 */
export function SortForm({ params }: { params: ListingParams }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="ordering" preventScrollReset>
      {params.search && <input type="hidden" name="s" value={params.search} />}
      {params.tag && <input type="hidden" name="tag" value={params.tag} />}
      <label htmlFor="orderby" className="ordering__label">
        {listingMessages.sortLabel}
      </label>
      <select
        id="orderby"
        name="orderby"
        className="ordering__select"
        defaultValue={params.sort}
        key={params.sort}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {listingMessages.sortOptions[option]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--secondary ordering__submit">
          {listingMessages.sortSubmit}
        </button>
      </noscript>
    </Form>
  );
}

/** Page links keep the sort order and filters. */
export function Pagination({ params, page, totalPages }: { params: ListingParams; page: number; totalPages: number }) {
  const { pathname } = useLocation();
  return (
    <PageLinks
      page={page}
      totalPages={totalPages}
      href={(target) => `${pathname}${listingSearch(params, target)}`}
      label={listingMessages.pagination}
    />
  );
}
