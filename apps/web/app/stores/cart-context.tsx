/**
 * Makes one Store API client and one cart store per page, seeded with the cart the server
 * rendered, and hands them to components. Outside the browser the store is created too,
 * so server rendering sees the same cart.
 */
import type { StoreCart } from "@cartwright/commerce";
import { createContext, type ReactNode, useContext, useState } from "react";
import { useStore } from "zustand";
import { StoreClient } from "../api/store-client.ts";
import { type CartState, type CartStore, createCartStore } from "./cart.ts";

const CartContext = createContext<CartStore | null>(null);

export interface CartProviderProps {
  /** The cart as the server rendered it, when the page has it (cart page); null otherwise. */
  initialCart: StoreCart | null;
  nonce: { value: string; timestamp: number };
  children: ReactNode;
}

export function CartProvider({ initialCart, nonce, children }: CartProviderProps) {
  const [cart] = useState(() => {
    const browser = typeof window !== "undefined";
    const client = new StoreClient({
      fetch: browser ? window.fetch.bind(window) : async () => new Response(null, { status: 503 }),
      storage: browser ? window.localStorage : undefined,
      nonce,
    });
    return createCartStore(client, initialCart);
  });
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

export function useCartStore(): CartStore {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCartStore needs a CartProvider above it");
  return cart;
}

/** Reads part of the cart state and re-renders when it changes. */
export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(useCartStore().store, selector);
}
