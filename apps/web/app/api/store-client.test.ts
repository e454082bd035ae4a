/**
 * The client's order of requests: one on its way at a time, GETs in turn too, the page-hide flush sending every
 * write not yet sent, in order, with keepalive, and a request unanswered past its bound failing so the line moves on.
 */
import { describe, expect, it, vi } from "vitest";
import { heldNetwork, nextTurn } from "./held-network.ts";
import {
  BATCH_WINDOW_MS,
  flushWhenPageHides,
  GENERIC_ERROR,
  ORDER_REPLY_BOUND_MS,
  REPLY_BOUND_MS,
  StoreApiFailure,
} from "./store-client.ts";

/** A window and its document that the test hides and shows. */
function page() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  return {
    win,
    doc,
    setVisibility(state: "hidden" | "visible") {
      doc.visibilityState = state;
      doc.dispatchEvent(new Event("visibilitychange"));
    },
    leave: () => win.dispatchEvent(new Event("pagehide")),
  };
}

/** A client whose page's hiding sends what waits, and what it has sent. */
function hidingPage() {
  const network = heldNetwork();
  const shown = page();
  const stop = flushWhenPageHides(network.client, shown.win, shown.doc);
  return { ...network, ...shown, stop };
}

const ADD = "/api/store/v1/cart/add-item?_locale=site";
const UPDATE = "/api/store/v1/cart/update-item?_locale=site";
const CUSTOMER = "/api/store/v1/cart/update-customer?_locale=site";
const RATE = "/api/store/v1/cart/select-shipping-rate?_locale=site";
const COUPON = "/api/store/v1/cart/apply-coupon?_locale=site";
const CHECKOUT = "/api/store/v1/checkout?_locale=site";
const BATCH = "/api/store/v1/batch?_locale=site";

describe("the order requests leave in", () => {
  it("sends a GET made while a write is on its way once that write is answered, before the writes made after it", async () => {
    const { client, sent } = heldNetwork();
    const adding = client.post("/cart/add-item", { id: 1 });
    client.flush();
    const reading = client.get("/cart");
    const later = client.post("/cart/update-item", { key: "a", quantity: 2 });
    client.flush();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[ADD]]);
    sent[0]?.answer();
    await adding;
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[ADD], ["/api/store/v1/cart"]]);
    sent[1]?.answer();
    await reading;
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[ADD], ["/api/store/v1/cart"], [UPDATE]]);
    sent[2]?.answer();
    await later;
  });
});

