/**
 * The header's mini-cart (spec §2 "Mini-cart"): the button with badge and amount, and the
 * slide-in drawer with the cart's lines. On hover, focus, touch, a first add or a page restore
 * it loads the cart, with the store's and the drawer's code (decision 0013); it opens after an
 * add when the shop says open_drawer, and closes on Escape, Close or a click outside, in 300 ms.
 */
import type { Currency } from "@cartwright/commerce";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { MiniCartButton } from "../../components/MiniCartButton.tsx";
import { useCartHandle, useCartState } from "../../stores/cart-provider.tsx";

/** Closing animates for 300 ms (spec §9). */
export const DRAWER_CLOSE_MS = 300;
/** Fired on document after a successful add (spec §4 "Add-to-cart button"). */
export const ADDED_EVENT = "cw-added-to-cart";

/** What an ADDED_EVENT tells. */
export interface AddedDetail {
  productId: number;
  /** The add brought the new cart along (the listing's add through the store), so the store's copy is current. */
  preserveCartData?: boolean;
  /** The Add to cart control pressed: the drawer the add opens gives the focus back to it. */
  pressed?: HTMLElement | null;
}

const loadDrawer = () => import("./MiniCartDrawer.tsx");
const MiniCartDrawer = lazy(loadDrawer);

export interface MiniCartProps {
  /** The count and amount the server rendered, until the cart store has the cart. */
  initial: { itemsCount: number; amount: string };
  currency: Currency;
  displayPricesIncludingTax: boolean;
  /** Said after the amount once the cart has an item; empty for none. */
  taxLabel: string;
  openAfterAdd: boolean;
  cartPath: string;
  checkoutPath: string;
  /** The page is never hydrated (a form's page): the button is a plain link to the cart. */
  staticPage?: boolean;
}

export function MiniCart({
  initial,
  currency,
  displayPricesIncludingTax,
  taxLabel,
  openAfterAdd,
  cartPath,
  checkoutPath,
  staticPage,
}: MiniCartProps) {
  const handle = useCartHandle();
  const cart = useCartState((s) => s.cart, null);
  const [state, setState] = useState<"closed" | "open" | "closing">("closed");
  const preloaded = useRef(false);
  const trigger = useRef<HTMLDivElement>(null);
  /** Where the keyboard goes back to once the drawer closes: the Add to cart pressed, when an add opened it. */
  const opener = useRef<HTMLElement | null>(null);

  const refresh = useCallback(() => {
    void loadDrawer();
    void handle.load().then((store) => store.refresh());
  }, [handle]);

  const preload = useCallback(() => {
    if (preloaded.current) return;
    preloaded.current = true;
    refresh();
  }, [refresh]);

  const open = useCallback(() => {
    preload();
    opener.current = null;
    setState("open");
  }, [preload]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const close = useCallback(() => {
    if (stateRef.current !== "open") return;
    setState("closing");
    setTimeout(() => {
      setState("closed");
      // A dialog gives the focus back to what opened it; the cart button when that is gone or cannot take it.
      opener.current?.focus();
      if (!opener.current?.isConnected || document.activeElement !== opener.current) trigger.current?.querySelector("button")?.focus();
    }, DRAWER_CLOSE_MS);
  }, []);

  // The server changed the cart (a form post): the store's copy, if any, is old now.
  useEffect(() => {
    if (handle.current?.store.getState().cart) void handle.current.refresh();
  }, [initial.itemsCount, initial.amount, handle]);

  // A back/forward restore shows a page from memory: its cart may be old.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        preloaded.current = false;
        preload();
      }
    };
    const onAdded = (event: Event) => {
      const detail = (event as CustomEvent<AddedDetail>).detail;
      // Adds through the store bring the new cart along; a form post does not (spec §4 preserveCartData).
      if (!detail?.preserveCartData) refresh();
      else void loadDrawer();
      preloaded.current = true;
      if (!openAfterAdd) return;
      opener.current = detail?.pressed ?? null;
      setState("open");
    };
    window.addEventListener("pageshow", onShow);
    document.addEventListener(ADDED_EVENT, onAdded);
    return () => {
      window.removeEventListener("pageshow", onShow);
      document.removeEventListener(ADDED_EVENT, onAdded);
    };
  }, [openAfterAdd, preload, refresh]);

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

  if (staticPage)
    return (
      <div className="mini-cart__trigger">
        <MiniCartButton itemsCount={itemsCount} amount={amount} currency={currency} taxLabel={taxLabel} href={cartPath} />
      </div>
    );
  return (
    <>
      <div ref={trigger} className="mini-cart__trigger">
        <MiniCartButton
          itemsCount={itemsCount}
          amount={amount}
          currency={currency}
          taxLabel={taxLabel}
          onClick={open}
          onPreload={preload}
          expanded={state === "open"}
        />
      </div>
      {state !== "closed" && (
        <Suspense fallback={null}>
          <MiniCartDrawer
            closing={state === "closing"}
            close={close}
            itemsCount={itemsCount}
            amount={amount}
            currency={currency}
            displayPricesIncludingTax={displayPricesIncludingTax}
            cartPath={cartPath}
            checkoutPath={checkoutPath}
          />
        </Suspense>
      )}
    </>
  );
}
