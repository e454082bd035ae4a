import { describe, expect, it, vi } from "vitest";
import { StoreClient } from "../api/store-client.ts";
import { createCartStore } from "./cart.ts";
import { createCartHandle, refreshWhenShownAgain, type StoreNonce } from "./cart-provider.tsx";

const pageNonce: StoreNonce = { value: "page-nonce", timestamp: 1_700_000_000 };

/** A real store whose client is never asked anything in these tests. */
const makeStore = (nonce: StoreNonce) =>
  createCartStore(new StoreClient({ fetch: async () => new Response(null, { status: 503 }), nonce }), null);

function handleCountingLoads() {
  let loads = 0;
  const handle = createCartHandle(pageNonce, async () => {
    loads += 1;
    return makeStore;
  });
  return { handle, loads: () => loads };
}

describe("the page's cart handle", () => {
  it("has no store until one is needed, then always the same one", async () => {
    const { handle } = handleCountingLoads();
    expect(handle.current).toBeNull();
    const [first, second] = await Promise.all([handle.load(), handle.load()]);
    expect(first).toBe(second);
    expect(handle.current).toBe(first);
    expect(handle.adopt(makeStore)).toBe(first);
    expect(await handle.load()).toBe(first);
  });

  it("makes the store at once for a page that imported its code", async () => {
    const { handle, loads } = handleCountingLoads();
    const store = handle.adopt(makeStore);
    expect(await handle.load()).toBe(store);
    expect(loads()).toBe(0);
  });

  it("gives the page's nonce until the client exists, then the client's", async () => {
    const { handle } = handleCountingLoads();
    expect(handle.nonce()).toBe("page-nonce");
    const store = await handle.load();
    store.client.acceptNonce("newer-nonce", pageNonce.timestamp + 60);
    expect(handle.nonce()).toBe("newer-nonce");
  });

  it("tells subscribers when the store is made and when its state changes, until they leave", async () => {
    const { handle } = handleCountingLoads();
    let calls = 0;
    const unsubscribe = handle.subscribe(() => {
      calls += 1;
    });
    const store = await handle.load();
    await Promise.resolve();
    expect(calls).toBe(1);
    store.markStale();
    expect(calls).toBe(2);
    unsubscribe();
    store.store.setState({ isCartDataStale: false });
    expect(calls).toBe(2);
  });
});

describe("a page shown again", () => {
  /** A document whose visibility the test sets, and a store whose client counts the carts it is asked for. */
  function setup() {
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    const show = (state: DocumentVisibilityState) => {
      doc.visibilityState = state;
      doc.dispatchEvent(new Event("visibilitychange"));
    };
    let gets = 0;
    const fetch = async (input: RequestInfo | URL) => {
      if (String(input).endsWith("/cart")) gets += 1;
      return Response.json(CART, { headers: { "Cart-Hash": `hash-${gets}` } });
    };
    const handle = createCartHandle(pageNonce, async () => (nonce) => createCartStore(new StoreClient({ fetch, nonce }), null));
    const stop = refreshWhenShownAgain(handle, doc as unknown as Document);
    return { handle, show, stop, gets: () => gets };
  }
  const CART = { items: [], coupons: [], errors: [], items_count: 0, totals: {}, shipping_rates: [] };

  it("asks for the cart afresh when it comes back from hidden, and not otherwise", async () => {
    const { handle, show, gets } = setup();
    show("hidden");
    show("visible");
    // No store yet (a listing page that never reached for the cart): nothing is loaded for it.
    expect(handle.current).toBeNull();
    const store = await handle.load();
    store.store.setState({ cart: CART as never });
    show("visible");
    expect(gets()).toBe(0);
    show("hidden");
    show("visible");
    await vi.waitFor(() => expect(gets()).toBe(1));
  });

  it("leaves the cart alone while the shopper's own change or an order is on its way, and stops when removed", async () => {
    const { handle, show, stop, gets } = setup();
    const store = await handle.load();
    store.store.setState({ cart: CART as never, applyingCoupon: "5off" });
    show("hidden");
    show("visible");
    store.store.setState({ applyingCoupon: "" });
    // Held (an order on its way): not refreshed either.
    const release = store.hold();
    show("hidden");
    show("visible");
    release();
    stop();
    show("hidden");
    show("visible");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gets()).toBe(0);
  });
});
