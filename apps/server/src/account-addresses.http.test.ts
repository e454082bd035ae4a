/**
 * Editing the saved addresses on /my-account/addresses/{billing|shipping} as a browser without
 * JavaScript does: plain form posts to the page's action, checked on the server by the
 * checkout's address rules.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

const billing = {
  billing_first_name: "Robin",
  billing_last_name: "Fields",
  billing_company: "",
  billing_address_1: "12 Harbour Road",
  billing_address_2: "",
  billing_city: "Portland",
  billing_state: "OR",
  billing_postcode: "97201",
  billing_country: "US",
  billing_phone: "503-555-0199",
  billing_email: "robin.billing@example.com",
};

const shipping = {
  shipping_first_name: "Robin",
  shipping_last_name: "Fields",
  shipping_address_1: "Hauptstraße 5",
  shipping_city: "Berlin",
  shipping_postcode: "10115",
  shipping_country: "DE",
  shipping_phone: "030 1234567",
};

/** Robin, registered and signed in through the account page's form. */
async function signedIn(email: string) {
  const browser = new PageBrowser(shop.app);
  const registered = await browser.post("/my-account", { intent: "register", email, password: "robins-password-1" });
  expect(registered.statusCode).toBe(303);
  return browser;
}

describe("/my-account/addresses/{kind}", () => {
  it("offers an Edit link per address, and a form with the checkout's fields", async () => {
    const robin = await signedIn("robin.links@example.com");
    const list = await robin.get("/my-account/addresses");
    expect(list.body).toMatch(/aria-label="Edit billing address" href="\/my-account\/addresses\/billing"[^>]*>Edit<\/a>/);
    expect(list.body).toMatch(/aria-label="Edit shipping address" href="\/my-account\/addresses\/shipping"[^>]*>Edit<\/a>/);

    const form = await robin.get("/my-account/addresses/billing");
    expect(form.statusCode).toBe(200);
    expect(form.headers["cache-control"]).toBe("private, no-store");
    expect(form.body).toContain('<h1 class="account__title">Edit billing address</h1>');
    expect(form.body).toContain('<form noValidate="" class="account-address-form" method="post">');
    expect(form.body).toContain('<label for="billing_first_name">First name</label>');
    expect(form.body).toMatch(/<select[^>]*name="billing_country"/);
    // The account's e-mail fills a billing address never saved.
    expect(form.body).toMatch(/name="billing_email"[^>]*value="robin.links@example.com"/);

    const shippingForm = await robin.get("/my-account/addresses/shipping");
    expect(shippingForm.body).toContain('<h1 class="account__title">Edit shipping address</h1>');
    expect(shippingForm.body).not.toContain('name="shipping_email"');
    expect((await robin.get("/my-account/addresses/other")).statusCode).toBe(404);
  });

  it("saves a valid address and says so on the addresses page", async () => {
    const robin = await signedIn("robin.saves@example.com");
    const saved = await robin.post("/my-account/addresses/billing", billing);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/my-account/addresses?changed=billing");
    const shipped = await robin.post("/my-account/addresses/shipping", shipping);
    expect(shipped.headers.location).toBe("/my-account/addresses?changed=shipping");

    const list = await robin.get("/my-account/addresses?changed=shipping");
    expect(list.body).toContain('role="status">Address changed successfully.</p>');
    expect(list.body).toContain("12 Harbour Road");
    expect(list.body).toContain("robin.billing@example.com");
    expect(list.body).toContain("Hauptstraße 5");
    // The checkout fills its form from the same saved addresses.
    const checkout = await robin.get("/checkout");
    expect(checkout.statusCode).toBe(200);
    const form = await robin.get("/my-account/addresses/shipping");
    expect(form.body).toMatch(/name="shipping_city"[^>]*value="Berlin"/);
  });

  it("gives the form back with the typed values and each error beside its field", async () => {
    const robin = await signedIn("robin.errors@example.com");
    const response = await robin.post("/my-account/addresses/billing", {
      ...billing,
      billing_postcode: "ABCDE",
      billing_state: "ON",
      billing_email: "not-an-email",
      billing_city: "",
    });
    expect(response.statusCode).toBe(400);
    const field = (key: string) =>
      new RegExp(`id="billing_${key}"[^>]*aria-invalid="true"[^>]*aria-describedby="validate-error-billing_${key}"`);
    const error = (key: string, message: string) =>
      new RegExp(`<p id="validate-error-billing_${key}" class="field-error" role="alert">.*?<span>${message}</span></p>`);
    expect(response.body).toMatch(field("postcode"));
    expect(response.body).toMatch(error("postcode", "Please enter a valid postcode"));
    expect(response.body).toMatch(error("state", "Please select a valid state"));
    expect(response.body).toMatch(error("email", "Please enter a valid email address"));
    expect(response.body).toMatch(error("city", "Please enter a valid city"));
    // What was typed comes back.
    expect(response.body).toMatch(/name="billing_postcode"[^>]*value="ABCDE"/);
    expect(response.body).toMatch(/name="billing_address_1"[^>]*value="12 Harbour Road"/);
    expect(response.body).toMatch(/name="billing_email"[^>]*value="not-an-email"/);
    // Nothing was saved.
    expect((await robin.get("/my-account/addresses")).body).not.toContain("12 Harbour Road");
  });

  it("refuses a field longer than the checkout's 200 characters, which would refuse it in turn", async () => {
    const robin = await signedIn("robin.long@example.com");
    const form = await robin.get("/my-account/addresses/billing");
    expect(form.body).toMatch(/name="billing_address_1"[^>]*maxLength="200"|maxLength="200"[^>]*name="billing_address_1"/);
    const response = await robin.post("/my-account/addresses/billing", { ...billing, billing_address_1: "x".repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(
      /<p id="validate-error-billing_address_1" class="field-error" role="alert">.*?<span>This field may hold at most 200 characters.<\/span><\/p>/,
    );
    expect((await robin.get("/my-account/addresses")).body).not.toContain("Portland");
    const saved = await robin.post("/my-account/addresses/billing", { ...billing, billing_address_1: "x".repeat(200) });
    expect(saved.statusCode).toBe(303);
  });

  it("checks a postcode by the address's own country", async () => {
    const robin = await signedIn("robin.postcode@example.com");
    // A US ZIP code is no German postcode.
    const response = await robin.post("/my-account/addresses/shipping", { ...shipping, shipping_postcode: "97201-1234" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p id="validate-error-shipping_postcode"');
    expect(response.body).not.toContain('id="validate-error-shipping_city"');
  });

  it("keeps the forms to the signed-in, and refuses a post from another site", async () => {
    const guest = new PageBrowser(shop.app);
    const page = await guest.get("/my-account/addresses/billing");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/my-account?redirect=%2Fmy-account%2Faddresses%2Fbilling");
    const posted = await guest.post("/my-account/addresses/billing", billing);
    expect([302, 303]).toContain(posted.statusCode);
    expect(posted.headers.location).toBe("/my-account?redirect=%2Fmy-account%2Faddresses%2Fbilling");

    const robin = await signedIn("robin.cross-site@example.com");
    // The refusal goes to the server's log (logPageError), not to stderr past it.
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const forged = await robin.post("/my-account/addresses/billing", billing, "https://evil.example");
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
    expect((await robin.get("/my-account/addresses")).body).not.toContain("12 Harbour Road");
  });
});
