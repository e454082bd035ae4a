import { describe, expect, it } from "vitest";
import { handExpressToCheckout, takeExpressHandoff } from "./ExpressButtons.tsx";

/** A page's address, history and session storage, as the hand-off reads and changes them. */
function page(href: string) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
  const location = { href } as Location;
  const history = {
    state: { key: "k" },
    replaceState(_state: unknown, _title: string, url: string) {
      location.href = new URL(url, location.href).href;
    },
  } as unknown as History;
  return { storage, location, history, items };
}

const wallet = { email: "wallet@example.com", billing_address: { first_name: "Wally" } } as never;

describe("the cart's express hand-off to the checkout", () => {
  it("takes the method and its wallet's contact once, and leaves no ?express= to pay again on reload", () => {
    const cart = page("https://shop.example/cart");
    const href = handExpressToCheckout(cart.storage, "demo_express", wallet);
    expect(href).toBe("/checkout?express=demo_express");
    const checkout = { ...page(`https://shop.example${href}&utm=x#top`), storage: cart.storage };
    expect(takeExpressHandoff(checkout.location, checkout.history, checkout.storage)).toEqual({ methodId: "demo_express", wallet });
    expect(checkout.location.href).toBe("https://shop.example/checkout?utm=x#top");
    expect(cart.items.size).toBe(0);
    expect(takeExpressHandoff(checkout.location, checkout.history, checkout.storage)).toBeNull();
  });

  it("starts the method without a wallet when the kept one is another method's or unreadable, and nothing without ?express=", () => {
    const other = page("https://shop.example/checkout?express=demo_express");
    handExpressToCheckout(other.storage, "another_wallet", wallet);
    expect(takeExpressHandoff(other.location, other.history, other.storage)).toEqual({ methodId: "demo_express" });
    const broken = page("https://shop.example/checkout?express=demo_express");
    broken.storage.setItem("cw-express-handoff", "{not json");
    expect(takeExpressHandoff(broken.location, broken.history, broken.storage)).toEqual({ methodId: "demo_express" });
    expect(broken.items.size).toBe(0);
    const plain = page("https://shop.example/checkout");
    handExpressToCheckout(plain.storage, "demo_express", wallet);
    expect(takeExpressHandoff(plain.location, plain.history, plain.storage)).toBeNull();
    // A stale hand-off never waits for a later visit.
    expect(plain.items.size).toBe(0);
  });
});
