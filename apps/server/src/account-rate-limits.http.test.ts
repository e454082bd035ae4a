/**
 * The /my-account forms count against the same rate limits as the Store API's account calls
 * (decision 0016): a refusal shows on the page with its message, never as a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { RATE_LIMITS } from "./http/rate-limits.ts";

const JANE = { email: "jane@example.com", password: "demo-jane-2026" };

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

/** A Store API sign-in from an address, as a headless client. */
async function apiSignIn(address: string, email: string, password: string) {
  const cart = await shop.app.inject({ method: "GET", url: "/api/store/v1/cart", remoteAddress: address });
  return shop.app.inject({
    method: "POST",
    url: "/api/store/v1/account/sign-in",
    remoteAddress: address,
    headers: { "cart-token": String(cart.headers["cart-token"]), "content-type": "application/json" },
    payload: JSON.stringify({ email, password }),
  });
}

const refusalOnPage = /role="alert">Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?\.<\/p>/;

describe("the /my-account forms and rate limits", { timeout: 30_000 }, () => {
  it("counts the sign-in form and the Store API together, and shows the refusal on the page", async () => {
    const address = "198.51.100.10";
    const attacker = new PageBrowser(shop.app, address);
    const { limit } = RATE_LIMITS.signInPerAccountAddress;
    for (let i = 0; i < limit; i++) {
      // Half through the form, half through the Store API: one set of counters.
      const response = i % 2 ? await apiSignIn(address, JANE.email, `wrong-${i}`) : await attacker.signIn(JANE.email, `wrong-${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.headers["ratelimit-remaining"]).toBe(String(limit - i - 1));
    }

    const refused = await attacker.signIn(JANE.email, JANE.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(refusalOnPage);
    expect(refused.body).toMatch(/id="sign-in-email"[^>]*value="jane@example.com"/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    expect(attacker.uid()).toBe(0);
    expect((await apiSignIn(address, JANE.email, JANE.password)).statusCode).toBe(429);

    // Jane, from her own address, signs in through the form.
    const jane = new PageBrowser(shop.app, "198.51.100.20");
    const signedIn = await jane.signIn(JANE.email, JANE.password);
    expect(signedIn.statusCode).toBe(303);
    expect(jane.uid()).toBeGreaterThan(0);
  });

  it("refuses the registration form past the address's limit, with the message on the page", async () => {
    const address = "198.51.100.30";
    const { limit } = RATE_LIMITS.registerPerAddress;
    for (let i = 0; i < limit; i++) {
      const response = await new PageBrowser(shop.app, address).post("/my-account", {
        intent: "register",
        email: `form-${i}@example.com`,
        password: "long-enough-password",
      });
      expect(response.statusCode).toBe(303);
    }
    const refused = await new PageBrowser(shop.app, address).post("/my-account", {
      intent: "register",
      email: "one-more@example.com",
      password: "long-enough-password",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(/role="alert">Too many accounts were created from your network\. Please try again in \d+ minutes?\.<\/p>/);
    expect(refused.body).toMatch(/id="register-email"[^>]*value="one-more@example.com"/);

    const elsewhere = await new PageBrowser(shop.app, "198.51.100.31").post("/my-account", {
      intent: "register",
      email: "one-more@example.com",
      password: "long-enough-password",
    });
    expect(elsewhere.statusCode).toBe(303);
  });
});
