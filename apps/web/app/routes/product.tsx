/** /product/:slug: one product with its price, stock, descriptions and add-to-cart form. */
import { collectionOnProductQuery, collectionSlug, type StoreImage, type StoreProduct } from "@cartwright/commerce";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { AddToCartForm, type PostedChoice } from "../components/AddToCartForm.tsx";
import { Breadcrumb, type Crumb } from "../components/Breadcrumb.tsx";
import { Price } from "../components/Price.tsx";
import { type CardProduct, ProductCard, toCardProduct } from "../components/ProductCard.tsx";
import { ProductGallery } from "../components/ProductGallery.tsx";
import { ReadMore } from "../components/ReadMore.tsx";
import { StockStatus } from "../components/StockStatus.tsx";
import { type Storefront, storefrontContext } from "../context.ts";
import { ADDED_EVENT, type AddedDetail } from "../features/mini-cart/MiniCart.tsx";
import { productMessages } from "../features/product/messages.ts";
import { addFromLink, cartAfterAdd, linkNotice } from "../lib/listing.server.ts";
import { parsePage } from "../lib/listing.ts";
import {
  emptyReviewForm,
  REVIEWS_PER_PAGE,
  type ReviewFormState,
  ratingSummaryHtml,
  readReviewForm,
  reviewFormHtml,
  reviewListHtml,
  reviewsSectionHtml,
} from "../lib/reviews.server.ts";
import { addToCartMessages, priceMessages } from "../messages.ts";
import type { Route } from "./+types/product";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const { catalog, settings } = storefront;
  // An upsell's or related product's add-to-cart link without JavaScript: added, back here with a notice; refused, the reason here.
  const refused = url.searchParams.has("add-to-cart") ? await addFromLink(new URL(url), storefront) : null;
  const product = await catalog.getProduct(params.slug);
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  // A product reached by its id, or a variation, lives at its parent's canonical address.
  if (product.type === "variation" || product.slug !== params.slug) throw redirect(product.permalink, 301);
  const now = new Date();
  const reviewSettings = settings.reviews;
  const [variations, stockQuantity, offers, brands, collections, reviews] = await Promise.all([
    product.type === "variable" ? catalog.getVariations(product.id) : [],
    // A variable product's quantities are its variations' own.
    product.type === "variable" ? null : catalog.getStockQuantity(product.id),
    catalog.getProductOffers(product.id),
    catalog.getProductBrands(product.id),
    // Extensions' collections placed on product pages, each narrowed to this product by its relatedBy (decision 0087).
    Promise.all(
      catalog.productPageCollections().map(async (collection) => {
        const query = collectionOnProductQuery(collection.query ?? {}, product, now);
        const products = query ? (await catalog.listProducts(query)).products : [];
        return { id: `collection-${collectionSlug(collection.name)}`, title: collection.title, products: products.map(toCardProduct) };
      }),
    ),
    reviewsHtml(storefront, product, parsePage(url.searchParams.get("reviews_page"))),
  ]);
  return {
    product,
    variations,
    stockQuantity,
    brands,
    // Just what a card shows goes to the browser.
    upsells: offers.upsells.map(toCardProduct),
    related: offers.related.map(toCardProduct),
    collections,
    // The reviews as HTML the server built (lib/reviews.server.ts): no code for them ships with the page.
    ratingHtml: ratingSummaryHtml(product, reviewSettings),
    reviews,
    notice: refused ?? (await linkNotice(url, storefront)),
    shopPath: settings.storePages.shop || "/shop",
    siteTitle: settings.siteTitle,
    title: `${product.name} – ${settings.siteTitle}`,
  };
}

/** The reviews section as HTML, with the form as `form` left it (empty: a fresh form); null while the shop has reviews off. */
async function reviewsHtml(storefront: Storefront, product: StoreProduct, page: number, form: ReviewFormState = emptyReviewForm()) {
  const settings = storefront.settings.reviews;
  if (!settings.enabled) return null;
  const [listing, reviewer] = await Promise.all([
    storefront.reviews.list(product.id, page, REVIEWS_PER_PAGE),
    storefront.reviews.reviewer(),
  ]);
  return reviewsSectionHtml(
    product,
    { perPage: REVIEWS_PER_PAGE, shop: storefront.settings.siteTitle },
    reviewListHtml(product, listing, settings, storefront.settings.siteTitle),
    reviewFormHtml(product, settings, form, reviewer, listing.total === 0),
  );
}

