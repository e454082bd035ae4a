/**
 * The cart store against a network that answers when the test says: it never shows a cart older than one on its way,
 * and after a write that got no reply it shows the server's cart.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { heldNetwork, nextTurn } from "../api/held-network.ts";
import { GENERIC_ERROR, REPLY_BOUND_MS } from "../api/store-client.ts";
import { type Cart, createCartStore } from "./cart.ts";
import { noticeStore } from "./notices.ts";

beforeEach(() => noticeStore.setState({ notices: [] }));

/** A server holding one line whose quantity update-item sets; every call answers the cart as it then is. */
function oneLineServer() {
  let quantity = 1;
  const cart = () =>
    ({
      items: [{ key: "a", id: 1, name: "Beanie", quantity, quantity_limits: { minimum: 1, maximum: 99, multiple_of: 1, editable: true } }],
      coupons: [],
      errors: [],
      items_count: quantity,
    }) as unknown as Cart;
  const network = heldNetwork((path, _method, body) => {
    if (path.includes("/cart/update-item")) quantity = (body as { quantity: number }).quantity;
    return cart();
  });
  return { ...network, cart };
}

/** Answers what has been sent, the newest first, as a server may when the last request is the quickest. */
async function answerNewestFirst(sent: { answered: boolean; answer(): void }[]) {
  for (let waiting = sent.filter((s) => !s.answered); waiting.length; waiting = sent.filter((s) => !s.answered)) {
    waiting.at(-1)?.answer();
    await nextTurn();
  }
}

describe("the cart store", () => {
  it("shows the cart a write on its way brings, not the cart from before it, when a refresh is asked meanwhile", async () => {
    const { client, sent, cart } = oneLineServer();
    const store = createCartStore(client, cart());
    const changing = store.setQuantity("a", 2);
    client.flush();
    await nextTurn();
    // The mini-cart is opened while the quantity is on its way: its refresh waits for the write's reply.
    const refreshing = store.refresh();
    await answerNewestFirst(sent);
    await Promise.all([changing, refreshing]);
    expect(store.store.getState().cart?.items[0]?.quantity).toBe(2);
    expect(noticeStore.getState().notices).toEqual([]);
    expect(sent.map((s) => s.method)).toEqual(["POST", "GET"]);
  });

  it("asks for the server's cart once after writes whose replies never came, which may have landed, and shows it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client, sent, cart } = oneLineServer();
      const store = createCartStore(client, cart());
      const changing = store.setQuantity("a", 3).catch((error: Error) => error.message);
      const coupon = store.applyCoupon("save10").catch((error: Error) => error.message);
      client.flush();
      await nextTurn();
      vi.advanceTimersByTime(REPLY_BOUND_MS);
      expect(await Promise.all([changing, coupon])).toEqual([GENERIC_ERROR, GENERIC_ERROR]);
      expect(store.store.getState().cart?.items[0]?.quantity).toBe(1);
      await nextTurn();
      // The stalled batch reaches the server after all; its reply is lost.
      sent[0]?.answer();
      expect(sent.map((s) => s.method)).toEqual(["POST", "GET"]);
      sent[1]?.answer();
      await nextTurn();
      expect(store.store.getState().cart?.items[0]?.quantity).toBe(3);
      expect(sent.filter((s) => s.method === "POST")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
