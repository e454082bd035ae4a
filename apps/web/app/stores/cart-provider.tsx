/**
 * The page's cart store, made on first use. Listing and product pages ship without the store
 * and the Store API client and load them when the shopper reaches for the cart (decision 0013);
 * the cart and checkout pages import them (`cart-context.tsx`) and get the store at once.
 */
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { CartState, CartStore } from "./cart.ts";

export interface StoreNonce {
  value: string;
  timestamp: number;
}

export interface CartHandle {
  /** The store once made, else null. */
  readonly current: CartStore | null;
  /** The nonce for a Store API write: the client's once it exists, else the page's. */
  nonce(): string;
  /** Makes the store with `create` unless it exists; returns it. */
  adopt(create: (nonce: StoreNonce) => CartStore): CartStore;
  /** Loads the store's code and makes the store. */
  load(): Promise<CartStore>;
  /** Calls `listener` when the store is made and whenever its state changes. */
  subscribe(listener: () => void): () => void;
}

export function createCartHandle(pageNonce: StoreNonce, loadCreate: () => Promise<(nonce: StoreNonce) => CartStore>): CartHandle {
  let current: CartStore | null = null;
  const onCreated = new Set<() => void>();
  const handle: CartHandle = {
    get current() {
      return current;
    },
    nonce: () => current?.client.currentNonce ?? pageNonce.value,
    adopt(create) {
      if (current) return current;
      const made = create(pageNonce);
      current = made;
      // Told after the render that made it, so no component updates while another renders.
      queueMicrotask(() => {
        for (const listener of onCreated) listener();
      });
      return made;
    },
    load: () => (current ? Promise.resolve(current) : loadCreate().then((create) => handle.adopt(create))),
    subscribe(listener) {
      let unsubscribeStore = current?.store.subscribe(listener);
      const created = () => {
        unsubscribeStore ??= current?.store.subscribe(listener);
        listener();
      };
      onCreated.add(created);
      return () => {
        onCreated.delete(created);
        unsubscribeStore?.();
      };
    },
  };
  return handle;
}

/** Nothing of the shopper's is on its way to the server, so a fresh cart replaces nothing they did. */
const isIdle = (s: CartState) =>
  !s.updatingCustomerData &&
  !s.updatingSelectedRate &&
  !s.applyingCoupon &&
  !s.removingCoupon &&
  s.productsPendingAdd.length === 0 &&
  s.cartItemsPendingQuantity.length === 0 &&
  s.cartItemsPendingDelete.length === 0;

/**
 * A page shown again after it was hidden (another tab, another app) asks for the cart afresh, so a
 * change made elsewhere meanwhile shows, with its notices, before the shopper acts on the old totals.
 * Only a page that already holds the cart's store asks; returns the listener's removal.
 */
export function refreshWhenShownAgain(
  handle: CartHandle,
  doc: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">,
) {
  let wasHidden = false;
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") {
      wasHidden = true;
      return;
    }
    const store = handle.current;
    const shownAgain = wasHidden;
    wasHidden = false;
    if (!shownAgain || !store) return;
    const state = store.store.getState();
    if (state.cart && isIdle(state) && !store.isHeld()) void store.refresh();
  };
  doc.addEventListener("visibilitychange", onVisibility);
  return () => doc.removeEventListener("visibilitychange", onVisibility);
}

const CartContext = createContext<CartHandle | null>(null);

export function CartProvider({ nonce, children }: { nonce: StoreNonce; children: ReactNode }) {
  const [handle] = useState(() => createCartHandle(nonce, () => import("./cart-context.tsx").then((m) => m.createPageCart)));
  useEffect(() => refreshWhenShownAgain(handle, document), [handle]);
  return <CartContext.Provider value={handle}>{children}</CartContext.Provider>;
}

export function useCartHandle(): CartHandle {
  const handle = useContext(CartContext);
  if (!handle) throw new Error("useCartHandle needs a CartProvider above it");
  return handle;
}

/** Part of the cart state once the store exists, `fallback` until then; re-renders when it changes. */
export function useCartState<T>(selector: (state: CartState) => T, fallback: T): T {
  const handle = useCartHandle();
  const read = () => (handle.current ? selector(handle.current.store.getState()) : fallback);
  return useSyncExternalStore(handle.subscribe, read, () => fallback);
}
