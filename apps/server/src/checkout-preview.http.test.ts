/**
 * The checkout's editor preview (spec §1, §9; issue 6): /checkout?preview=editor shows the
 * sample cart to the signed-in shop owner only. Shoppers, signed in or not, get their own
 * checkout whatever the query says.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";
import { productId } from "../../../test/store-client.ts";
import { ensureOwner } from "./modules/customers/index.ts";

const OWNER = { email: "owner@example.com", password: "owner-password-2026" };
const JANE = { email: "jane@example.com", password: "demo-jane-2026" };
const BANNER = "Editor preview: sample data, nothing here is a real order.";
const SAMPLE_LINES = ["Sample Beanie", "Sample Cap"];

let shop: TestShop;
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
  await ensureOwner(shop.db, OWNER.email, OWNER.password);
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop.close());

/** The owner's or a shopper's browser; signing in must succeed. */
class Browser extends PageBrowser {
  async signInAs({ email, password }: { email: string; password: string }) {
    const response = await this.signIn(email, password);
    expect([200, 302, 303]).toContain(response.statusCode);
    expect(response.body).not.toContain("incorrect");
    return response;
  }
}

const expectNoPreview = (page: LightMyRequestResponse) => {
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toContain(BANNER);
  expect(page.body).not.toContain("checkout-preview-banner");
  for (const name of SAMPLE_LINES) expect(page.body).not.toContain(name);
};

describe("/checkout?preview=editor", () => {
  it("shows the signed-in owner the banner and the sample cart, leaving their own cart alone", async () => {
    const owner = new Browser(shop.app);
    await owner.signInAs(OWNER);
    const page = await owner.get("/checkout?preview=editor");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain(BANNER);
    for (const name of SAMPLE_LINES) expect(page.body).toContain(name);
    // Nothing can be placed from the preview.
    expect(page.body).toMatch(/<button type="submit" class="[^"]*checkout-actions__place[^"]*" disabled=""/);
    // The spec's sample rates and payment methods (USD, the demo shop's currency).
    expect(page.body).toContain('value="flat_rate:0"');
    expect(page.body).toContain('value="free_shipping:1"');
    for (const method of ["cod", "bacs", "cheque"]) expect(page.body).toContain(`value="${method}"`);
    expect(page.body).not.toContain('value="test_card"');
    expect(page.body).toContain("$55.20");
    // Not a real cart: the owner's own stays empty, and without the parameter they see it.
    expect((await owner.api("GET", "/cart")).items).toEqual([]);
    const normal = await owner.get("/checkout");
    expectNoPreview(normal);
    expect(normal.body).toContain("Your cart is empty");
  });

  it("is ignored for a signed-in customer: they get their own checkout", async () => {
    const jane = new Browser(shop.app);
    await jane.signInAs(JANE);
    await jane.api("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const page = await jane.get("/checkout?preview=editor");
    expectNoPreview(page);
    expect(page.body).toContain("Classic T-Shirt");
    expect(page.body).toContain('class="checkout-page"');
  });

  it("is ignored for a guest: an empty cart shows the empty checkout", async () => {
    const guest = new Browser(shop.app);
    const page = await guest.get("/checkout?preview=editor");
    expectNoPreview(page);
    expect(page.body).toContain("Your cart is empty");
  });

  it("is ignored after the owner signs out", async () => {
    const browser = new Browser(shop.app);
    await browser.signInAs(OWNER);
    expect((await browser.get("/checkout?preview=editor")).body).toContain(BANNER);
    const before = browser.session;
    const signOut = await browser.post("/my-account", { intent: "sign-out" });
    expect([200, 302, 303]).toContain(signOut.statusCode);
    expect(browser.session).toBeTruthy();
    expect(browser.session).not.toBe(before);
    const page = await browser.get("/checkout?preview=editor");
    expectNoPreview(page);
  });
});
