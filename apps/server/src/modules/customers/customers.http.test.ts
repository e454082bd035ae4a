import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
// Tests beside the module reach its inside: signing in without a request is not part of its face.
import { authenticate } from "./customers.service.ts";
import { createCustomer, getCustomer } from "./index.ts";
import { HASH_PARAMS, verifyPassword } from "./password.ts";

let shop: TestShop;
let beanie: number;
let tshirt: number;
beforeAll(async () => {
  shop = await createTestShop();
  beanie = await productId(shop.app, "beanie");
  tshirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(() => shop?.close());

let counter = 0;
const uniqueEmail = () => `shopper${++counter}-${Date.now()}@example.com`;
const PASSWORD = "correct horse battery";

async function registered(client = new StoreClient(shop.app)) {
  const email = uniqueEmail();
  const response = await client.post("/account/register", { email, password: PASSWORD, first_name: "Sam", last_name: "Lee" });
  expect(response.statusCode).toBe(201);
  return { client, email, id: response.json().id as number };
}

const itemsOf = async (client: StoreClient) =>
  ((await client.cart("GET", "/cart")).items as { id: number; quantity: number }[]).map((i) => [i.id, i.quantity]);

describe("POST /account/register", () => {
  it("creates the account and signs the shopper in", async () => {
    const client = new StoreClient(shop.app);
    const email = uniqueEmail();
    const response = await client.post("/account/register", { email: ` ${email.toUpperCase()} `, password: PASSWORD, first_name: "Sam" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), email, first_name: "Sam", last_name: "" });
    expect(response.headers["user-id"]).toBe(String(body.id));

    const account = await client.get("/account");
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual(body);
    expect(account.headers["user-id"]).toBe(String(body.id));
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    const { email } = await registered();
    const again = await new StoreClient(shop.app).post("/account/register", { email: email.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "registration-error-email-exists",
      message: "An account is already registered with your email address. Please log in.",
      data: { status: 400 },
    });
    expect(again.headers["user-id"]).toBe("0");
  });

  it("refuses a malformed email, and a short or missing password", async () => {
    const client = new StoreClient(shop.app);
    for (const email of ["jane", "jane@", "jane@example", "jane doe@example.com"]) {
      const bad = await client.post("/account/register", { email, password: PASSWORD });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("registration-error-invalid-email");
    }
    const short = await client.post("/account/register", { email: uniqueEmail(), password: "seven77" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: "registration-error-password-too-short",
      message: "Please choose a password of at least 8 characters.",
    });
    const empty = await client.post("/account/register", { email: uniqueEmail(), password: "" });
    expect(empty.json().code).toBe("registration-error-missing-password");
    const missing = await client.post("/account/register", { email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("rest_missing_callback_param");
    expect((await client.get("/account")).statusCode).toBe(401);
  });

  it("keeps a hash, not the password, and the hash verifies", async () => {
    const { email, id } = await registered();
    const row = await shop.db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(row.password_hash).not.toContain(PASSWORD);
    // HASH_PARAMS: the HTTP tests' smaller N (decision 0108); a shop's is 2^15 (password.test.ts).
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${HASH_PARAMS.N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, row.password_hash)).toBe(false);
  });

  it("createCustomer and getCustomer serve other modules; the account they make signs in", async () => {
    const email = uniqueEmail();
    const { id } = await createCustomer(shop.db, { email, password: PASSWORD, firstName: "Ada", lastName: "Byron" });
    await expect(createCustomer(shop.db, { email, password: PASSWORD })).rejects.toMatchObject({
      code: "registration-error-email-exists",
      status: 400,
    });
    await expect(createCustomer(shop.db, { email: "nope", password: PASSWORD })).rejects.toMatchObject({
      code: "registration-error-invalid-email",
    });
    expect(await authenticate(shop.db, email.toUpperCase(), PASSWORD)).toEqual({ id });
    expect(await authenticate(shop.db, email, "wrong password")).toBeNull();
    expect(await getCustomer(shop.db, id)).toMatchObject({ id, email, firstName: "Ada", lastName: "Byron" });
    expect(await getCustomer(shop.db, 987654)).toBeNull();
  });
});

describe("POST /account/sign-in and sign-out", () => {
  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await registered();
    const client = new StoreClient(shop.app);
    const wrong = await client.post("/account/sign-in", { email, password: "not the password" });
    const unknown = await client.post("/account/sign-in", { email: uniqueEmail(), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: "cw_rest_invalid_credentials",
        message: "The email address or password is incorrect.",
        data: { status: 401 },
      });
      expect(response.headers["user-id"]).toBe("0");
    }
    expect((await client.get("/account")).json().code).toBe("cw_rest_not_signed_in");
  });

  it("carries the guest cart into the account, leaves it there on sign-out and finds it again on sign-in", async () => {
    const { email, id } = await registered();
    await new StoreClient(shop.app).post("/account/sign-out"); // a stray sign-out of a guest changes nothing

    const shopper = new StoreClient(shop.app);
    await shopper.post("/cart/add-item", { id: beanie, quantity: 2 });
    const guestSid = shopper.sessionId();

    const signedIn = await shopper.post("/account/sign-in", { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ id, email, first_name: "Sam", last_name: "Lee" });
    expect(signedIn.headers["user-id"]).toBe(String(id));
    // A new session: the guest's id (which someone may have planted) does not become the customer's.
    expect(shopper.sessionId()).not.toBe(guestSid);
    expect(await itemsOf(shopper)).toEqual([[beanie, 2]]);
    const cartRow = await shop.db.selectFrom("carts").select("customer_id").where("id", "=", shopper.sessionId()).executeTakeFirst();
    expect(cartRow?.customer_id).toBe(id);

    const signedOut = await shopper.post("/account/sign-out");
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({});
    expect(signedOut.headers["user-id"]).toBe("0");
    expect(await itemsOf(shopper)).toEqual([]);
    expect((await shopper.get("/account")).statusCode).toBe(401);

    // A second guest cart joins the saved one on the next sign-in.
    await shopper.post("/cart/add-item", { id: tshirt });
    await shopper.post("/account/sign-in", { email, password: PASSWORD });
    expect((await itemsOf(shopper)).sort()).toEqual(
      [
        [beanie, 2],
        [tshirt, 1],
      ].sort(),
    );

    // The same customer on another device sees the same cart.
    const phone = new StoreClient(shop.app);
    await phone.post("/account/sign-in", { email, password: PASSWORD });
    expect((await itemsOf(phone)).sort()).toEqual(
      [
        [beanie, 2],
        [tshirt, 1],
      ].sort(),
    );
  });

  it("does not pour one customer's cart into another's", async () => {
    const alice = await registered();
    const bob = await registered();
    await alice.client.post("/cart/add-item", { id: beanie });
    expect(await itemsOf(bob.client)).toEqual([]);
    const switched = await alice.client.post("/account/sign-in", { email: bob.email, password: PASSWORD });
    expect(switched.headers["user-id"]).toBe(String(bob.id));
    expect(await itemsOf(alice.client)).toEqual([]);
    await alice.client.post("/account/sign-in", { email: alice.email, password: PASSWORD });
    expect(await itemsOf(alice.client)).toEqual([[beanie, 1]]);
  });

  it("is a write: a browser needs the nonce, and gets a new cookie and nonce for the new session", async () => {
    const { email, id } = await registered();
    const browser = new StoreClient(shop.app, "browser");
    await browser.get("/cart");
    const missing = await browser.request("POST", "/account/sign-in", { email, password: PASSWORD }, { nonce: "" });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe("cw_rest_missing_nonce");
    const forged = await browser.request("POST", "/account/sign-in", { email, password: PASSWORD }, { nonce: "forged-nonce-value-000" });
    expect(forged.statusCode).toBe(403);

    const before = browser.sessionId();
    const signedIn = await browser.post("/account/sign-in", { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.headers["set-cookie"];
    expect(String(cookie)).toMatch(/^cw_session=[^;]+;.*HttpOnly/);
    expect(browser.sessionId()).not.toBe(before);
    // The next write goes with the new session's nonce.
    expect((await browser.post("/cart/add-item", { id: beanie })).statusCode).toBe(201);
    expect((await browser.get("/account")).json().id).toBe(id);

    const out = await browser.request("POST", "/account/sign-out", {}, { nonce: "" });
    expect(out.statusCode).toBe(401);
  });

  it("signs in the demo customer, with her saved California address", async () => {
    const client = new StoreClient(shop.app);
    const response = await client.post("/account/sign-in", { email: "Jane@Example.com", password: "demo-jane-2026" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "jane@example.com", first_name: "Jane", last_name: "Doe" });
    const jane = await getCustomer(shop.db, response.json().id);
    expect(jane?.shippingAddress).toMatchObject({ city: "San Francisco", state: "CA", postcode: "94105", country: "US" });
    expect(jane?.billingAddress).toMatchObject({ email: "jane@example.com", state: "CA" });
  });

  it("gives a signed-in customer's cart her saved addresses, so the cart is priced for them; an address given as a guest stays", async () => {
    const jane = new StoreClient(shop.app);
    await jane.post("/account/sign-in", { email: "jane@example.com", password: "demo-jane-2026" });
    await jane.post("/cart/add-item", { id: beanie, quantity: 1 });
    const cart = await jane.cart("GET", "/cart");
    expect(cart.shipping_address).toMatchObject({
      first_name: "Jane",
      city: "San Francisco",
      state: "CA",
      postcode: "94105",
      country: "US",
    });
    expect(cart.billing_address).toMatchObject({ email: "jane@example.com", city: "San Francisco", country: "US" });
    // Priced for her address: the shipping packages name it.
    expect(cart.shipping_rates[0]?.destination).toMatchObject({ city: "San Francisco", postcode: "94105" });
    await jane.post("/account/sign-out", {});

    // A guest who gave a shipping address, then signs in: the cart keeps what was given.
    const guest = new StoreClient(shop.app);
    await guest.post("/cart/add-item", { id: beanie, quantity: 1 });
    await guest.post("/cart/update-customer", { shipping_address: { country: "GB", postcode: "SW1A 1AA", city: "London" } });
    await guest.post("/account/sign-in", { email: "jane@example.com", password: "demo-jane-2026" });
    const kept = await guest.cart("GET", "/cart");
    expect(kept.shipping_address).toMatchObject({ country: "GB", postcode: "SW1A 1AA", city: "London" });
    expect(kept.billing_address).toMatchObject({ email: "jane@example.com", city: "San Francisco" });
  });
});
