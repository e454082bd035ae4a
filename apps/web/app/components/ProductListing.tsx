/** The shared product listing of /shop and category pages: result count, sort form, grid, pages. */
import { lazy, Suspense, useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { listingMessages } from "../features/listing/messages.ts";
import { type ListingParams, listingSearch, SORT_OPTIONS } from "../lib/listing.ts";
import { ADD_FAILED_EVENT } from "./AddToCartButton.tsx";
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
  /** The attribute filters' form and active filters, HTML the server built (lib/attribute-filters.server.ts): no code for them ships. */
  filtersHtml?: string;
}

export function ProductListing({ products, params, total, totalPages, page, perPage, notice, filtersHtml }: ProductListingProps) {
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
  // Shown above an empty page too, so that a filter that found nothing can be taken away.
  const filters = filtersHtml && <div dangerouslySetInnerHTML={{ __html: filtersHtml }} />;
  if (!products.length) {
    return (
      <>
        {filters}
        <p className="notice notice--info" role="status">
          {listingMessages.noProducts}
        </p>
      </>
    );
  }
  return (
    <>
      {filters}
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
      {params.kept.map(([name, value]) => (
        <input key={name + value} type="hidden" name={name} value={value} />
      ))}
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

/** Page links keep the sort order and filters; the current page is marked with aria-current. */
export function Pagination({ params, page, totalPages }: { params: ListingParams; page: number; totalPages: number }) {
  const { pathname } = useLocation();
  if (totalPages <= 1) return null;
  const href = (target: number) => `${pathname}${listingSearch(params, target)}`;
  const pages = pageWindow(page, totalPages);
  return (
    <nav className="pagination" aria-label={listingMessages.pagination}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__link pagination__link--prev">
              {listingMessages.previous}
            </Link>
          </li>
        )}
        {pages.map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={target}>
              {target === page ? (
                <span className="pagination__link pagination__link--current" aria-current="page">
                  {target}
                </span>
              ) : (
                <Link to={href(target)} className="pagination__link" aria-label={listingMessages.pageLabel(target)}>
                  {target}
                </Link>
              )}
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__link pagination__link--next">
              {listingMessages.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** First, last and two either side of the current page; null marks a gap. */
function pageWindow(page: number, totalPages: number): (number | null)[] {
  const shown = new Set([1, totalPages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= totalPages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && p - last > 1) result.push(null);
    result.push(p);
  }
  return result;
}
