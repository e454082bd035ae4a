import { afterEach, describe, expect, it } from "vitest";
import { CHECKOUT_READY_EVENT, checkoutExtensionApi, exposeCheckoutExtensionApi } from "./extensions.ts";

const global = globalThis as unknown as { window?: unknown };
afterEach(() => {
  delete global.window;
});

describe("exposeCheckoutExtensionApi", () => {
  it("puts the API on window and fires the ready event once a document, though the cart page and then the checkout call it", () => {
    const win = Object.assign(new EventTarget(), { cartwright: undefined as unknown });
    global.window = win;
    let fired = 0;
    win.addEventListener(CHECKOUT_READY_EVENT, () => fired++);
    exposeCheckoutExtensionApi();
    expect(win.cartwright).toBe(checkoutExtensionApi);
    exposeCheckoutExtensionApi();
    expect(fired).toBe(1);
  });
});
