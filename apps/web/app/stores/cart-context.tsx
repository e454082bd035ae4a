/**
 * The cart store for components that need it while they render (cart page, checkout, the
 * mini-cart drawer): importing this module brings the store's code, and the page's one store
 * is made on first use. The store starts empty; the cart page seeds it from its loader.
 */
import { useStore } from "zustand";
import { flushWhenPageHides, StoreClient } from "../api/store-client.ts";
import { type CartState, type CartStore, createCartStore } from "./cart.ts";
import { type StoreNonce, useCartHandle } from "./cart-provider.tsx";

/** One Store API client and cart store for the page; outside the browser every call answers 503. */
export function createPageCart(nonce: StoreNonce): CartStore {
  const browser = typeof window !== "undefined";
  const client = new StoreClient({
    fetch: browser ? window.fetch.bind(window) : async () => new Response(null, { status: 503 }),
    storage: browser ? window.localStorage : undefined,
    nonce,
  });
  // Lives as long as the page: the one client's queued writes leave before the page is hidden or gone.
  if (browser) flushWhenPageHides(client, window, document);
  return createCartStore(client, null);
}

export function useCartStore(): CartStore {
  const handle = useCartHandle();
  return handle.current ?? handle.adopt(createPageCart);
}

/** Reads part of the cart state and re-renders when it changes. */
export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(useCartStore().store, selector);
}