/** A review sent from the product page's form: the section again with the form's errors, or emptied with what became of the review. */
async function reviewAction(storefront: Storefront, slug: string, form: FormData) {
  const product = await storefront.catalog.getProduct(slug);
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  const values = readReviewForm(form);
  const rating = /^[1-5]$/.test(values.rating) ? Number(values.rating) : values.rating ? 0 : null;
  const result = await storefront.reviews.write({
    productId: product.id,
    reviewer: values.reviewer,
    email: values.email,
    rating,
    text: values.review,
    honeypot: values.website,
  });
  const state: ReviewFormState = result.ok
    ? { ...emptyReviewForm(), outcome: { status: result.status, message: result.message } }
    : { values, errors: result.errors, message: result.message };
  // Published at once, the review is in the list drawn with the form.
  const fresh = result.ok ? ((await storefront.catalog.getProduct(slug)) ?? product) : product;
  const html = await reviewsHtml(storefront, fresh, 1, state);
  return data({ added: false, error: null, reviewsHtml: html }, { status: result.ok ? 200 : result.status });
}

/**
 * The add-to-cart form, with or without JavaScript: add, then come back to the product with a notice
 * (or go to the cart, when the shop says so); or a review.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const storefront = context.get(storefrontContext);
  const { cart } = storefront;
  const form = await request.formData();
  if (form.get("intent") === "review") return reviewAction(storefront, params.slug, form);
  // Variable products post the parent's id and the chosen attributes; the server finds the variation.
  const id = Number(form.get("add-to-cart"));
  const quantity = Number(form.get("quantity") ?? 1);
  const options = [...form.entries()]
    .filter(([name]) => name.startsWith("attribute_"))
    .map(([name, value]): [string, string] => [name, String(value)]);
  // The form is drawn again with what was posted, added or refused; only a term's slug is ever shown again, so a
  // hand-made post's huge values are cut rather than sent back whole.
  const posted: PostedChoice = {
    options: Object.fromEntries(options.slice(0, 50).map(([name, value]) => [name.slice(0, 200), value.slice(0, 200)])),
    quantity: String(form.get("quantity") ?? "").slice(0, 20),
  };
  if (!Number.isInteger(id) || id < 1 || !Number.isInteger(quantity) || quantity < 1) {
    return data({ added: false, error: productMessages.invalidChoice, posted }, { status: 400 });
  }
  const variation = options.map(([name, value]) => ({ attribute: name.slice("attribute_".length), value }));
  const result = await cart.addItem({ id, quantity, variation });
  if (!result.ok) return data({ added: false, error: result.message, posted }, { status: 400 });
  const cartPath = cartAfterAdd(storefront.settings);
  if (cartPath) throw redirect(cartPath, 303);
  return { added: true, error: null, posted };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const summary = loaderData.product.short_description.replace(/<[^>]*>/g, "").trim();
  return [{ title: loaderData.title }, ...(summary ? [{ name: "description", content: summary }] : [])];
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variations, stockQuantity, brands, upsells, related, collections, notice, shopPath, ratingHtml, reviews } = loaderData;

  // Tell the page an add succeeded: the mini-cart opens when the shop asks for it, and closed gives the focus back to Add to cart.
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!actionData?.added) return;
    const detail: AddedDetail = { productId: product.id, pressed: addButton.current };
    document.dispatchEvent(new CustomEvent(ADDED_EVENT, { detail }));
  }, [actionData, product.id]);
  // A refused add comes back as a new page, its focus at the top: the keyboard goes to the refusal, which is read out.
  const refusal = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (actionData?.error) refusal.current?.focus();
  }, [actionData]);
  const [variationImage, setVariationImage] = useState<StoreImage | null>(null);
  const category = product.categories[0];
  const trail: Crumb[] = [
    { label: productMessages.breadcrumbHome, to: shopPath },
    ...(category ? [{ label: category.name, to: category.link }] : []),
    { label: product.name },
  ];
  // A variable product shows its own stock only when nothing can be bought; a variation shows its own.
  const showStock = product.type !== "variable" || !product.is_in_stock;
  return (
    <article className="product">
      <Breadcrumb trail={trail} />
      {notice && !actionData && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      {actionData?.added && (
        <p className="notice notice--success" role="status">
          {addToCartMessages.added(product.name)}
        </p>
      )}
      {actionData?.error && (
        <p className="notice notice--error" role="alert" tabIndex={-1} ref={refusal}>
          {actionData.error}
        </p>
      )}
      <div className="product__layout">
        <div className="product__gallery">
          {product.on_sale && <span className="badge badge--sale">{priceMessages.saleBadge}</span>}
          <ProductGallery images={product.images} name={product.name} variationImage={variationImage} />
        </div>
        <div className="product__summary">
          <h1 className="product__title">{product.name}</h1>
          <Price prices={product.prices} onSale={product.on_sale} className="price product__price" />
          {ratingHtml && <div dangerouslySetInnerHTML={{ __html: ratingHtml }} />}
          {product.short_description && (
            // Trusted HTML: the server sanitises descriptions before it stores them (DESIGN §8).
            <div className="product__short-description" dangerouslySetInnerHTML={{ __html: product.short_description }} />
          )}
          {showStock && <StockStatus stock={{ ...product, stock_quantity: stockQuantity }} />}
          <AddToCartForm
            key={product.id}
            product={product}
            variations={variations}
            posted={actionData && "posted" in actionData ? actionData.posted : undefined}
            onVariationChange={(variation) => setVariationImage(variation?.image ?? null)}
            buttonRef={addButton}
          />
          <ProductMeta product={product} brands={brands} />
        </div>
      </div>
      {product.description && (
        <section className="product__description" aria-labelledby="product-description-heading">
          <h2 id="product-description-heading">{productMessages.description}</h2>
          <ReadMore>
            <div dangerouslySetInnerHTML={{ __html: product.description }} />
          </ReadMore>
        </section>
      )}
      {reviews && (
        // The section is HTML the server built; a click on its "More reviews" link is handled here (no key handler: the link's own Enter clicks it).
        // biome-ignore lint/a11y/noStaticElementInteractions: a delegated click of the link inside, which keeps its own semantics
        // biome-ignore lint/a11y/useKeyWithClickEvents: the link inside answers the keyboard itself
        <div
          onClick={moreReviews}
          dangerouslySetInnerHTML={{ __html: (actionData && "reviewsHtml" in actionData && actionData.reviewsHtml) || reviews }}
        />
      )}
      <ProductOffers id="upsells" heading={productMessages.upsells} products={upsells} />
      <ProductOffers id="related" heading={productMessages.related} products={related} />
      {collections.map((collection) => (
        <ProductOffers key={collection.id} id={collection.id} heading={collection.title} products={collection.products} />
      ))}
    </article>
  );
}

/** "More reviews" without reloading: its script comes with the first click (features/product/reviews-more.ts). */
function moreReviews(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element).closest("[data-reviews-more]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  import("../features/product/reviews-more.ts").then((m) => m.showMoreReviews(link as HTMLAnchorElement));
}

