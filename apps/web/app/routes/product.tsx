/** /product/:slug: one product with its price, stock, descriptions and add-to-cart form. */
import type { StoreImage } from "@cartwright/commerce";
import { useEffect, useState } from "react";
import { data, Link, redirect } from "react-router";
import { AddToCartForm } from "../components/AddToCartForm.tsx";
import { Breadcrumb, type Crumb } from "../components/Breadcrumb.tsx";
import { Price } from "../components/Price.tsx";
import { ProductGallery } from "../components/ProductGallery.tsx";
import { ReadMore } from "../components/ReadMore.tsx";
import { StockStatus } from "../components/StockStatus.tsx";
import { storefrontContext } from "../context.ts";
import { ADDED_EVENT } from "../features/mini-cart/MiniCart.tsx";
import { productMessages } from "../features/product/messages.ts";
import { addToCartMessages } from "../messages.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, settings } = context.get(storefrontContext);
  const product = await catalog.getProduct(params.slug);
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  // A product reached by its id, or a variation, lives at its parent's canonical address.
  if (product.type === "variation" || product.slug !== params.slug) throw redirect(product.permalink, 301);
  const variations = product.type === "variable" ? await catalog.getVariations(product.id) : [];
  return { product, variations, shopPath: settings.storePages.shop || "/shop", title: `${product.name} – ${settings.siteTitle}` };
}

/** The add-to-cart form, with or without JavaScript: add, then come back to the product with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const { cart } = context.get(storefrontContext);
  const form = await request.formData();
  // Variable products post the parent's id and the chosen attributes; the server finds the variation.
  const id = Number(form.get("add-to-cart"));
  const quantity = Number(form.get("quantity") ?? 1);
  if (!Number.isInteger(id) || id < 1 || !Number.isInteger(quantity) || quantity < 1) {
    return data({ added: false, error: productMessages.invalidChoice }, { status: 400 });
  }
  const variation = [...form.entries()]
    .filter(([name]) => name.startsWith("attribute_"))
    .map(([name, value]) => ({ attribute: name.slice("attribute_".length), value: String(value) }));
  const result = await cart.addItem({ id, quantity, variation });
  if (!result.ok) return data({ added: false, error: result.message }, { status: 400 });
  return { added: true, error: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const summary = loaderData.product.short_description.replace(/<[^>]*>/g, "").trim();
  return [{ title: loaderData.title }, ...(summary ? [{ name: "description", content: summary }] : [])];
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variations, shopPath } = loaderData;
  // Tell the page an add succeeded: the mini-cart opens when the shop asks for it.
  useEffect(() => {
    if (actionData?.added) document.dispatchEvent(new CustomEvent(ADDED_EVENT, { detail: { productId: product.id } }));
  }, [actionData, product.id]);
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
      {actionData?.added && (
        <p className="notice notice--success" role="status">
          {addToCartMessages.added(product.name)}
        </p>
      )}
      {actionData?.error && (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      )}
      <div className="product__layout">
        <div className="product__gallery">
          {product.on_sale && <span className="badge badge--sale">{productMessages.saleBadge}</span>}
          <ProductGallery images={product.images} name={product.name} variationImage={variationImage} />
        </div>
        <div className="product__summary">
          <h1 className="product__title">{product.name}</h1>
          <Price prices={product.prices} onSale={product.on_sale} className="price product__price" />
          {product.short_description && (
            // Trusted HTML: the server sanitises descriptions before it stores them (DESIGN §8).
            <div className="product__short-description" dangerouslySetInnerHTML={{ __html: product.short_description }} />
          )}
          {showStock && <StockStatus stock={product} />}
          <AddToCartForm
            key={product.id}
            product={product}
            variations={variations}
            onVariationChange={(variation) => setVariationImage(variation?.image ?? null)}
          />
          <ProductMeta product={product} />
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
    </article>
  );
}

function ProductMeta({ product }: { product: Route.ComponentProps["loaderData"]["product"] }) {
  return (
    <dl className="product__meta">
      {product.sku && (
        <div>
          <dt>{productMessages.sku}</dt>
          <dd>{product.sku}</dd>
        </div>
      )}
      <TermList label={productMessages.categories(product.categories.length)} terms={product.categories} />
      <TermList label={productMessages.tags(product.tags.length)} terms={product.tags} />
    </dl>
  );
}

/** A labelled, comma-separated list of linked terms (categories, tags); nothing when empty. */
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
