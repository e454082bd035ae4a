/**
 * The checkout's edits still within their wait as the page hides (decision 0165, amended): an address or a note
 * leaves in the page-hide batch, in the order last edited, once, and an address the page would refuse stays back.
 * As the page is left within the app (the form unmounts), they are handed to the client too, but never once an order
 * is on its way or placed. Place Order pressed within an address's wait, or while its update is on its way, prices it
 * first: the order follows at once when the total held, else the shopper is told why (decision 0175).
 */
import { currencyFields, DEFAULT_CURRENCY, type StoreCart } from "@cartwright/commerce";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { heldNetwork, nextTurn } from "../../api/held-network.ts";
import { BATCH_WINDOW_MS, flushWhenPageHides, ORDER_REPLY_BOUND_MS, REPLY_BOUND_MS } from "../../api/store-client.ts";
import { createCartStore } from "../../stores/cart.ts";
import { noticeStore } from "../../stores/notices.ts";
import { ADDRESS_PUSH_MS, createCheckoutController, DRAFT_SYNC_MS, type EnterField } from "./checkout-controller.ts";
import { checkoutMessages as t } from "./messages.ts";
import { typedForm } from "./test-form.ts";

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
afterEach(() => vi.useRealTimers());

const CUSTOMER = "/api/store/v1/cart/update-customer?_locale=site";
const DRAFT = "/api/store/v1/checkout?_locale=site";
const ORDER = DRAFT;
/** The order's reply: a payment page to go to. */
const PAYMENT_PAGE = "https://pay.example/order/7";

/** What every call answers: an empty cart (the test reads what was sent, not what came back). */
const EMPTY_CART = {
  items: [],
  coupons: [],
  errors: [],
  items_count: 0,
  totals: { total_price: "0", currency_code: "USD" },
  shipping_rates: [],
  billing_address: {},
  shipping_address: {},
} as unknown as StoreCart;

/** A T-shirt's cart at this total, in dollars as the shop shows them. */
const cartAt = (total_price: string, items = [{ key: "t-shirt", quantity: 1 }]) =>
  ({
    ...EMPTY_CART,
    items,
    items_count: items.length,
    totals: { ...currencyFields(DEFAULT_CURRENCY), total_price },
  }) as unknown as StoreCart;

/**
 * A checkout page over a network that answers when told, whose document the test hides and shows. Every cart call
 * answers `server.cart`, the cart the page opened with unless the test changes it.
 */
function checkoutPage({ preview = false, opened = EMPTY_CART } = {}) {
  const server = { cart: opened };
  const network = heldNetwork((path, method) =>
    method === "POST" && path.startsWith(ORDER) ? { order_id: 7, payment_result: { redirect_url: PAYMENT_PAGE } } : server.cart,
  );
  const cart = createCartStore(network.client, opened);
  // Nothing typed yet but the contact's email.
  const form = typedForm({ billing: { email: "ada@example.com" }, shipping: {} });

  const stored = new Map<string, string>();
  const win = new EventTarget();
  const visited: string[] = [];
  const controller = createCheckoutController({
    cart,
    readForm: () => form,
    savedAddresses: { billing: {}, shipping: {} },
    signedIn: false,
    openAddressForm: () => {},
    preview,
    browser: {
      // The page goes, as location.assign makes it go: it hides first.
      navigate: (url) => {
        visited.push(url);
        win.dispatchEvent(new Event("pagehide"));
      },
      storage: { setItem: (key, value) => void stored.set(key, value), removeItem: (key) => void stored.delete(key) },
      focus: () => {},
    },
  });
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  flushWhenPageHides(network.client, win, doc);
  const setVisibility = (state: "hidden" | "visible") => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event("visibilitychange"));
  };
  /** The shopper types into the shipping address. */
  const typeShipping = (fields: Record<string, string>) => {
    form.order.shipping = { ...form.order.shipping, ...fields };
    controller.addressEdited("shipping");
  };
  return { ...network, server, cart, form, controller, setVisibility, typeShipping, visited };
}