/** A titled row of the shop listing's cards after the product (upsells, related products); nothing when empty. */
function ProductOffers({ id, heading, products }: { id: string; heading: string; products: CardProduct[] }) {
  if (!products.length) return null;
  return (
    <section className={`product-offers product-offers--${id}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="product-grid">
        {products.map((item) => (
          <ProductCard key={item.id} product={item} heading="h3" />
        ))}
      </ul>
    </section>
  );
}

function ProductMeta({
  product,
  brands,
}: {
  product: Route.ComponentProps["loaderData"]["product"];
  brands: Route.ComponentProps["loaderData"]["brands"];
}) {
  return (
    <dl className="product__meta">
      {product.sku && (
        <div>
          <dt>{productMessages.sku}</dt>
          <dd>{product.sku}</dd>
        </div>
      )}
      <TermList label={productMessages.categories(product.categories.length)} terms={product.categories} />
      <TermList label={productMessages.brands(brands.length)} terms={brands} />
      <TermList label={productMessages.tags(product.tags.length)} terms={product.tags} />
    </dl>
  );
}

/** A labelled, comma-separated list of linked terms (categories, brands, tags); nothing when empty. */
function TermList({ label, terms }: { label: string; terms: { id: number; name: string; link: string }[] }) {
  if (!terms.length) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {terms.map((term, index) => (
          <span key={term.id}>
            {index > 0 && ", "}
            <Link to={term.link}>{term.name}</Link>
          </span>
        ))}
      </dd>
    </div>
  );
}
