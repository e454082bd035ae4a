import { describe, expect, it } from "vitest";
import { StoreClient } from "../api/store-client.ts";
import { createCartStore } from "./cart.ts";
import { createCartHandle, type StoreNonce } from "./cart-provider.tsx";

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