describe("the checkout's edits as the page hides", () => {
  it("sends an address still within its wait in the page-hide batch, and not again when the page comes back", async () => {
    const { sent, controller, setVisibility, typeShipping } = checkoutPage();
    typeShipping({ ...TEST_ADDRESS });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS - 500);
    typeShipping({ phone: "555-0199" });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS - 500);
    expect(sent).toEqual([]);
    setVisibility("hidden");
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([[true, [CUSTOMER]]]);
    // One address for both: billing goes with it, as it would have after the wait.
    const address = { ...TEST_ADDRESS, phone: "555-0199" };
    expect(sent[0]?.bodies).toEqual([{ shipping_address: address, billing_address: { ...address, email: "ada@example.com" } }]);
    expect(controller.status.store.getState().calculatingCount).toBe(1);

    // Back on the page: the wait's end, and the field's blur, send nothing more.
    setVisibility("visible");
    vi.advanceTimersByTime(ADDRESS_PUSH_MS);
    controller.sendAddress("shipping");
    sent[0]?.answer();
    await nextTurn();
    expect(sent).toHaveLength(1);
    expect(controller.status.store.getState().calculatingCount).toBe(0);
  });

  it("keeps back an address whose changed fields the page refuses, and sends it once put right", async () => {
    const { sent, controller, setVisibility, typeShipping } = checkoutPage();
    controller.validation.getState().setValidationError("shipping_postcode", "Please enter a valid postcode", true);
    typeShipping({ ...TEST_ADDRESS, postcode: "ABCDE" });
    setVisibility("hidden");
    expect(sent).toEqual([]);

    setVisibility("visible");
    controller.validation.getState().clearValidationError("shipping_postcode");
    typeShipping({ postcode: "90001" });
    setVisibility("hidden");
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([[true, [CUSTOMER]]]);
    expect(sent[0]?.bodies[0]).toMatchObject({ shipping_address: TEST_ADDRESS });
  });

  it("sends a note and an address in the order they were last edited, in one batch", async () => {
    const { sent, controller, setVisibility, typeShipping } = checkoutPage();
    const draft = { order_notes: "", payment_method: "cod", additional_fields: {} };
    // The draft the page opened with is not sent.
    controller.draftChanged(draft);
    typeShipping({ ...TEST_ADDRESS });
    controller.draftChanged({ ...draft, order_notes: "Leave it with the neighbour" });
    typeShipping({ phone: "555-0199" });
    vi.advanceTimersByTime(Math.min(ADDRESS_PUSH_MS, DRAFT_SYNC_MS) - 1);
    setVisibility("hidden");
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([[true, [DRAFT, CUSTOMER]]]);
    expect(sent[0]?.bodies[0]).toEqual({ ...draft, order_notes: "Leave it with the neighbour" });
    setVisibility("visible");
    vi.advanceTimersByTime(Math.max(ADDRESS_PUSH_MS, DRAFT_SYNC_MS));
    sent[0]?.answer();
    await nextTurn();
    expect(sent).toHaveLength(1);
  });
});

