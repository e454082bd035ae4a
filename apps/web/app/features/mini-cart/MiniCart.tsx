/**
 * The header's mini-cart (spec §2 "Mini-cart"): the button with badge and amount, and the
 * slide-in drawer with the cart's lines. It preloads the cart on hover, focus or touch,
 * opens after an add when the shop says open_drawer, and closes on Escape, Close or a click
 * outside, in 300 ms.
 */
import { type Currency, formatAmount } from "@cartwright/commerce";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { MiniCartButton } from "../../components/MiniCartButton.tsx";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { drawerMessages } from "./messages.ts";

/** Closing animates for 300 ms (spec §9). */
export const DRAWER_CLOSE_MS = 300;
/** Fired on document after a successful add (spec §4 "Add-to-cart button"). */
export const ADDED_EVENT = "cw-added-to-cart";

interface MiniCartProps {
  /** The count and amount the server rendered, until the cart store has the cart. */
  initial: { itemsCount: number; amount: string };
  currency: Currency;
  displayPricesIncludingTax: boolean;
  openAfterAdd: boolean;
  cartPath: string;
  checkoutPath: string;
}

export function MiniCart({ initial, currency, displayPricesIncludingTax, openAfterAdd, cartPath, checkoutPath }: MiniCartProps) {
  const cartStore = useCartStore();
  const cart = useCart((s) => s.cart);
  const pendingDelete = useCart((s) => s.cartItemsPendingDelete);
  const [state, setState] = useState<"closed" | "open" | "closing">("closed");
  const preloaded = useRef(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLDivElement>(null);

  const preload = useCallback(() => {
    if (preloaded.current) return;
    preloaded.current = true;
    void cartStore.refresh();
  }, [cartStore]);

  const open = useCallback(() => {
    preload();
    setState("open");
  }, [preload]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const close = useCallback(() => {
    if (stateRef.current !== "open") return;
    setState("closing");
    setTimeout(() => {
      setState("closed");
      trigger.current?.querySelector("button")?.focus();
    }, DRAWER_CLOSE_MS);
  }, []);

  // The server changed the cart (a form post): the store's copy, if any, is old now.
  useEffect(() => {
    if (cartStore.store.getState().cart) void cartStore.refresh();
  }, [initial.itemsCount, initial.amount, cartStore]);

  // A back/forward restore shows a page from memory: its cart may be old.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        preloaded.current = false;
        preload();
      }
    };
    const onAdded = (event: Event) => {
      // Adds through the store bring the new cart along; a form post does not (spec §4 preserveCartData).
      if (!(event as CustomEvent<{ preserveCartData?: boolean }>).detail?.preserveCartData) void cartStore.refresh();
      preloaded.current = true;
      if (openAfterAdd) setState("open");
    };
    window.addEventListener("pageshow", onShow);
    document.addEventListener(ADDED_EVENT, onAdded);
    return () => {
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener(ADDED_EVENT, onAdded);
    };
  }, [openAfterAdd, preload, cartStore]);

  useEffect(() => {
    if (state === "open") panel.current?.focus();
  }, [state]);

  // Listening all the time (not only once open) leaves no moment where Escape is missed.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const itemsCount = cart ? cart.items_count : initial.itemsCount;
  const amount = cart
    ? String(Number(cart.totals.total_items) + (displayPricesIncludingTax ? Number(cart.totals.total_items_tax) : 0))
    : initial.amount;

  return (
    <>
      <div ref={trigger} className="mini-cart__trigger">
        <MiniCartButton
          itemsCount={itemsCount}
          amount={amount}
          currency={currency}
          onClick={open}
          onPreload={preload}
          expanded={state === "open"}
        />
      </div>
      {state !== "closed" && (
        // biome-ignore lint/a11y/noStaticElementInteractions: clicking outside is a pointer shortcut; Escape and Close serve the keyboard
        <div
          role="presentation"
          className={`drawer-overlay${state === "closing" ? " drawer-overlay--closing" : ""}`}
          onMouseDown={(e) => e.target === e.currentTarget && close()}
        >
          <div ref={panel} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
            <div className="drawer__header">
              <h2 id={titleId} className="drawer__title">
                {drawerMessages.title(itemsCount)}
              </h2>
              <button type="button" className="drawer__close" onClick={close} aria-label={drawerMessages.close}>
                ×
              </button>
            </div>
            {!cart ? (
              <p className="drawer__loading" role="status">
                {drawerMessages.loading}
              </p>
            ) : cart.items.length === 0 ? (
              <div className="drawer__empty">
                <p>{drawerMessages.empty}</p>
                <Link to="/shop" className="button" onClick={close}>
                  {drawerMessages.startShopping}
                </Link>
              </div>
            ) : (
              <>
                <ul className="drawer__items">
                  {cart.items.map((item) => {
                    const line =
                      Number(item.totals.line_subtotal) + (displayPricesIncludingTax ? Number(item.totals.line_subtotal_tax) : 0);
                    const removing = pendingDelete.includes(item.key);
                    return (
                      <li key={item.key} className="drawer__item" aria-disabled={removing || undefined}>
                        {item.images[0] && <img src={item.images[0].thumbnail} alt="" width={64} height={64} className="drawer__image" />}
                        <div className="drawer__item-body">
                          <Link to={item.permalink} className="drawer__item-name" onClick={close}>
                            {item.name}
                          </Link>
                          {item.variation.length > 0 && (
                            <p className="drawer__item-meta">{item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", ")}</p>
                          )}
                          <p className="drawer__item-meta">{drawerMessages.quantity(item.quantity)}</p>
                        </div>
                        <div className="drawer__item-end">
                          <span className="drawer__item-total">{formatAmount(line, currency)}</span>
                          <button
                            type="button"
                            className="drawer__remove"
                            disabled={removing}
                            aria-label={drawerMessages.remove(item.name)}
                            onClick={() => void cartStore.removeItem(item.key).catch(() => cartStore.refresh())}
                          >
                            ×
                          </button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
                <div className="drawer__footer">
                  <p className="drawer__subtotal">
                    <span>{drawerMessages.subtotal}</span>
                    <strong>{formatAmount(amount, currency)}</strong>
                  </p>
                  <p className="drawer__note">{drawerMessages.footerNote}</p>
                  <div className="drawer__actions">
                    <Link to={cartPath} className="button button--secondary" onClick={close}>
                      {drawerMessages.viewCart}
                    </Link>
                    <Link to={checkoutPath} className="button" onClick={close}>
                      {drawerMessages.checkout}
                    </Link>
                  </div>
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
