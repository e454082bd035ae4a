/**
 * The cart store (spec §3 "Cart", "Cart metadata and pending flags", §4 "Cart data refresh"):
 * the server's cart, what is pending, and the notices that a changed cart calls for.
 */
import { isQuantityWithinLimits, type StoreCart } from "@cartwright/commerce";
import { createStore } from "zustand/vanilla";
import { type ApiResponse, outcomeUnknown, StoreApiFailure, type StoreClient, shownMessage } from "../api/store-client.ts";
import { cartMessages } from "./messages.ts";
import { CONTEXTS, noticeStore } from "./notices.ts";

export type Cart = StoreCart;

export interface CartState {
  cart: Cart | null;
  /** The last failure to load the cart (spec §8 cart_api_error). */
  loadError: string | null;
  updatingCustomerData: boolean;
  updatingSelectedRate: boolean;
  isCartDataStale: boolean;
  applyingCoupon: string;
  removingCoupon: string;
  productsPendingAdd: number[];
  cartItemsPendingQuantity: string[];
  cartItemsPendingDelete: string[];
}

export const hasPendingOperations = (s: CartState) =>
  s.productsPendingAdd.length > 0 || s.cartItemsPendingQuantity.length > 0 || s.cartItemsPendingDelete.length > 0;

const without = <T>(list: T[], value: T) => list.filter((v) => v !== value);

