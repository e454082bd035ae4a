/**
 * Login sessions that end (issue 14, decision 0017): a signed-in token or cookie kept from before
 * signing out, a password change or "sign out everywhere" no longer signs anyone in, on any process
 * over the same database.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, TEST_SECRET, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient } from "../../../../../test/store-client.ts";
import { createSessionToken } from "../../http/tokens.ts";
import { deleteEndedLoginSessions, ensureOwner, loginSessionStands } from "./index.ts";

const SECRET = TEST_SECRET;
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a new and longer secret";

let shop: TestShop;
let beanie: number;
beforeAll(async () => {
  shop = await createTestShop();
  beanie = await productId(shop.app, "beanie");
});
afterAll(() => shop?.close());

let counter = 0;
const uniqueEmail = () => `session${++counter}-${Date.now()}@example.com`;

async function registeredCustomer() {
  const email = uniqueEmail();
  const response = await new StoreClient(shop.app).post("/account/register", { email, password: PASSWORD, first_name: "Jane" });
  expect(response.statusCode).toBe(201);
  return { email, id: response.json().id as number };
}

async function signedIn(email: string, password = PASSWORD, app: FastifyInstance = shop.app, mode: "token" | "browser" = "token") {
  const client = new StoreClient(app, mode);
  if (mode === "browser") await client.get("/cart");
  const response = await client.post("/account/sign-in", { email, password });
  expect(response.statusCode).toBe(200);
  return client;
}

/** GET /account with a kept Cart-Token, as a client that copied it would send it. */
const accountWithToken = (token: string | undefined, app: FastifyInstance = shop.app) =>
  app.inject({ method: "GET", url: "/api/store/v1/account", headers: { "cart-token": token as string } });

const accountWithCookie = (cookie: string | undefined, app: FastifyInstance = shop.app) =>
  app.inject({ method: "GET", url: "/api/store/v1/account", headers: { cookie: cookie as string } });

const expectGuest = (response: Awaited<ReturnType<typeof accountWithToken>>) => {
  expect(response.statusCode).toBe(401);
  expect(response.json().code).toBe("cw_rest_not_signed_in");
  expect(response.headers["user-id"]).toBe("0");
};

describe("signing out", () => {
  it("ends the session for a Cart-Token kept from before", async () => {
    const { email, id } = await registeredCustomer();
    const client = await signedIn(email);
    await client.post("/cart/add-item", { id: beanie, quantity: 3 });
    const kept = client.credentials().token;
    expect((await accountWithToken(kept)).json().id).toBe(id);

    expect((await client.post("/account/sign-out")).statusCode).toBe(200);
    expectGuest(await accountWithToken(kept));
    // Nor does the kept token reach the customer's saved cart.
    const cart = await shop.app.inject({ method: "GET", url: "/api/store/v1/cart", headers: { "cart-token": kept as string } });
    expect(cart.statusCode).toBe(200);
    expect(cart.json().items).toEqual([]);
    expect(cart.headers["user-id"]).toBe("0");
  });

  it("ends the session for the cookie kept from before, which a browser signed out with", async () => {
    const { email } = await registeredCustomer();
    const browser = await signedIn(email, PASSWORD, shop.app, "browser");
    const kept = browser.credentials().cookie;
    expect((await accountWithCookie(kept)).statusCode).toBe(200);

    expect((await browser.post("/account/sign-out")).statusCode).toBe(200);
    const replayed = await accountWithCookie(kept);
    expectGuest(replayed);
    // The replayed cookie is replaced by a guest's.
    expect(String(replayed.headers["set-cookie"])).toMatch(/^cw_session=/);
  });

  it("of one device leaves the customer's other devices signed in", async () => {
    const { email, id } = await registeredCustomer();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    await laptop.post("/account/sign-out");
    expect((await phone.get("/account")).json().id).toBe(id);
  });

  it("of customer A, by signing in as B on the same client, ends A's session", async () => {
    const a = await registeredCustomer();
    const b = await registeredCustomer();
    const client = await signedIn(a.email);
    const keptA = client.credentials().token;
    expect((await client.post("/account/sign-in", { email: b.email, password: PASSWORD })).headers["user-id"]).toBe(String(b.id));
    expectGuest(await accountWithToken(keptA));
  });

  it("a signed-in token without a login session (forged with the key, or from before sessions were kept) is a guest", async () => {
    const { id } = await registeredCustomer();
    const token = createSessionToken(SECRET, { sid: "an-old-cart-session", uid: id });
    expectGuest(await accountWithToken(token));
    const unknown = createSessionToken(SECRET, { sid: "an-old-cart-session", uid: id, lid: "no-such-login-session" });
    expectGuest(await accountWithToken(unknown));
  });

  it("keeps the customer through a batch of writes", async () => {
    const { email, id } = await registeredCustomer();
    const client = await signedIn(email);
    const batch = await client.post("/batch", { requests: [{ path: "/api/store/v1/cart/add-item", body: { id: beanie } }] });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().responses[0].headers["user-id"]).toBe(String(id));
  });
});