describe("the page-hide flush", () => {
  it("sends the queued writes at once with keepalive when the page is hidden, and nothing when it is shown", async () => {
    const { client, sent, setVisibility } = hidingPage();
    const writes = [client.post("/cart/add-item", { id: 1 }), client.post("/cart/update-item", { key: "a", quantity: 2 })];
    setVisibility("visible");
    expect(sent).toEqual([]);
    setVisibility("hidden");
    expect(sent.map((s) => [s.url, s.keepalive, s.paths])).toEqual([[BATCH, true, [ADD, UPDATE]]]);
    sent[0]?.answer();
    await expect(Promise.all(writes)).resolves.toEqual([{}, {}]);
    // Nothing queued: hiding again sends nothing.
    setVisibility("hidden");
    expect(sent).toHaveLength(1);
  });

  it("takes the edits the page still holds first, so they leave in the same keepalive batch, and never again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client, sent, setVisibility } = hidingPage();
      const address = client.heldEdits.debounce(1500);
      const notes = client.heldEdits.debounce(1500);
      const quantity = client.heldEdits.debounce(400);
      const writes: Promise<unknown>[] = [];
      const hold = (edit: typeof address, path: string, body: unknown, method?: string) =>
        edit.hold(() => writes.push(client.post(path, body, method)));
      void client.post("/cart/add-item", { id: 1 });
      hold(address, "/cart/update-customer", { shipping_address: { city: "Los" } });
      hold(quantity, "/cart/update-item", { key: "a", quantity: 2 });
      // The draft order's update, a direct write, rides in the batch rather than leaving beside it.
      hold(notes, "/checkout", { order_notes: "Leave it with the neighbour" }, "PUT");
      // Typed on after the others: the address's wait would end last.
      hold(address, "/cart/update-customer", { shipping_address: { city: "Los Angeles" } });
      setVisibility("hidden");
      expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([[true, [ADD, UPDATE, CHECKOUT, CUSTOMER]]]);
      expect(sent[0]?.bodies[3]).toEqual({ shipping_address: { city: "Los Angeles" } });
      // The page comes back and the waits would have ended: nothing is handed over again.
      setVisibility("visible");
      vi.advanceTimersByTime(1500);
      client.flush();
      sent[0]?.answer();
      await Promise.all(writes);
      await nextTurn();
      expect(sent).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends them on pagehide too, and no longer once its listeners are removed", async () => {
    const { client, sent, leave, setVisibility, stop } = hidingPage();
    const first = client.post("/cart/add-item", { id: 1 });
    leave();
    expect(sent.map((s) => s.keepalive)).toEqual([true]);
    sent[0]?.answer();
    await first;
    stop();
    void client.post("/cart/add-item", { id: 2 });
    leave();
    setVisibility("hidden");
    expect(sent).toHaveLength(1);
  });

  it("does not wait for the batch on its way, and a write made afterwards waits for both", async () => {
    const { client, sent, leave } = hidingPage();
    const onItsWay = client.post("/cart/add-item", { id: 1 });
    client.flush();
    await nextTurn();
    expect(sent).toHaveLength(1);
    const lastEdit = client.post("/cart/update-item", { key: "a", quantity: 3 });
    leave();
    // A page that is gone never sends what waits: the last edit leaves before the batch before it is answered.
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([
      [false, [ADD]],
      [true, [UPDATE]],
    ]);
    // The shopper comes back (the page was kept): the next write leaves once both are answered.
    const later = client.post("/cart/add-item", { id: 2 });
    client.flush();
    sent[1]?.answer();
    await lastEdit;
    await nextTurn();
    expect(sent).toHaveLength(2);
    sent[0]?.answer();
    await onItsWay;
    await nextTurn();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.keepalive).toBe(false);
    sent[2]?.answer();
    await later;
  });

  it("sends every write waiting its turn, a rate among them, in one keepalive batch in the order made, and never twice", async () => {
    const { client, sent, setVisibility, leave } = hidingPage();
    const onItsWay = client.post("/cart/add-item", { id: 1 });
    client.flush();
    // Behind it: an address whose window closed, a refresh of the cart, a rate chosen and a quantity still in its window.
    const address = client.post("/cart/update-customer", { shipping_address: { city: "Los Angeles" } });
    client.flush();
    const reading = client.get("/cart");
    const rate = client.post("/cart/select-shipping-rate", { package_id: 0, rate_id: "flat_rate:1" });
    const quantity = client.post("/cart/update-item", { key: "a", quantity: 2 });
    await nextTurn();
    expect(sent).toHaveLength(1);
    setVisibility("hidden");
    // One request keeps them in order; the GET, no write, waits its turn.
    expect(sent.map((s) => [s.url, s.keepalive, s.paths])).toEqual([
      [BATCH, false, [ADD]],
      [BATCH, true, [CUSTOMER, RATE, UPDATE]],
    ]);
    // The tab closes (pagehide follows), or the shopper comes back: nothing is sent again.
    leave();
    setVisibility("visible");
    expect(sent).toHaveLength(2);
    sent[1]?.answer();
    sent[0]?.answer();
    await expect(Promise.all([onItsWay, address, rate, quantity])).resolves.toEqual([{}, {}, {}, {}]);
    await nextTurn();
    // The refresh leaves once both are answered, and only it.
    expect(sent.map((s) => s.paths)).toEqual([[ADD], [CUSTOMER, RATE, UPDATE], ["/api/store/v1/cart"]]);
    sent[2]?.answer();
    await reading;
    setVisibility("hidden");
    expect(sent).toHaveLength(3);
  });

  it("sends a rate waiting alone as the request of its own that it is", async () => {
    const { client, sent, leave } = hidingPage();
    void client.post("/cart/add-item", { id: 1 });
    client.flush();
    void client.post("/cart/select-shipping-rate", { package_id: 0, rate_id: "flat_rate:1" });
    leave();
    expect(sent.map((s) => [s.url, s.keepalive])).toEqual([
      [BATCH, false],
      [RATE, true],
    ]);
  });

  it("lets a draft order's update ride in the batch, so a rate chosen after it is not held back", async () => {
    const { client, sent, leave } = hidingPage();
    void client.post("/cart/add-item", { id: 1 });
    client.flush();
    void client.post("/checkout", { order_notes: "Leave it with the neighbour" }, "PUT");
    void client.post("/cart/select-shipping-rate", { package_id: 0, rate_id: "flat_rate:1" });
    leave();
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([
      [false, [ADD]],
      [true, [CHECKOUT, RATE]],
    ]);
  });

  it("leaves an order being placed behind the writes made before it, and sends one first in line on its own", async () => {
    const { client, sent, leave } = hidingPage();
    const onItsWay = client.post("/cart/add-item", { id: 1 });
    client.flush();
    const coupon = client.post("/cart/apply-coupon", { code: "save10" });
    const order = client.post("/checkout", { payment_method: "cod" });
    leave();
    // Placing an order never rides in a batch: it waits for the coupon's batch, as it would have anyway.
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([
      [false, [ADD]],
      [true, [COUPON]],
    ]);
    sent[1]?.answer();
    sent[0]?.answer();
    await Promise.all([onItsWay, coupon]);
    await nextTurn();
    expect(sent.map((s) => [s.keepalive, s.url])).toEqual([
      [false, BATCH],
      [true, BATCH],
      [false, CHECKOUT],
    ]);
    sent[2]?.answer();
    await order;

    // First in line, it goes at once, alone, with keepalive.
    const again = hidingPage();
    void again.client.post("/cart/add-item", { id: 1 });
    again.client.flush();
    void again.client.post("/checkout", { payment_method: "cod" });
    again.leave();
    expect(again.sent.map((s) => [s.keepalive, s.url])).toEqual([
      [false, BATCH],
      [true, CHECKOUT],
    ]);
  });

  it("sends the writes that fit keepalive's 64 KB, and the rest after them in order rather than beside them", async () => {
    const { client, sent, leave, setVisibility } = hidingPage();
    const long = "x".repeat(1000);
    const address = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, long]));
    // Each about 24 KB: two fit one keepalive body.
    const writes = Array.from({ length: 10 }, () =>
      client.post("/cart/update-customer", { billing_address: address, shipping_address: address }),
    );
    setVisibility("hidden");
    leave();
    expect(sent.map((s) => [s.keepalive, s.paths.length])).toEqual([[true, 2]]);
    sent[0]?.answer();
    await nextTurn();
    expect(sent.map((s) => [s.keepalive, s.paths.length])).toEqual([
      [true, 2],
      [false, 8],
    ]);
    sent[1]?.answer();
    await Promise.all(writes);
  });

  it("sends one write too large for keepalive without it rather than not at all", async () => {
    const { client, sent, leave } = hidingPage();
    const huge = "x".repeat(70 * 1024);
    const writes = [
      client.post("/cart/update-customer", { billing_address: { address_2: huge } }),
      client.post("/cart/add-item", { id: 1 }),
    ];
    leave();
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([[false, [CUSTOMER]]]);
    sent[0]?.answer();
    await nextTurn();
    sent[1]?.answer();
    await Promise.all(writes);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ADD]]);
  });
});