describe("the checkout left within the app", () => {
  const NOTE = { order_notes: "Leave it with the neighbour", payment_method: "cod", additional_fields: {} };

  it("hands the address and the note still within their waits to the client as the form unmounts, in the order last edited, once", async () => {
    const { sent, controller, typeShipping } = checkoutPage();
    controller.draftChanged({ ...NOTE, order_notes: "" });
    controller.draftChanged(NOTE);
    typeShipping({ ...TEST_ADDRESS });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS - 1);
    expect(sent).toEqual([]);
    // The shopper follows the link back to the cart: the page stays, so nothing needs keepalive.
    controller.leave();
    expect(sent.map((s) => [s.method, s.keepalive, s.paths])).toEqual([["PUT", false, [DRAFT]]]);
    expect(sent[0]?.bodies).toEqual([NOTE]);
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    sent[0]?.answer();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[DRAFT], [CUSTOMER]]);
    expect(sent[1]?.bodies[0]).toMatchObject({ shipping_address: TEST_ADDRESS });
    // The waits' ends and a late blur send nothing more.
    vi.advanceTimersByTime(ADDRESS_PUSH_MS);
    controller.sendAddress("shipping");
    sent[1]?.answer();
    await nextTurn();
    expect(sent).toHaveLength(2);
  });

  it("goes on after StrictMode leaves it between its two mounts: edits are sent and an order holds the cart", async () => {
    const { sent, cart, controller, typeShipping } = checkoutPage();
    controller.leave();
    expect(sent).toEqual([]);
    typeShipping({ ...TEST_ADDRESS });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    sent[0]?.answer();
    await nextTurn();
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    // A tab shown again does not refresh the cart behind the order's back.
    expect(cart.isHeld()).toBe(true);
    sent[1]?.answer();
    await placing;
  });

  it("sends no edit once an order is on its way or placed: not as the form unmounts, nor as the page goes to pay", async () => {
    const { sent, controller, typeShipping, visited } = checkoutPage();
    controller.draftChanged({ ...NOTE, order_notes: "" });
    // A note and an address typed just before Place order: the address is priced first (decision 0175), the order carries the form.
    controller.draftChanged(NOTE);
    typeShipping({ ...TEST_ADDRESS });
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => [s.method, s.paths])).toEqual([["POST", [CUSTOMER]]]);
    sent[0]?.answer();
    await nextTurn();
    expect(sent.map((s) => [s.method, s.paths])).toEqual([
      ["POST", [CUSTOMER]],
      ["POST", [ORDER]],
    ]);
    expect(sent[1]?.bodies[0]).toMatchObject({ shipping_address: TEST_ADDRESS });
    // The address fields stay open while the order is on its way: an edit there, a blur, the form unmounting.
    typeShipping({ phone: "555-0199" });
    controller.sendAddress("shipping");
    controller.leave();
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent).toHaveLength(2);

    typeShipping({ phone: "555-0188" });
    sent[1]?.answer();
    await placing;
    // The page hid as it went to the payment page, with the phone's wait not over: nothing followed the order.
    expect(visited).toEqual([PAYMENT_PAGE]);
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing from the editor's preview", () => {
    const { sent, controller, typeShipping } = checkoutPage({ preview: true });
    controller.draftChanged({ ...NOTE, order_notes: "" });
    controller.draftChanged(NOTE);
    typeShipping({ ...TEST_ADDRESS });
    controller.leave();
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent).toEqual([]);
  });
});

describe("an order whose reply never comes", () => {
  it("fails past its bound with the spec's unknown outcome, is not placed again, and leaves the cart as shown", async () => {
    noticeStore.setState({ notices: [] });
    const { sent, cart, controller, visited } = checkoutPage();
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => [s.method, s.paths])).toEqual([["POST", [ORDER]]]);
    vi.advanceTimersByTime(ORDER_REPLY_BOUND_MS);
    await placing;
    expect(controller.status.store.getState()).toMatchObject({ status: "idle", hasError: true });
    expect(noticeStore.getState().notices.map((n) => n.content)).toEqual([t.placeOrderUnknownGuest]);
    // Nothing is sent again or after it: the order may have been placed, and the shopper is told to look before retrying.
    vi.advanceTimersByTime(ORDER_REPLY_BOUND_MS);
    await nextTurn();
    expect([sent.length, sent[0]?.aborted, visited, cart.isHeld()]).toEqual([1, true, [], false]);
  });
});

describe("one address for both", () => {
  it("sends billing as the shipping address with the contact's email, never the hidden billing fields, also when only the email changes", async () => {
    const { sent, form, controller, typeShipping } = checkoutPage();
    // Billing fields the shopper filled before ticking "use the same address", hidden since.
    form.order.billing = { email: "ada@example.com", first_name: "Old", city: "Oldtown" };
    typeShipping({ ...TEST_ADDRESS });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent[0]?.bodies).toEqual([{ shipping_address: TEST_ADDRESS, billing_address: { ...TEST_ADDRESS, email: "ada@example.com" } }]);
    sent[0]?.answer();
    await nextTurn();

    form.order.billing = { ...form.order.billing, email: "ada@lovelace.org" };
    controller.addressEdited("billing");
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent[1]?.bodies).toEqual([{ billing_address: { ...TEST_ADDRESS, email: "ada@lovelace.org" } }]);
  });
});

