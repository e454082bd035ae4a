/** The browser's Store API client and cart store, driven against the real server in-process. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { TEST_ADDRESS } from "../../../../test/store-client.ts";
import { type Cart, createCartStore } from "../stores/cart.ts";
import { CONTEXTS, noticeStore } from "../stores/notices.ts";
import {
  BATCH_LIMIT,
  flushWhenPageHides,
  GENERIC_ERROR,
  REPLY_BOUND_MS,
  StoreApiFailure,
  StoreClient,
  shownMessage,
} from "./store-client.ts";
import { testBrowser } from "./test-browser.ts";

let shop: TestShop;
const SLUGS = ["classic-t-shirt", "beanie", "socks-3-pack"] as const;
const ids = {} as Record<(typeof SLUGS)[number], number>;
beforeAll(async () => {
  shop = await createTestShop();
  for (const slug of SLUGS) ids[slug] = (await shop.app.inject(`/api/store/v1/products/${slug}`)).json().id;
});
afterAll(() => shop?.close());
beforeEach(() => noticeStore.setState({ notices: [] }));

const browser = () => testBrowser(shop);

describe("StoreClient", () => {
  it("keeps the nonce and cart hash from replies and sends quick edits as one batch", async () => {
    const { client, requests, storage } = browser();
    await client.get("/cart");
    expect(client.currentNonce).not.toBe("");
    const [a, b, c] = await Promise.all([
      client.post<{ items_count: number }>("/cart/add-item", { id: ids.beanie }),
      client.post<{ items_count: number }>("/cart/add-item", { id: ids["classic-t-shirt"], quantity: 2 }),
      client.post<{ items_count: number }>("/cart/apply-coupon", { code: "SAVE10" }),
    ]);
    expect([a.items_count, b.items_count, c.items_count]).toEqual([1, 3, 3]);
    const writes = requests.filter((r) => r.method !== "GET");
    expect(writes).toHaveLength(1);
    expect(writes[0]?.url).toBe("/api/store/v1/batch?_locale=site");
    expect(storage.getItem("storeApiCartHash")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("splits more than 25 writes into several batches", async () => {
    const { client, requests } = browser();
    await client.get("/cart");
    await Promise.all(Array.from({ length: BATCH_LIMIT + 2 }, () => client.post("/cart/add-item", { id: ids.beanie })));
    expect(requests.filter((r) => r.url.startsWith("/api/store/v1/batch"))).toHaveLength(2);
  });

  it("sends select-shipping-rate directly", async () => {
    const { client, requests } = browser();
    await client.get("/cart");
    await client.post("/cart/add-item", { id: ids.beanie });
    await client.post("/cart/select-shipping-rate", { package_id: 0, rate_id: "pickup_location:1" });
    expect(requests.at(-1)?.url).toBe("/api/store/v1/cart/select-shipping-rate?_locale=site");
  });

  it("rejects a failed write with the server's code, and only accepts newer nonces", async () => {
    const { client } = browser();
    await client.get("/cart");
    await expect(client.post("/cart/apply-coupon", { code: "NOPE" })).rejects.toMatchObject({
      error: { code: "cw_rest_cart_coupon_error" },
    });
    const nonce = client.currentNonce;
    client.acceptNonce("older", 1);
    expect(client.currentNonce).toBe(nonce);
  });

  it("turns a reply that is not JSON into invalid_json", async () => {
    const client = new StoreClient({ fetch: async () => new Response("<html>", { status: 200 }) });
    const failure = await client.get("/cart").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StoreApiFailure);
    expect((failure as StoreApiFailure).error.code).toBe("invalid_json");
    // Its own text is for developers: shoppers read the generic message (spec §8).
    expect(shownMessage(failure as StoreApiFailure)).toBe("Something went wrong. Please contact us to get assistance.");
  });

  it("gives a JSON error reply with no message the generic text under the reply's own code, not an unknown outcome", async () => {
    const replies = [{ code: "cw_teapot", data: { why: "tea" } }, {}, null];
    for (const reply of replies) {
      const client = new StoreClient({ fetch: async () => Response.json(reply, { status: 500 }) });
      const failure = (await client.get("/cart").catch((e: unknown) => e)) as StoreApiFailure;
      expect(failure.error.message, JSON.stringify(reply)).toBe("Something went wrong. Please contact us to get assistance.");
      expect(failure.error.code, JSON.stringify(reply)).toBe(reply && "code" in reply ? "cw_teapot" : "generic_error");
      expect(failure.error.data).toMatchObject({ status: 500 });
    }
    // No reply at all is the one unknown outcome.
    const offline = new StoreClient({ fetch: async () => Promise.reject(new TypeError("Failed to fetch")) });
    expect(((await offline.get("/cart").catch((e: unknown) => e)) as StoreApiFailure).error.code).toBe("unknown_error");
  });
});

describe("the cart store", () => {
  it("tracks pending adds and shows a failed add as the add-to-cart notice", async () => {
    const { client } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    const adding = cart.addItem(ids.beanie);
    expect(cart.store.getState().productsPendingAdd).toEqual([ids.beanie]);
    await adding;
    expect(cart.store.getState().productsPendingAdd).toEqual([]);
    expect(cart.store.getState().cart?.items_count).toBe(1);
    await expect(cart.addItem(ids["socks-3-pack"], 1)).rejects.toBeInstanceOf(StoreApiFailure);
    const notice = noticeStore.getState().notices.find((n) => n.id === "add-to-cart");
    expect(notice).toMatchObject({ context: CONTEXTS.cart, status: "error", isDismissible: true });
    expect(notice?.content).toContain("minimum quantity");
  });

  it("says nothing of the quantity its own add changed, but still of a change made elsewhere", async () => {
    const { client } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    await cart.addItem(ids.beanie);
    // A second add from the listing: 1 → 2 is the shopper's own doing.
    await cart.addItem(ids.beanie);
    expect(cart.store.getState().cart?.items[0]?.quantity).toBe(2);
    expect(noticeStore.getState().notices).toEqual([]);
    // Another tab adds a third beanie: this cart learns of it on its next refresh.
    const other = createCartStore(client);
    await other.refresh();
    await other.addItem(ids.beanie);
    await cart.refresh();
    expect(noticeStore.getState().notices.map((n) => n.content)).toEqual(['The quantity of "Beanie" was changed to 3.']);
  });

  it("asks for the cart while a write is on its way once that write is answered, and shows the write and a change made elsewhere", async () => {
    const { client, holdReplies, openTab, requests } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    await cart.addItem(ids.beanie);
    const offered = cart.store.getState().cart?.shipping_rates[0]?.shipping_rates ?? [];
    const [first, other] = [offered.find((r) => r.selected), offered.find((r) => !r.selected)];
    expect(first && other).toBeTruthy();
    // A batched address edit is answered by the server, but its reply is slow to arrive...
    const slow = holdReplies((url) => url.startsWith("/api/store/v1/batch"));
    const edit = cart.updateCustomer({ billing_address: { phone: "555-0100" } });
    await slow.answered;
    // ...while the shopper chooses another rate in another tab, and this page asks for the cart (the mini-cart opened).
    await createCartStore(openTab()).selectShippingRate(0, other?.rate_id ?? "");
    const gets = () => requests.filter((r) => r.method === "GET").length;
    const getsBefore = gets();
    const refreshing = cart.refresh();
    await new Promise((resolve) => setImmediate(resolve));
    expect(gets()).toBe(getsBefore);
    slow.release();
    const older = await edit;
    await refreshing;
    expect(gets()).toBe(getsBefore + 1);
    // The edit's reply still chose the first rate, priced before the choice; the cart asked for after it shows both.
    expect(older.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.rate_id).toBe(first?.rate_id);
    const shown = cart.store.getState().cart;
    expect(shown?.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.rate_id).toBe(other?.rate_id);
    expect(shown?.billing_address.phone).toBe("555-0100");
  });

  it("fails a write whose reply never arrives past its bound, sends it once, and then shows the server's cart, which holds it", async () => {
    const { client, holdReplies, requests } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    const key = (await cart.addItem(ids.beanie)).items[0]?.key ?? "";
    // The server answers the quantity's batch; the reply never reaches the page (a stalled connection).
    const stalled = holdReplies((url) => url.startsWith("/api/store/v1/batch"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const changing = cart.setQuantity(key, 3).catch((error: unknown) => error);
      client.flush();
      await stalled.answered;
      const shownQuantity = new Promise<number>((resolve) => {
        cart.store.subscribe((state) => {
          const quantity = state.cart?.items[0]?.quantity ?? 0;
          if (quantity !== 1) resolve(quantity);
        });
      });
      vi.advanceTimersByTime(REPLY_BOUND_MS);
      expect(await changing).toMatchObject({ error: { code: "unknown_error", message: GENERIC_ERROR } });
      // The cart asked for after it shows the change the page was never told of.
      expect(await shownQuantity).toBe(3);
      expect(requests.filter((r) => JSON.stringify(r.body ?? {}).includes("/cart/update-item"))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      stalled.release();
    }
  });

  it("lands address edits in the order they were typed when a batch leaves while the one before is unanswered", async () => {
    const { client, requests } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    await cart.addItem(ids.beanie);
    const before = requests.length;
    // The shopper types a Los Angeles address: two edits before the state is chosen go in one batch...
    const typing = { ...TEST_ADDRESS, state: "", postcode: "", phone: "" };
    const edits = [cart.updateCustomer({ shipping_address: { ...typing, city: "" } }), cart.updateCustomer({ shipping_address: typing })];
    client.flush();
    // ...and the whole address closes the next window before that batch is answered.
    edits.push(cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS } }));
    client.flush();
    await Promise.all(edits);
    expect(requests.slice(before).filter((r) => r.url.startsWith("/api/store/v1/batch"))).toHaveLength(2);
    const shown = () => cart.store.getState().cart;
    expect(shown()?.shipping_address).toMatchObject({ city: "Los Angeles", state: "CA" });
    // The server holds the address the page shows: the flat rate, chosen now, carries California's 7.25 % on its $5.00.
    const flat = shown()?.shipping_rates[0]?.shipping_rates.find((r) => r.method_id === "flat_rate");
    await cart.selectShippingRate(0, flat?.rate_id ?? "");
    const chosen = shown()?.shipping_rates[0]?.shipping_rates.find((r) => r.selected);
    expect([chosen?.method_id, chosen?.price, chosen?.taxes]).toEqual(["flat_rate", "500", "36"]);
    await cart.refresh();
    expect(shown()?.shipping_address).toMatchObject({ city: "Los Angeles", state: "CA", postcode: "90001" });
  });

  /** A cart with a beanie whose address is in the US, state not yet chosen: the flat rate's $5.00 carries no tax. */
  async function cartBeforeTheState() {
    const page = browser();
    const cart = createCartStore(page.client);
    await cart.refresh();
    await cart.addItem(ids.beanie);
    const typed = await cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS, state: "", postcode: "" } });
    const flat = typed.shipping_rates[0]?.shipping_rates.find((r) => r.method_id === "flat_rate");
    expect([flat?.price, flat?.taxes]).toEqual(["500", "0"]);
    return { ...page, cart, flatRate: flat?.rate_id ?? "" };
  }
  const selectedRate = (cart: Cart | undefined | null) => cart?.shipping_rates[0]?.shipping_rates.find((r) => r.selected);

  it("sends an address edit still in its window before a rate chosen at once, and prices the rate after it", async () => {
    const { cart, requests, flatRate } = await cartBeforeTheState();
    const before = requests.length;
    // The shopper chooses California (queued for the window) and picks the flat rate at once.
    const edit = cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS } });
    const chosen = await cart.selectShippingRate(0, flatRate);
    // The rate's reply is priced with the Los Angeles address: California's 7.25 % on the $5.00 is 36.
    expect([selectedRate(chosen)?.method_id, selectedRate(chosen)?.taxes]).toEqual(["flat_rate", "36"]);
    expect(selectedRate(cart.store.getState().cart)?.taxes).toBe("36");
    await edit;
    // Two requests still: the edit's batch, sent at once, then the rate on its own (spec §7).
    expect(requests.slice(before).map((r) => r.url.split("?")[0])).toEqual([
      "/api/store/v1/batch",
      "/api/store/v1/cart/select-shipping-rate",
    ]);
  });

  it("sends a rate chosen while an address batch is on its way only once that batch is answered", async () => {
    const { client, cart, requests, holdReplies, flatRate } = await cartBeforeTheState();
    const slow = holdReplies((url) => url.startsWith("/api/store/v1/batch"));
    const edit = cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS } });
    client.flush();
    await slow.answered;
    const choosing = cart.selectShippingRate(0, flatRate);
    // Whatever else the event loop runs meanwhile, the rate stays in the browser until the batch's reply arrives.
    await new Promise((resolve) => setImmediate(resolve));
    const rateSent = () => requests.some((r) => r.url.startsWith("/api/store/v1/cart/select-shipping-rate"));
    expect(rateSent()).toBe(false);
    slow.release();
    await edit;
    const chosen = await choosing;
    expect(rateSent()).toBe(true);
    expect([selectedRate(chosen)?.method_id, selectedRate(chosen)?.taxes]).toEqual(["flat_rate", "36"]);
    expect(selectedRate(cart.store.getState().cart)?.taxes).toBe("36");
  });

  it("sends a draft, a rate and an edit waiting behind an address batch as the page hides, in one keepalive batch, once", async () => {
    const { client, cart, requests, holdReplies, openTab, flatRate } = await cartBeforeTheState();
    const win = new EventTarget();
    const stop = flushWhenPageHides(client, win, Object.assign(new EventTarget(), { visibilityState: "visible" }));
    const slow = holdReplies((url) => url.startsWith("/api/store/v1/batch"));
    const edit = cart.updateCustomer({ shipping_address: { ...TEST_ADDRESS } });
    client.flush();
    await slow.answered;
    const before = requests.length;
    // The checkout page saves a note to the draft order, the shopper picks the flat rate and edits the phone.
    const draft = client.post("/checkout", { order_notes: "Leave it with the neighbour" }, "PUT");
    const choosing = cart.selectShippingRate(0, flatRate);
    const phone = cart.updateCustomer({ billing_address: { phone: "555-0199" } });
    // The shopper closes the tab while the address's reply is still on its way: the three leave now, in order.
    win.dispatchEvent(new Event("pagehide"));
    const left = requests.slice(before);
    expect(left.map((r) => [r.url, r.keepalive])).toEqual([["/api/store/v1/batch?_locale=site", true]]);
    expect(left[0]?.body).toMatchObject({
      requests: [
        { path: "/api/store/v1/checkout?_locale=site", method: "PUT" },
        { path: "/api/store/v1/cart/select-shipping-rate?_locale=site" },
        { path: "/api/store/v1/cart/update-customer?_locale=site" },
      ],
    });
    slow.release();
    await Promise.all([edit, phone, draft]);
    const chosen = await choosing;
    stop();
    expect([selectedRate(chosen)?.method_id, selectedRate(chosen)?.taxes]).toEqual(["flat_rate", "36"]);
    // Sent once: nothing followed when the address's reply came.
    expect(requests.slice(before)).toHaveLength(1);
    // What the server holds, as the shopper's next page reads it.
    const next = createCartStore(openTab());
    await next.refresh();
    expect(selectedRate(next.store.getState().cart)?.method_id).toBe("flat_rate");
    expect(next.store.getState().cart?.shipping_address).toMatchObject({ city: "Los Angeles", state: "CA" });
    expect(next.store.getState().cart?.billing_address.phone).toBe("555-0199");
  });

  it("places an order after the writes queued before it, so a coupon applied just before is on the order", async () => {
    const { client } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    await cart.addItem(ids.beanie);
    const coupon = cart.applyCoupon("SAVE10");
    const order = await client.post<{ order_id: number }>("/checkout", {
      billing_address: { ...TEST_ADDRESS, email: "ada@example.com" },
      shipping_address: { ...TEST_ADDRESS },
      payment_method: "cod",
    });
    await expect(coupon).resolves.toMatchObject({ coupons: [{ code: "save10" }] });
    const placed = await shop.db.selectFrom("orders").select("total_discount").where("id", "=", order.order_id).executeTakeFirstOrThrow();
    expect(Number(placed.total_discount)).toBeGreaterThan(0);
  });

  it("sends a quantity changed just before the page is hidden at once, with keepalive, and the server keeps it", async () => {
    const { client, requests } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    const key = (await cart.addItem(ids.beanie)).items[0]?.key ?? "";
    const page = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
    const stop = flushWhenPageHides(client, page, doc);
    const before = requests.length;
    const changing = cart.setQuantity(key, 4);
    expect(requests.length).toBe(before);
    // The shopper follows a link out of the app before the window closes.
    page.dispatchEvent(new Event("pagehide"));
    expect(requests.slice(before).map((r) => [r.url, r.keepalive])).toEqual([["/api/store/v1/batch?_locale=site", true]]);
    await changing;
    stop();
    // What the server holds now, read afresh.
    await cart.refresh();
    expect(cart.store.getState().cart?.items[0]?.quantity).toBe(4);
  });

  it("says when a line disappeared or changed elsewhere, but not for its own edits", async () => {
    const { client } = browser();
    const cart = createCartStore(client);
    await cart.refresh();
    const added = await cart.addItem(ids.beanie);
    await cart.addItem(ids["classic-t-shirt"]);
    const beanieKey = added.items[0]?.key ?? "";
    await cart.setQuantity(beanieKey, 3);
    expect(noticeStore.getState().notices).toEqual([]);
    // Another tab removes the T-shirt and changes the beanie.
    const other = createCartStore(client);
    await other.refresh();
    const shirtKey = other.store.getState().cart?.items.find((i) => i.name === "Classic T-Shirt")?.key ?? "";
    await other.removeItem(shirtKey);
    await other.setQuantity(beanieKey, 5);
    await cart.refresh();
    expect(
      noticeStore
        .getState()
        .notices.map((n) => n.content)
        .sort(),
    ).toEqual(['"Classic T-Shirt" was removed from your cart.', 'The quantity of "Beanie" was changed to 5.']);
  });
});