describe("a request that never answers", () => {
  /** What a call failed with: the network's failure, an unknown outcome with the generic text (spec §8). */
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => "answered",
      (error: unknown) => (error instanceof StoreApiFailure ? error.error : error),
    );
  const NETWORK_FAILURE = { code: "unknown_error", message: GENERIC_ERROR, data: { status: 0 } };

  it("fails as a network failure once its bound passes, gives up the connection, and lets the line move on, never sending it again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client, sent } = heldNetwork();
      const adding = failure(client.post("/cart/add-item", { id: 1 }));
      const rate = failure(client.post("/cart/select-shipping-rate", { package_id: 0, rate_id: "flat_rate:1" }));
      const reading = client.get("/cart");
      await nextTurn();
      expect(sent.map((s) => s.paths)).toEqual([[ADD]]);
      vi.advanceTimersByTime(REPLY_BOUND_MS - 1);
      await nextTurn();
      expect(sent).toHaveLength(1);

      vi.advanceTimersByTime(1);
      expect(await adding).toEqual(NETWORK_FAILURE);
      expect(sent[0]?.aborted).toBe(true);
      await nextTurn();
      // The rate, next in line, leaves; the add is not sent again.
      expect(sent.map((s) => s.paths)).toEqual([[ADD], [RATE]]);
      // One whose headers came but whose body stalls is bounded as well: the bound covers the reply read whole.
      sent[1]?.answer();
      expect(await rate).toBe("answered");
      await nextTurn();
      sent[2]?.answer();
      await expect(reading).resolves.toEqual({});
      expect(sent.map((s) => s.paths)).toEqual([[ADD], [RATE], ["/api/store/v1/cart"]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives an order being placed the longer bound of a payment, and never places it again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client, sent } = heldNetwork();
      const order = failure(client.post("/checkout", { payment_method: "cod" }));
      const after = client.post("/cart/add-item", { id: 1 });
      vi.advanceTimersByTime(Math.max(REPLY_BOUND_MS, BATCH_WINDOW_MS));
      await nextTurn();
      expect(sent.map((s) => [s.url, s.aborted])).toEqual([[CHECKOUT, false]]);

      vi.advanceTimersByTime(ORDER_REPLY_BOUND_MS - REPLY_BOUND_MS);
      expect(await order).toEqual(NETWORK_FAILURE);
      await nextTurn();
      expect(sent.map((s) => [s.url, s.aborted])).toEqual([
        [CHECKOUT, true],
        [BATCH, false],
      ]);
      sent[1]?.answer();
      await after;
      expect(sent.filter((s) => s.url === CHECKOUT)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("bounds a page-hide send too, so that the next page hide sends what was made since", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client, sent, setVisibility } = hidingPage();
      const first = failure(client.post("/cart/add-item", { id: 1 }));
      setVisibility("hidden");
      setVisibility("visible");
      vi.advanceTimersByTime(REPLY_BOUND_MS);
      expect(await first).toEqual(NETWORK_FAILURE);
      await nextTurn();
      void client.post("/cart/update-item", { key: "a", quantity: 2 });
      setVisibility("hidden");
      expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([
        [true, [ADD]],
        [true, [UPDATE]],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
