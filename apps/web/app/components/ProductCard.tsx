/** One product in a listing: image, name, price, sale badge and its add-to-cart action. */
import type { StoreProduct } from "@cartwright/commerce";
import { Link } from "react-router";
import { priceMessages } from "../messages.ts";
import { AddToCartButton } from "./AddToCartButton.tsx";
import { Price } from "./Price.tsx";
import { ProductImage } from "./ProductImage.tsx";

/** Just what a card shows: listings send these fields to the browser, not whole products. */
export type CardProduct = Pick<
  StoreProduct,
  "id" | "name" | "permalink" | "images" | "on_sale" | "prices" | "type" | "is_purchasable" | "is_in_stock" | "sku" | "add_to_cart"
>;

export function toCardProduct(product: StoreProduct): CardProduct {
  const { id, name, permalink, images, on_sale, prices, type, is_purchasable, is_in_stock, sku, add_to_cart } = product;
  return { id, name, permalink, images: images.slice(0, 1), on_sale, prices, type, is_purchasable, is_in_stock, sku, add_to_cart };
}

/** `heading`: the title's level, one below the section's heading (a listing's page title is an h1, a product page's sections h2). */
export function ProductCard({
  product,
  eager = false,
  heading: Title = "h2",
}: {
  product: CardProduct;
  eager?: boolean;
  heading?: "h2" | "h3";
}) {
  return (
    <li className="product-card">
      <Link to={product.permalink} className="product-card__image" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={product.images[0]}
          name={product.name}
          sizes="(max-width: 400px) 100vw, (max-width: 700px) 50vw, 25vw"
          eager={eager}
        />
      </Link>
      {product.on_sale && <span className="badge badge--sale">{priceMessages.saleBadge}</span>}
      <Title className="product-card__title">
        <Link to={product.permalink}>{product.name}</Link>
      </Title>
      <Price prices={product.prices} onSale={product.on_sale} className="price product-card__price" />
      <AddToCartAction product={product} />
    </li>
  );
}

/**
 * Spec §4 "Add-to-cart button": purchasable in-stock simple products get a button carrying the
 * product id (a plain link until the cart wires it, so it also works without JavaScript);
 * variable products link to their page to pick options; anything else reads more.
 */
function AddToCartAction({ product }: { product: CardProduct }) {
  const { add_to_cart: action } = product;
  const addable = product.type === "simple" && product.is_purchasable && product.is_in_stock;
  if (addable) {
    return (
      <AddToCartButton
        productId={product.id}
        productName={product.name}
        quantity={action.minimum}
        href={action.url}
        text={action.text}
        label={action.description}
        sku={product.sku}
      />
    );
  }
  return (
    <Link to={product.permalink} className="button button--secondary product-card__button" aria-label={action.description}>
      {action.text}
    </Link>
  );
}
