/**
 * A listing's add-to-cart button (spec §4 "Add-to-cart button"): a link that works without
 * JavaScript; with it, the add goes through the cart store (its code loaded on first use), one
 * request at a time, showing 'loading' then 'added' with a 'View cart' link, firing the
 * adding/added events, and announcing success to screen readers after 1 s; or going to the cart
 * when the shop's after-add setting says so.
 */
import { useState } from "react";
import { Link, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { ADDED_EVENT, type AddedDetail } from "../features/mini-cart/MiniCart.tsx";
import { addToCartMessages } from "../messages.ts";
import type { loader as rootLoader } from "../root.tsx";
import { useCartHandle } from "../stores/cart-provider.tsx";

export const ADDING_EVENT = "cw-adding-to-cart";
/** Fired on document when an add fails; its notice (id add-to-cart) is already in the cart's notices. */
export const ADD_FAILED_EVENT = "cw-add-to-cart-failed";
const ANNOUNCE_AFTER_MS = 1000;

/** Adds run one after another, as the spec's queue does, so counts never race. */
let queue: Promise<unknown> = Promise.resolve();

interface AddToCartButtonProps {
  productId: number;
  productName: string;
  quantity: number;
  href: string;
  text: string;
  label: string;
  sku: string;
}

export function AddToCartButton({ productId, productName, quantity, href, text, label, sku }: AddToCartButtonProps) {
  const cart = useCartHandle();
  const location = useLocation();
  const navigate = useNavigate();
  const shop = useRouteLoaderData<typeof rootLoader>("root");
  const cartPath = shop?.storePages.cart || "/cart";
  const goToCart = shop?.addToCartBehaviour === "navigate";
  const [state, setState] = useState<"idle" | "loading" | "added">("idle");
  const [announcement, setAnnouncement] = useState("");

  const warm = () => void cart.load();
  const add = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const pressed = event.currentTarget;
    setState("loading");
    document.dispatchEvent(new CustomEvent(ADDING_EVENT, { detail: { productId } }));
    queue = queue
      .then(() => cart.load())
      .then((store) => store.addItem(productId, quantity))
      .then(
        () => {
          // The shop's "Go to the cart" setting: the browser goes to the cart (spec §4 "Add-to-cart button").
          if (goToCart) {
            void navigate(cartPath);
            return;
          }
          setState("added");
          // preserveCartData: the listener may use the cart the store already holds.
          const detail: AddedDetail = { productId, preserveCartData: true, pressed };
          document.dispatchEvent(new CustomEvent(ADDED_EVENT, { detail }));
          setTimeout(() => setAnnouncement(addToCartMessages.added(productName)), ANNOUNCE_AFTER_MS);
        },
        () => {
          setState("idle");
          document.dispatchEvent(new CustomEvent(ADD_FAILED_EVENT, { detail: { productId } }));
        },
      );
  };

  return (
    <>
      <a
        href={href}
        className={`button add_to_cart_button product-card__button${state === "loading" ? " loading" : ""}${state === "added" ? " added" : ""}`}
        data-product_id={productId}
        data-product_sku={sku}
        data-quantity={quantity}
        aria-label={label}
        aria-busy={state === "loading" || undefined}
        rel="nofollow"
        onClick={add}
        // The cart store's code loads while the pointer or focus is on its way to a click.
        onPointerEnter={warm}
        onFocus={warm}
      >
        {text}
      </a>
      {state === "added" && location.pathname !== cartPath && (
        <Link to={cartPath} className="added_to_cart">
          {addToCartMessages.viewCart}
        </Link>
      )}
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