describe("Place Order pressed while the shopper's own address is being priced (decision 0175)", () => {
  const SHOWN = cartAt("2681");
  const NEW_YORK = { city: "New York", state: "NY", postcode: "10001" };
  const orderBodies = (sent: ReturnType<typeof heldNetwork>["sent"]) =>
    sent
      .filter((s) => s.method === "POST" && s.paths.includes(ORDER))
      .map((s) => s.bodies[0] as { expected_cart: { totals: { total_price: string } } });
  beforeEach(() => noticeStore.setState({ notices: [] }));

  it("sends the address its wait still holds at once, then places the order at the total shown when it held: one update, one order", async () => {
    const { sent, controller, typeShipping, visited } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, phone: "555-0199" });
    const placing = controller.placeOrder();
    await nextTurn();
    // Not when the address's wait or the batch window ends: now.
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    expect(sent[0]?.bodies[0]).toMatchObject({ shipping_address: { phone: "555-0199" } });
    sent[0]?.answer();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    expect(orderBodies(sent)[0]?.expected_cart.totals.total_price).toBe("2681");
    sent[1]?.answer();
    await placing;
    expect(visited).toEqual([PAYMENT_PAGE]);
    // The address's wait ends with nothing more to send.
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent).toHaveLength(2);
  });

  it("places nothing when the address moved the total: the notice names the cause and the new total, and the next press places it", async () => {
    const { sent, server, cart, controller, typeShipping, visited } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, ...NEW_YORK });
    server.cart = cartAt("2604");
    const placing = controller.placeOrder();
    await nextTurn();
    sent[0]?.answer();
    await placing;
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    expect(cart.store.getState().cart?.totals.total_price).toBe("2604");
    expect(noticeStore.getState().notices).toEqual([
      expect.objectContaining({ context: "cw/checkout/checkout-actions", status: "warning", content: t.addressRepriced("$26.04") }),
    ]);
    expect(controller.status.store.getState()).toMatchObject({ status: "idle", hasError: true });
    expect(cart.isHeld()).toBe(false);

    // The shopper has seen the new total: the next press places it, with no update before it, and the notice goes.
    const again = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    expect(orderBodies(sent)[0]?.expected_cart.totals.total_price).toBe("2604");
    expect(noticeStore.getState().notices).toEqual([]);
    sent[1]?.answer();
    await again;
    expect(visited).toEqual([PAYMENT_PAGE]);
  });

  it("waits for an update already on its way (the field left), sending it once, and tells another window's line apart from the address", async () => {
    const { sent, server, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, ...NEW_YORK });
    controller.sendAddress("shipping");
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    // Another tab added a beanie meanwhile: the update's reply shows it.
    server.cart = cartAt("4604", [
      { key: "t-shirt", quantity: 1 },
      { key: "beanie", quantity: 1 },
    ]);
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent).toHaveLength(1);
    sent[0]?.answer();
    await placing;
    expect(sent).toHaveLength(1);
    expect(noticeStore.getState().notices.map((n) => n.content)).toContain(t.cartChangedElsewhere);
  });

  it("never places twice: presses while the address is priced do nothing more", async () => {
    const { sent, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, phone: "555-0199" });
    const placing = controller.placeOrder();
    const twice = controller.placeOrder();
    await nextTurn();
    void controller.placeOrder();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    sent[0]?.answer();
    await nextTurn();
    await twice;
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    sent[1]?.answer();
    await placing;
    expect(sent).toHaveLength(2);
  });

  it("does not hang on an update that never answers: past the client's bound the order carries the address, as shown", async () => {
    const { sent, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, ...NEW_YORK });
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
    vi.advanceTimersByTime(REPLY_BOUND_MS);
    await nextTurn();
    // The server holds the order to the total the page showed, and says why if the address moved it.
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    const [order] = orderBodies(sent);
    expect(order).toMatchObject({ shipping_address: NEW_YORK, expected_cart: { totals: { total_price: "2681" } } });
    sent[1]?.answer();
    await placing;
  });

  it("shows the form's own errors first, sending nothing: the held address leaves when its wait ends", async () => {
    const { sent, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    controller.validation.getState().setValidationError("billing_email", "Please enter a valid email address", true);
    typeShipping({ ...TEST_ADDRESS, ...NEW_YORK });
    await controller.placeOrder();
    expect(sent).toEqual([]);
    expect(controller.status.store.getState()).toMatchObject({ status: "idle", hasError: true });
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
  });

  it("sends the order at once, with nothing before it, when no address edit is held or on its way", async () => {
    const { sent, controller } = checkoutPage({ opened: SHOWN });
    const placing = controller.placeOrder();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[ORDER]]);
    sent[0]?.answer();
    await placing;
  });
});