describe("POST /account/password", () => {
  it("changes the password, ends the customer's other sessions and continues the one that changed it", async () => {
    const { email, id } = await registeredCustomer();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    await laptop.post("/cart/add-item", { id: beanie, quantity: 2 });
    const keptLaptop = laptop.credentials().token;

    const changed = await laptop.post("/account/password", { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, email });
    expect(changed.headers["user-id"]).toBe(String(id));

    // The laptop goes on, on the same cart, with a fresh token; every earlier copy has ended.
    expect((await laptop.get("/account")).json().id).toBe(id);
    const cart = await laptop.cart("GET", "/cart");
    expect(cart.items.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([[beanie, 2]]);
    expectGuest(await accountWithToken(keptLaptop));
    expectGuest(await phone.get("/account"));

    const old = await new StoreClient(shop.app).post("/account/sign-in", { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    expect((await new StoreClient(shop.app).post("/account/sign-in", { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a wrong current password with a clear error, changing nothing", async () => {
    const { email } = await registeredCustomer();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const wrong = await laptop.post("/account/password", { current_password: "not my password", new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: "cw_rest_incorrect_password",
      message: "The current password is not right.",
      data: { status: 400 },
    });
    expect((await phone.get("/account")).statusCode).toBe(200);
    expect((await laptop.get("/account")).statusCode).toBe(200);
    expect((await new StoreClient(shop.app).post("/account/sign-in", { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("holds the new password to registration's rules", async () => {
    const { email } = await registeredCustomer();
    const client = await signedIn(email);
    const short = await client.post("/account/password", { current_password: PASSWORD, new_password: "seven77" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: "registration-error-password-too-short",
      message: "Please choose a password of at least 8 characters.",
    });
    const empty = await client.post("/account/password", { current_password: PASSWORD, new_password: "" });
    expect(empty.json().code).toBe("registration-error-missing-password");
    const missing = await client.post("/account/password", { current_password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect((await client.get("/account")).statusCode).toBe(200);
  });

  it("is for the signed-in only, and a browser needs the nonce", async () => {
    const guest = await new StoreClient(shop.app).post("/account/password", { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");

    const { email } = await registeredCustomer();
    const browser = await signedIn(email, PASSWORD, shop.app, "browser");
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    const noNonce = await browser.request("POST", "/account/password", body, { nonce: "" });
    expect(noNonce.statusCode).toBe(401);
    expect(noNonce.json().code).toBe("cw_rest_missing_nonce");
    const changed = await browser.post("/account/password", body);
    expect(changed.statusCode).toBe(200);
    // The browser's new cookie carries on.
    expect((await browser.get("/account")).statusCode).toBe(200);
  });

  it("is in the OpenAPI document, as is signing out everywhere", async () => {
    const doc = (await shop.app.inject("/api/docs")).json();
    expect(doc.paths["/api/store/v1/account/password"]?.post).toBeDefined();
    expect(doc.paths["/api/store/v1/account/sign-out-everywhere"]?.post).toBeDefined();
  });
});

describe("POST /account/sign-out-everywhere", () => {
  it("ends every session of the customer, the asking one included", async () => {
    const { email } = await registeredCustomer();
    const clients = [await signedIn(email), await signedIn(email), await signedIn(email, PASSWORD, shop.app, "browser")];
    const kept = clients.map((client) => client.credentials());

    const out = await clients[0]?.post("/account/sign-out-everywhere");
    expect(out?.statusCode).toBe(200);
    expect(out?.json()).toEqual({});
    expect(out?.headers["user-id"]).toBe("0");
    for (const client of clients) expectGuest(await client.get("/account"));
    for (const { token } of kept) expectGuest(await accountWithToken(token));
    expectGuest(await accountWithCookie(kept[2]?.cookie));
    // Signing in again works as before.
    expect((await new StoreClient(shop.app).post("/account/sign-in", { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("is for the signed-in only", async () => {
    const guest = await new StoreClient(shop.app).post("/account/sign-out-everywhere");
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("cw_rest_not_signed_in");
  });
});

describe("two server processes over one database", () => {
  let second: SecondProcess;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await secondProcess(shop);
    other = second.app;
  });
  afterAll(() => second.close());

  it("agree at once: a sign-out on one is refused on the other", async () => {
    const { email, id } = await registeredCustomer();
    const client = await signedIn(email, PASSWORD, shop.app);
    const kept = client.credentials().token;
    expect((await accountWithToken(kept, other)).json().id).toBe(id);

    const out = await other.inject({ method: "POST", url: "/api/store/v1/account/sign-out", headers: { "cart-token": kept as string } });
    expect(out.statusCode).toBe(200);
    expectGuest(await accountWithToken(kept, shop.app));
    expectGuest(await accountWithToken(kept, other));
  });

  it("agree on a password change made on the other", async () => {
    const { email } = await registeredCustomer();
    const here = await signedIn(email, PASSWORD, shop.app);
    const there = await signedIn(email, PASSWORD, other);
    expect((await here.get("/account")).statusCode).toBe(200);
    const changed = await there.post("/account/password", { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expectGuest(await here.get("/account"));
    expect((await accountWithToken(there.credentials().token, shop.app)).statusCode).toBe(200);
  });
});

describe("the owner's password set at start", () => {
  const OWNER = "owner-sessions@example.com";
  it("ends the owner's sessions when it changes, and only then", async () => {
    await ensureOwner(shop.db, OWNER, "first-owner-password");
    const owner = await signedIn(OWNER, "first-owner-password");
    expect((await owner.get("/account")).statusCode).toBe(200);

    await ensureOwner(shop.db, OWNER, "first-owner-password");
    expect((await owner.get("/account")).statusCode).toBe(200);

    await ensureOwner(shop.db, OWNER, "second-owner-password");
    expectGuest(await owner.get("/account"));
  });

  it("ends a shopper's sessions when their account becomes the owner's with another password", async () => {
    const { email } = await registeredCustomer();
    const client = await signedIn(email);
    await ensureOwner(shop.db, email, "the-owners-own-password");
    expectGuest(await client.get("/account"));
  });
});

describe("login session rows", () => {
  const HOUR = 60 * 60 * 1000;
  const loginIdOf = (token: string | undefined) =>
    JSON.parse(Buffer.from((token ?? "").split(".")[0] ?? "", "base64url").toString("utf8")).lid as string;
  const rowOf = (id: string) => shop.db.selectFrom("customer_sessions").selectAll().where("id", "=", id).executeTakeFirst();

  it("note their last use at most hourly, so a signed-in read is not a write", async () => {
    const { email, id } = await registeredCustomer();
    const lid = loginIdOf((await signedIn(email)).credentials().token);
    const started = await rowOf(lid);
    expect(started).toMatchObject({ customer_id: id, revoked_at: null });
    const now = new Date(Date.parse(started?.last_used_at ?? "") + 30 * 60 * 1000);
    expect(await loginSessionStands(shop.db, lid, id, now)).toBe(true);
    expect((await rowOf(lid))?.last_used_at).toBe(started?.last_used_at);
    const later = new Date(now.getTime() + HOUR);
    expect(await loginSessionStands(shop.db, lid, id, later)).toBe(true);
    expect((await rowOf(lid))?.last_used_at).toBe(later.toISOString());
    // Another customer's id with this session's id is refused.
    expect(await loginSessionStands(shop.db, lid, id + 1, later)).toBe(false);
  });

  it("are deleted by the sweep once no token can name them", async () => {
    const { email } = await registeredCustomer();
    const lid = loginIdOf((await signedIn(email)).credentials().token);
    const lastUsed = Date.parse((await rowOf(lid))?.last_used_at ?? "");
    await deleteEndedLoginSessions(shop.db, new Date(lastUsed + 48 * HOUR));
    expect(await rowOf(lid)).toBeDefined();
    await deleteEndedLoginSessions(shop.db, new Date(lastUsed + 49 * HOUR + 1000));
    expect(await rowOf(lid)).toBeUndefined();
  });
});
