/**
 * Owner API keys (decision 0098) on SQLite and PostgreSQL: the owner makes keys (the secret
 * answered once), a read key lists orders and is refused writes, a write key writes and the change
 * log names the key, wrong and revoked keys get 401 with WWW-Authenticate, a key stops with its
 * staff member, keys mean nothing on the Store API, last access is written at most once a minute,
 * failed attempts are rate-limited, keys are refused over plain HTTP when the shop is on HTTPS.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../../../test/app.ts";
import { ADMIN, adminCall, latestChange, signedIn, signedInManager, signedInOwner } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
import { ensureOwner } from "../customers/index.ts";

const OWNER = { email: "owner@example.com", password: "owner-password-2026" };
let shop: TestShop;
let owner: StoreClient;
let ownerId: number;

interface MadeKey {
  id: number;
  key_id: string;
  secret: string;
  truncated_key: string;
  permission: string;
  staff_id: number;
}

async function makeKey(body: Record<string, unknown>, client = owner): Promise<MadeKey> {
  const response = await adminCall(client, "POST", "/api-keys", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const basic = (key: { key_id: string; secret: string }) => `Basic ${Buffer.from(`${key.key_id}:${key.secret}`).toString("base64")}`;

function keyed(
  key: { key_id: string; secret: string },
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  options: { app?: FastifyInstance; bearer?: boolean; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const authorization = options.bearer ? `Bearer ${key.key_id}.${key.secret}` : basic(key);
  return (options.app ?? shop.app).inject({
    method,
    url: path.startsWith("/api/") ? path : `${ADMIN}${path}`,
    headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  ownerId = (await ensureOwner(shop.db, OWNER.email, OWNER.password)).id;
  owner = await signedIn(shop.app, OWNER.email, OWNER.password);
});
afterAll(async () => shop?.close());

describe("making keys", () => {
  it("answers the secret once, keeps only its hash, and lists keys without secrets", async () => {
    const key = await makeKey({ description: "ERP sync", permission: "read" });
    expect(key.key_id).toMatch(/^cwk_[A-Za-z0-9_-]{16}$/);
    expect(key.secret).toMatch(/^cws_[A-Za-z0-9_-]{43}$/);
    expect(key.truncated_key).toBe(`cws_…${key.secret.slice(-4)}`);
    expect(key.staff_id).toBe(ownerId);
    const row = await shop.db.selectFrom("api_keys").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const list = await adminCall(owner, "GET", "/api-keys");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret);
    expect(list.body).not.toContain(row.secret_hash);
    const listed = list.json().keys.find((k: { id: number }) => k.id === key.id);
    expect(listed).toMatchObject({
      description: "ERP sync",
      permission: "read",
      staff_email: OWNER.email,
      staff_role: "owner",
      revoked_at: null,
    });
    expect(listed).not.toHaveProperty("secret");
    const change = await latestChange(shop.db, "api_key", String(key.id));
    expect(`${change.before}${change.after}`).not.toContain(key.secret);
    expect(`${change.after}`).not.toContain(row.secret_hash);
  });

  it("names each wrong field", async () => {
    const response = await adminCall(owner, "POST", "/api-keys", { description: "  ", staff_id: 999999, permission: "read" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("rest_invalid_param");
    expect(Object.keys(response.json().data.details).sort()).toEqual(["description", "staff_id"]);
    const jane = await shop.db.selectFrom("customers").select("id").where("email", "=", "jane@example.com").executeTakeFirstOrThrow();
    const shopper = await adminCall(owner, "POST", "/api-keys", { description: "Jane's", staff_id: jane.id });
    expect(Object.keys(shopper.json().data.details)).toEqual(["staff_id"]);
    const permission = await adminCall(owner, "POST", "/api-keys", { description: "x", permission: "admin" });
    expect(permission.statusCode).toBe(400);
    expect(permission.json().data.details).toHaveProperty("permission");
  });

  it("is the owner's: a manager, a shopper and a key are refused", async () => {
    const manager = await signedInManager(shop.app, shop.db, "max@keys.test");
    expect((await adminCall(manager, "GET", "/api-keys")).statusCode).toBe(403);
    expect((await adminCall(manager, "POST", "/api-keys", { description: "mine" })).statusCode).toBe(403);
    const key = await makeKey({ description: "All", permission: "read_write" });
    const byKey = await keyed(key, "POST", "/api-keys", { description: "another" });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe("cw_rest_forbidden");
    expect((await keyed(key, "GET", "/api-keys")).statusCode).toBe(403);
  });
});

describe("using keys", () => {
  it("a read key lists orders without cookie or nonce, and is refused a write", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.cart("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 });
    const placed = await shopper.post("/checkout", { billing_address: testBilling("keyed@keys.test"), payment_method: "cod" });
    expect(placed.statusCode, placed.body).toBe(200);
    const key = await makeKey({ description: "Reports", permission: "read" });
    const orders = await keyed(key, "GET", "/orders");
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().orders.map((order: { id: number }) => order.id)).toContain(placed.json().order_id);
    expect(orders.headers["set-cookie"]).toBeUndefined();
    expect(orders.headers["cart-token"]).toBeUndefined();
    expect(orders.headers.nonce).toBeUndefined();
    expect((await keyed(key, "GET", "/orders", undefined, { bearer: true })).statusCode).toBe(200);
    const write = await keyed(key, "POST", "/tags", { name: "From a read key" });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: "cw_rest_forbidden", message: expect.stringContaining("may only read") });
    expect(await shop.db.selectFrom("tags").select("id").where("name", "=", "From a read key").executeTakeFirst()).toBeUndefined();
  });

  it("a write key writes, and the change log names the staff member and the key", async () => {
    const key = await makeKey({ description: "Warehouse app", permission: "write" });
    const made = await keyed(key, "POST", "/tags", { name: "Keyed tag" });
    expect(made.statusCode, made.body).toBe(201);
    const change = await latestChange(shop.db, "tag", String(made.json().id));
    expect(change).toMatchObject({ actor_id: ownerId, action: "create", via: "API key Warehouse app" });
    const read = await keyed(key, "GET", "/orders");
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toContain("may only write");
    // A console change has no `via`.
    const tag = await adminCall(owner, "PATCH", `/tags/${made.json().id}`, { name: "Console tag" });
    expect(tag.statusCode, tag.body).toBe(200);
    expect((await latestChange(shop.db, "tag", String(made.json().id))).via).toBeNull();
  });

  it("a key of a manager does what the manager may, no more", async () => {
    const manager = await signedInManager(shop.app, shop.db, "mia@keys.test");
    const managerId = (await shop.db.selectFrom("customers").select("id").where("email", "=", "mia@keys.test").executeTakeFirstOrThrow())
      .id;
    const key = await makeKey({ description: "Mia's script", permission: "read_write", staff_id: managerId });
    expect((await keyed(key, "GET", "/orders")).statusCode).toBe(200);
    expect((await keyed(key, "GET", "/coupons")).statusCode).toBe(403);
    expect(manager).toBeDefined();
  });

  it("answers 401 with WWW-Authenticate to a wrong secret, an unknown key and a malformed header", async () => {
    const key = await makeKey({ description: "Wrong ones", permission: "read" });
    const wrongSecret = { key_id: key.key_id, secret: `cws_${"A".repeat(43)}` };
    const unknown = { key_id: "cwk_AAAAAAAAAAAAAAAA", secret: key.secret };
    for (const credentials of [wrongSecret, unknown]) {
      const response = await keyed(credentials, "GET", "/orders");
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("cw_rest_api_key_invalid");
      expect(response.headers["www-authenticate"]).toMatch(/^Basic realm=/);
      expect(response.body).not.toContain(key.secret);
    }
    const malformed = await shop.app.inject({ url: `${ADMIN}/orders`, headers: { authorization: "Bearer cwk_short" } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.headers["www-authenticate"]).toBeDefined();
    // Credentials that are not a key's (a password-protecting proxy's) are left alone: the request is a guest's.
    const proxy = await shop.app.inject({
      url: `${ADMIN}/orders`,
      headers: { authorization: `Basic ${Buffer.from("staging:pw").toString("base64")}` },
    });
    expect(proxy.statusCode).toBe(401);
    expect(proxy.json().code).toBe("cw_rest_not_signed_in");
  });

  it("a revoked key stops at once, with a clear 401; a deleted key is unknown", async () => {
    const key = await makeKey({ description: "Old app", permission: "read" });
    expect((await keyed(key, "GET", "/orders")).statusCode).toBe(200);
    const revoked = await adminCall(owner, "POST", `/api-keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const refused = await keyed(key, "GET", "/orders");
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: "cw_rest_api_key_revoked", message: "This API key has been revoked." });
    expect((await adminCall(owner, "DELETE", `/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await keyed(key, "GET", "/orders")).json().code).toBe("cw_rest_api_key_invalid");
    expect((await adminCall(owner, "DELETE", `/api-keys/${key.id}`)).statusCode).toBe(404);
  });

  it("changes a key's description and permission, and the key follows", async () => {
    const key = await makeKey({ description: "Sync", permission: "read" });
    const changed = await adminCall(owner, "PATCH", `/api-keys/${key.id}`, { description: "Sync v2", permission: "read_write" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: "Sync v2", permission: "read_write" });
    const made = await keyed(key, "POST", "/tags", { name: "After the change" });
    expect(made.statusCode).toBe(201);
    expect((await latestChange(shop.db, "tag", String(made.json().id))).via).toBe("API key Sync v2");
  });

  it("names each wrong field of a change and keeps the key as it was; a revoked key cannot be changed", async () => {
    const key = await makeKey({ description: "Exporter", permission: "read" });
    const wrong = await adminCall(owner, "PATCH", `/api-keys/${key.id}`, { description: "   ", permission: "admin" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("rest_invalid_param");
    expect(wrong.json().data.details).toHaveProperty("permission");
    const blank = await adminCall(owner, "PATCH", `/api-keys/${key.id}`, { description: "   " });
    expect(Object.keys(blank.json().data.details)).toEqual(["description"]);
    const long = await adminCall(owner, "PATCH", `/api-keys/${key.id}`, { description: "x".repeat(201) });
    expect(JSON.stringify(long.json().data.details.description)).toContain("200 characters");
    const kept = await shop.db
      .selectFrom("api_keys")
      .select(["description", "permission"])
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ description: "Exporter", permission: "read" });
    expect((await adminCall(owner, "POST", `/api-keys/${key.id}/revoke`)).statusCode).toBe(200);
    const refused = await adminCall(owner, "PATCH", `/api-keys/${key.id}`, { description: "Exporter v2" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("cw_rest_api_key_not_editable");
    const after = await shop.db.selectFrom("api_keys").select("description").where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(after.description).toBe("Exporter");
    expect((await adminCall(owner, "PATCH", "/api-keys/999999", { description: "Nobody" })).statusCode).toBe(404);
  });

  it("a key stops when its staff member is removed from the staff or deleted", async () => {
    await signedInManager(shop.app, shop.db, "leo@keys.test");
    const leo = await shop.db.selectFrom("customers").select("id").where("email", "=", "leo@keys.test").executeTakeFirstOrThrow();
    const key = await makeKey({ description: "Leo's", permission: "read", staff_id: leo.id });
    expect((await keyed(key, "GET", "/orders")).statusCode).toBe(200);
    expect((await adminCall(owner, "DELETE", `/staff/${leo.id}`)).statusCode).toBe(204);
    const refused = await keyed(key, "GET", "/orders");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("cw_rest_api_key_inactive");
    const listed = (await adminCall(owner, "GET", "/api-keys")).json().keys.find((k: { id: number }) => k.id === key.id);
    expect(listed.staff_role).toBeNull();
    // Made a manager again, the key works again: it acts as the member with their role now.
    await shop.db.updateTable("customers").set({ role: "manager" }).where("id", "=", leo.id).execute();
    expect((await keyed(key, "GET", "/orders")).statusCode).toBe(200);
    await shop.db.deleteFrom("customer_sessions").where("customer_id", "=", leo.id).execute();
    await shop.db.deleteFrom("customers").where("id", "=", leo.id).execute();
    expect((await keyed(key, "GET", "/orders")).statusCode).toBe(401);
  });

  it("means nothing on the Store API: the request is a guest's", async () => {
    const key = await makeKey({ description: "Store try", permission: "read_write" });
    const account = await keyed(key, "GET", "/api/store/v1/account");
    expect(account.statusCode).toBe(401);
    expect(account.headers["user-id"]).toBe("0");
    const cart = await keyed(key, "POST", "/api/store/v1/cart/add-item", { id: 1, quantity: 1 });
    expect(cart.json().code).toBe("cw_rest_missing_nonce");
  });

  it("writes last access when there is none or it is a minute old, not on every request", async () => {
    const key = await makeKey({ description: "Busy", permission: "read" });
    const lastAccess = async () =>
      (await shop.db.selectFrom("api_keys").select("last_access_at").where("id", "=", key.id).executeTakeFirstOrThrow()).last_access_at;
    expect(await lastAccess()).toBeNull();
    await keyed(key, "GET", "/orders");
    const first = await lastAccess();
    expect(first).not.toBeNull();
    const recent = new Date(Date.now() - 30_000).toISOString();
    await shop.db.updateTable("api_keys").set({ last_access_at: recent }).where("id", "=", key.id).execute();
    await keyed(key, "GET", "/orders");
    expect(await lastAccess()).toBe(recent);
    const old = new Date(Date.now() - 61_000).toISOString();
    await shop.db.updateTable("api_keys").set({ last_access_at: old }).where("id", "=", key.id).execute();
    await keyed(key, "GET", "/orders");
    expect(await lastAccess()).not.toBe(old);
  });
});

describe("guards", () => {
  it("limits failed attempts from one address, and lets a valid key through", async () => {
    const limited = await createTestShop({ rateLimit: true });
    try {
      const client = await signedInOwner(limited, OWNER);
      const made = await adminCall(client, "POST", "/api-keys", { description: "Good", permission: "read" });
      const good = made.json() as MadeKey;
      const wrong = { key_id: good.key_id, secret: `cws_${"B".repeat(43)}` };
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await keyed(wrong, "GET", "/orders", undefined, { app: limited.app })).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      const refused = await keyed(wrong, "GET", "/orders", undefined, { app: limited.app });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe("cw_rest_rate_limit_exceeded");
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await keyed(good, "GET", "/orders", undefined, { app: limited.app })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("refuses keys over plain HTTP when the shop is on HTTPS in production, except from this machine", async () => {
    const key = await makeKey({ description: "Remote", permission: "read" });
    const lines: string[] = [];
    const app = await buildApp({
      config: {
        logLevel: "trace",
        production: true,
        secret: TEST_SECRET,
        rateLimit: false,
        publicUrl: "https://shop.example",
        trustProxy: false,
      },
      db: shop.db,
      logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } },
      web: false,
    });
    await app.ready();
    try {
      const remote = await keyed(key, "GET", "/orders", undefined, { app, remoteAddress: "203.0.113.7" });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().code).toBe("cw_rest_api_key_https_required");
      expect((await keyed(key, "GET", "/orders", undefined, { app, remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
      // Nothing of a secret reaches the log, whatever the request.
      await keyed({ key_id: key.key_id, secret: `cws_${"C".repeat(43)}` }, "GET", "/orders", undefined, { app });
      const created = await app.inject({
        method: "POST",
        url: `${ADMIN}/api-keys`,
        headers: { ...(await sessionHeaders(app, owner)), "content-type": "application/json" },
        payload: JSON.stringify({ description: "Logged?" }),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join("\n");
      expect(log).not.toContain(key.secret);
      expect(log).not.toContain(created.json().secret);
      expect(log).not.toContain(Buffer.from(`${key.key_id}:${key.secret}`).toString("base64"));
    } finally {
      await app.close();
    }
  });

  it("declares the keys' security scheme in the OpenAPI document, on owner routes only", async () => {
    const doc = (await shop.app.inject("/api/docs/json")).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "basic" });
    expect(doc.components.securitySchemes.apiKeyBearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/admin/v1/orders"].get.security).toEqual([{ apiKey: [] }, { apiKeyBearer: [] }, { consoleSession: [] }]);
    // Every owner POST names the Idempotency-Key header (decision 0169); reads do not.
    const header = (operation: { parameters?: { in: string; name: string }[] }) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === "header").map((parameter) => parameter.name);
    expect(header(doc.paths["/api/admin/v1/orders/{id}/refunds"].post)).toEqual(["idempotency-key"]);
    expect(header(doc.paths["/api/admin/v1/orders"].get)).toEqual([]);
    expect(doc.paths["/api/admin/v1/api-keys"].post.tags).toEqual(["owner"]);
    expect(doc.paths["/api/store/v1/cart"].get.security).toBeUndefined();
  });
});

/** The owner client's cookie and a nonce for it from `app` (another app over the same shop, same secret). */
async function sessionHeaders(app: FastifyInstance, client: StoreClient): Promise<Record<string, string>> {
  const cookie = client.credentials().cookie ?? "";
  const read = await app.inject({ url: `${ADMIN}/api-keys`, headers: { cookie } });
  return { cookie, nonce: String(read.headers.nonce) };
}