describe("Enter pressed in a field while the address is being priced (decision 0175, amended)", () => {
  const SHOWN = cartAt("2681");
  /** A field as the page's element answers: its tag and attributes. */
  const field = (tagName: string, attributes: Record<string, string> = {}): EnterField => ({
    tagName,
    getAttribute: (name) => attributes[name] ?? null,
  });
  const ZIP = field("INPUT", { type: "text", autocomplete: "postal-code" });
  beforeEach(() => noticeStore.setState({ notices: [] }));

  it("places one order after the updates on their way: the City's, already sent, and the ZIP Code's, held", async () => {
    const { sent, controller, typeShipping, visited } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, city: "Oakland" });
    controller.sendAddress("shipping");
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    // The cart is calculating: the button is disabled, and the browser would drop this Enter.
    expect(controller.status.store.getState().calculatingCount).toBe(1);
    typeShipping({ postcode: "94607" });
    expect(controller.enterPressed(ZIP)).toBe(true);
    await nextTurn();
    sent[0]?.answer();
    await nextTurn();
    // The ZIP Code went on the Enter, after the City's update: no order yet.
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [CUSTOMER]]);
    expect(sent[1]?.bodies[0]).toMatchObject({ shipping_address: { postcode: "94607" } });
    sent[1]?.answer();
    await nextTurn();
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [CUSTOMER], [ORDER]]);
    sent[2]?.answer();
    await nextTurn();
    expect(visited).toEqual([PAYMENT_PAGE]);
  });

  it("places once for a second Enter or a press meanwhile", async () => {
    const { sent, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, postcode: "94607" });
    controller.enterPressed(ZIP);
    await nextTurn();
    expect(controller.enterPressed(ZIP)).toBe(true);
    void controller.placeOrder();
    sent[0]?.answer();
    await nextTurn();
    expect(controller.enterPressed(ZIP)).toBe(true);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER], [ORDER]]);
    sent[1]?.answer();
    await nextTurn();
    expect(sent).toHaveLength(2);
  });

  it("places nothing from the order notes, a combobox whose list is open, a checkbox or a button: Enter is theirs", async () => {
    const { sent, controller, typeShipping } = checkoutPage({ opened: SHOWN });
    typeShipping({ ...TEST_ADDRESS, postcode: "94607" });
    for (const other of [
      field("TEXTAREA", { id: "order-notes" }),
      field("INPUT", { type: "text", role: "combobox", "aria-expanded": "true" }),
      field("INPUT", { type: "checkbox" }),
      field("BUTTON", { type: "button" }),
    ]) {
      expect(controller.enterPressed(other)).toBe(false);
    }
    await nextTurn();
    expect(sent).toEqual([]);
    expect(controller.status.store.getState().status).toBe("idle");
    // The address still leaves when its wait ends, as it would have.
    vi.advanceTimersByTime(ADDRESS_PUSH_MS + BATCH_WINDOW_MS);
    expect(sent.map((s) => s.paths)).toEqual([[CUSTOMER]]);
  });

  it("places nothing while an express payment runs", async () => {
    const { sent, controller } = checkoutPage({ opened: SHOWN });
    controller.payment.startExpress("demo-wallet");
    expect(controller.enterPressed(ZIP)).toBe(true);
    await nextTurn();
    expect(sent).toEqual([]);
  });
});
