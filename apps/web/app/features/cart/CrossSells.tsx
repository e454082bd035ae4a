/** Cross-sells (spec §2 "Cart screen", §3 "Cross-sell product"): small cards that add through the cart store. */
import type { StoreProduct } from "@cartwright/commerce";
import { useState } from "react";
import { Link } from "react-router";
import { Price } from "../../components/Price.tsx";
import { addToCartMessages } from "../../messages.ts";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { cartPageMessages as t } from "./messages.ts";

export function CrossSells({ products }: { products: StoreProduct[] }) {
  const [announcement, setAnnouncement] = useState("");
  if (!products.length) return null;
  return (
    <section className="cross-sells" aria-labelledby="cross-sells-title">
      <h2 id="cross-sells-title" className="cross-sells__title">
        {t.crossSells}
      </h2>
      <ul className="cross-sells__list">
        {products.map((product) => (
          <CrossSellCard key={product.id} product={product} onAdded={() => setAnnouncement(addToCartMessages.added(product.name))} />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

function CrossSellCard({ product, onAdded }: { product: StoreProduct; onAdded: () => void }) {
  const store = useCartStore();
  const adding = useCart((s) => s.productsPendingAdd.includes(product.id));
  const image = product.images[0];
  const addable = product.type === "simple" && product.is_purchasable && product.is_in_stock;
  const action = product.add_to_cart;
  return (
    <li className="cross-sell">
      <Link to={product.permalink} className="cross-sell__image" tabIndex={-1} aria-hidden="true">
        {image ? (
          <img src={image.thumbnail || image.src} alt="" width={160} height={160} loading="lazy" decoding="async" />
        ) : (
          <span className="cart-line__placeholder" />
        )}
      </Link>
      <Link to={product.permalink} className="cross-sell__name">
        {product.name}
      </Link>
      <Price prices={product.prices} onSale={product.on_sale} className="price cross-sell__price" />
      {addable ? (
        <button
          type="button"
          className="button button--secondary cross-sell__button"
          aria-label={action.description || undefined}
          aria-busy={adding || undefined}
          disabled={adding}
          onClick={() => store.addItem(product.id, Math.max(1, action.minimum)).then(onAdded, () => {})}
        >
          {t.addToCart}
        </button>
      ) : (
        <Link to={product.permalink} className="button button--secondary cross-sell__button" aria-label={action.description || undefined}>
          {action.text}
        </Link>
      )}
    </li>
  );
}