export function createCartStore(client: StoreClient, initial: Cart | null = null) {
  const store = createStore<CartState>()(() => ({
    cart: initial,
    loadError: null,
    updatingCustomerData: false,
    updatingSelectedRate: false,
    isCartDataStale: false,
    applyingCoupon: "",
    removingCoupon: "",
    productsPendingAdd: [],
    cartItemsPendingQuantity: [],
    cartItemsPendingDelete: [],
  }));

  /** The newest request whose cart is shown, in the order requests left (StoreClient's `sent`). */
  let shownSent = 0;
  /** Parts of the page that need the cart left as it is for now (an order being placed). */
  let holds = 0;
  /** The cart is being asked for after a write that got no reply. */
  let reconciling = false;

  /**
   * New cart data: notices for lines that vanished or changed elsewhere, and for item errors. A reply
   * to a request that left before the one whose cart is shown is older news and is dropped: the write on its way's
   * reply arriving after that of writes sent as the page hid (which do not wait for it) would otherwise replace the newer cart.
   */
  const receive = (next: Cart, sent?: number) => {
    if (sent !== undefined) {
      if (sent < shownSent) return;
      shownSent = sent;
    }
    const state = store.getState();
    const previous = state.cart;
    if (previous) {
      for (const item of previous.items) {
        const now = next.items.find((i) => i.key === item.key);
        if (!now && !state.cartItemsPendingDelete.includes(item.key)) {
          noticeStore
            .getState()
            .add({ id: `removed-${item.key}`, context: CONTEXTS.cart, status: "info", content: cartMessages.itemRemoved(item.name) });
        } else if (
          now &&
          now.quantity !== item.quantity &&
          !state.cartItemsPendingQuantity.includes(item.key) &&
          // The shopper's own add of this product is pending: the new quantity is theirs, not the server's (spec §3, §4).
          !state.productsPendingAdd.includes(now.id) &&
          isQuantityWithinLimits(now.quantity, now.quantity_limits)
        ) {
          noticeStore.getState().add({
            id: `quantity-${item.key}`,
            context: CONTEXTS.cart,
            status: "info",
            content: cartMessages.quantityChanged(now.name, now.quantity),
          });
        }
      }
    }
    // Cart item errors live in the cart context and go away when they clear (spec §4).
    noticeStore.getState().removeWhere((n) => n.context === CONTEXTS.cart && n.id.startsWith("cart-error-"));
    for (const error of next.errors) {
      noticeStore
        .getState()
        .add({ id: `cart-error-${error.code}-${error.message}`, context: CONTEXTS.cart, status: "error", content: error.message });
    }
    store.setState({ cart: next, isCartDataStale: false, loadError: null });
  };

  /**
   * A cart write. One that gets no reply (the network, a request past its bound) may still have reached the server:
   * it is never sent again, and the cart is asked for after it, so what is shown is the server's. One such refresh
   * serves every write that failed before it leaves, as it waits its turn behind them; none while an order holds the cart.
   */
  const postCart = (path: string, body: unknown) =>
    client.postReply<Cart>(path, body).catch((error: unknown) => {
      if (outcomeUnknown(error) && holds === 0 && !reconciling) {
        reconciling = true;
        void actions.refresh().finally(() => {
          reconciling = false;
        });
      }
      throw error;
    });

  const write = async <K extends keyof CartState>(
    flag: K,
    value: CartState[K],
    reset: CartState[K],
    call: () => Promise<ApiResponse<Cart>>,
  ): Promise<Cart> => {
    store.setState({ [flag]: value } as Partial<CartState>);
    try {
      const { body: next, sent } = await call();
      receive(next, sent);
      return next;
    } finally {
      store.setState({ [flag]: reset } as Partial<CartState>);
    }
  };

  const actions = {
    async refresh(): Promise<void> {
      try {
        const { body, sent } = await client.getReply<Cart>("/cart");
        receive(body, sent);
      } catch {
        store.setState({ loadError: cartMessages.loadError });
      }
    },
    async addItem(id: number, quantity = 1, variation: { attribute: string; value: string }[] = []): Promise<Cart> {
      store.setState((s) => ({ productsPendingAdd: [...s.productsPendingAdd, id] }));
      try {
        const { body: next, sent } = await postCart("/cart/add-item", { id, quantity, variation });
        noticeStore.getState().remove("add-to-cart");
        receive(next, sent);
        return next;
      } catch (error) {
        // A failed add shows the server's message, dismissible, with the id add-to-cart (spec §4).
        const content = error instanceof StoreApiFailure ? shownMessage(error) : cartMessages.genericError;
        noticeStore.getState().add({ id: "add-to-cart", context: CONTEXTS.cart, status: "error", content });
        throw error;
      } finally {
        store.setState((s) => ({ productsPendingAdd: without(s.productsPendingAdd, id) }));
      }
    },
    async removeItem(key: string): Promise<Cart> {
      store.setState((s) => ({ cartItemsPendingDelete: [...s.cartItemsPendingDelete, key] }));
      try {
        const { body: next, sent } = await postCart("/cart/remove-item", { key });
        receive(next, sent);
        return next;
      } finally {
        store.setState((s) => ({ cartItemsPendingDelete: without(s.cartItemsPendingDelete, key) }));
      }
    },
    async setQuantity(key: string, quantity: number): Promise<Cart | null> {
      const current = store.getState().cart?.items.find((i) => i.key === key);
      // update-item is sent only when the quantity changes (spec §5).
      if (!current || current.quantity === quantity) return store.getState().cart;
      store.setState((s) => ({ cartItemsPendingQuantity: [...s.cartItemsPendingQuantity, key] }));
      try {
        const { body: next, sent } = await postCart("/cart/update-item", { key, quantity });
        receive(next, sent);
        return next;
      } finally {
        store.setState((s) => ({ cartItemsPendingQuantity: without(s.cartItemsPendingQuantity, key) }));
      }
    },
    applyCoupon(code: string): Promise<Cart> {
      return write("applyingCoupon", code, "", () => postCart("/cart/apply-coupon", { code }));
    },
    removeCoupon(code: string): Promise<Cart> {
      return write("removingCoupon", code, "", () => postCart("/cart/remove-coupon", { code }));
    },
    selectShippingRate(packageId: number, rateId: string): Promise<Cart> {
      return write("updatingSelectedRate", true, false, () =>
        postCart("/cart/select-shipping-rate", { package_id: packageId, rate_id: rateId }),
      );
    },
    /** update-customer with only the address that changed (spec §4 "Customer data sync"). */
    updateCustomer(addresses: { billing_address?: Record<string, string>; shipping_address?: Record<string, string> }): Promise<Cart> {
      return write("updatingCustomerData", true, false, () => postCart("/cart/update-customer", addresses));
    },
    /** A cart that came with another reply (a checkout error's data.cart) replaces the one held. */
    replaceCart(next: Cart): void {
      receive(next);
    },
    markStale(): void {
      store.setState({ isCartDataStale: true });
    },
    /** Keeps refreshes the shopper did not ask for away (an order on its way); returns the release. */
    hold(): () => void {
      holds += 1;
      let released = false;
      return () => {
        if (!released) holds -= 1;
        released = true;
      };
    },
    isHeld: (): boolean => holds > 0,
  };

  return { store, client, ...actions };
}

export type CartStore = ReturnType<typeof createCartStore>;
