/**
 * Staff, roles and sessions (issue 18, decision 0032) on SQLite and PostgreSQL: which owner API
 * areas the owner, a manager, a shopper and a guest reach; invitations mailed, withdrawn, accepted
 * (new and existing accounts) and refused (wrong, used, expired, wrong password); a manager removed;
 * the caller's own sessions; staff sessions ending after their idle and absolute limits.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner } from "../../../../../test/owner-client.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
// biome-ignore lint/style/noRestrictedImports: the tests' reader of the outbox's messages
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { STAFF_IDLE_MS, STAFF_MAX_AGE_MS } from "./index.ts";

const ADMIN = "/api/admin/v1";
const PUBLIC_URL = "https://shop.example";
const OWNER = { email: "owner@staff.test", password: "owner-password-2026" };
const MANAGER_PASSWORD = "manager-password-2026";
const outbox = join(mkdtempSync(join(tmpdir(), "cw-staff-")), "outbox");

let shop: TestShop;
/** The shop as main.ts builds it, with a mailer writing into its own outbox. */
let app: FastifyInstance;
let owner: StoreClient;

const call = (client: StoreClient, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) =>
  client.request(method, `${ADMIN}${path}`, body);

let invited = 0;
const newEmail = (name: string) => `${name}${++invited}@staff.test`;

/** The token of the newest invitation mailed to this address, read from the outbox's .eml. */
function mailedToken(to: string): string {
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith("-staff-invite.eml"))
    .sort();
  for (const name of files.reverse()) {
    const mail = parseEml(readFileSync(join(outbox, name), "utf8"));
    if (mail.headers.to !== to) continue;
    const link = mail.text.match(/https:\/\/shop\.example\/admin\/invite\?token=([A-Za-z0-9_-]+)/);
    if (link?.[1]) return link[1];
  }
  throw new Error(`no invitation mailed to ${to}`);
}

async function invite(email: string): Promise<{ id: number; token: string }> {
  const response = await call(owner, "POST", "/staff/invites", { email, role: "manager" });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id, token: mailedToken(email) };
}

/** A new manager through an invitation accepted by a new account; answers their signed-in client. */
async function newManager(name = "max"): Promise<{ id: number; email: string; client: StoreClient }> {
  const email = newEmail(name);
  const { token } = await invite(email);
  const client = new StoreClient(app, "browser");
  await client.get("/cart");
  const accepted = await client.post("/account/invites/accept", { token, password: MANAGER_PASSWORD, first_name: "Max" });
  expect(accepted.statusCode).toBe(200);
  return { id: accepted.json().id, email, client };
}

beforeAll(async () => {
  shop = await createTestShop();
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: true },
    db: shop.db,
    logger: false,
    web: false,
    mailer: createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }),
  });
  await app.ready();
  owner = await signedInOwner({ app, db: shop.db }, OWNER);
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

describe("roles", () => {
  it("lets the owner everywhere, a manager into their areas only, and keeps shoppers and guests out", async () => {
    const manager = (await newManager()).client;
    const shopper = await signedIn(app, "jane@example.com", "demo-jane-2026");
    const guest = new StoreClient(app, "browser");
    await guest.get("/cart");
    const managerAreas = [
      "/orders",
      "/orders/999999",
      "/customers",
      "/customers/guests",
      "/reports/overview",
      "/contact-messages",
      "/sessions",
    ];
    const ownerAreas = ["/contact-widgets", "/forms", "/forms/1", "/staff"];
    for (const path of [...managerAreas, ...ownerAreas]) {
      const asOwner = await call(owner, "GET", path);
      expect([200, 404], `owner ${path}`).toContain(asOwner.statusCode);
      expect((await call(shopper, "GET", path)).json().code, `shopper ${path}`).toBe("cw_rest_forbidden");
      const asGuest = await call(guest, "GET", path);
      expect(asGuest.statusCode, `guest ${path}`).toBe(401);
      expect(asGuest.json().code).toBe("cw_rest_not_signed_in");
    }
    for (const path of managerAreas) {
      const asManager = await call(manager, "GET", path);
      expect(asManager.statusCode, `manager ${path}`).toBe((await call(owner, "GET", path)).statusCode);
    }
    expect((await call(manager, "GET", "/orders")).statusCode).toBe(200);
    for (const path of ownerAreas) {
      const refused = await call(manager, "GET", path);
      expect(refused.statusCode, `manager ${path}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: "cw_rest_forbidden", message: expect.stringMatching(/shop owner/) });
    }
    // Writes too: the staff list and the widgets are the owner's.
    expect((await call(manager, "POST", "/staff/invites", { email: "x@staff.test", role: "manager" })).statusCode).toBe(403);
    expect((await call(manager, "POST", "/contact-widgets", {})).statusCode).toBe(403);
    expect((await call(manager, "DELETE", "/forms/1")).statusCode).toBe(403);
  });

  it("lets a manager read a form's entries but not the form", async () => {
    const manager = (await newManager()).client;
    // A form of the demo shop.
    const forms = (await call(owner, "GET", "/forms")).json().forms as { id: number }[];
    expect(forms.length).toBeGreaterThan(0);
    const formId = (forms[0] as { id: number }).id;
    expect((await call(manager, "GET", `/forms/${formId}/entries`)).statusCode).toBe(
      (await call(owner, "GET", `/forms/${formId}/entries`)).statusCode,
    );
    expect((await call(manager, "GET", `/forms/${formId}/entries`)).statusCode).toBe(200);
    expect((await call(manager, "GET", `/forms/${formId}/entries.csv`)).statusCode).toBe(200);
    expect((await call(manager, "GET", `/forms/${formId}`)).statusCode).toBe(403);
  });
});

describe("staff", () => {
  it("invites by email with a link whose token is kept only hashed, lists and withdraws the invitation", async () => {
    const email = newEmail("ann");
    const response = await call(owner, "POST", "/staff/invites", { email: ` ${email.toUpperCase()} `, role: "manager" });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ email, role: "manager", invited_by: OWNER.email });
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
    const token = mailedToken(email);
    const stored = await shop.db.selectFrom("staff_invites").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = (await call(owner, "GET", "/staff")).json();
    expect(list.invites.map((i: { id: number }) => i.id)).toContain(created.id);
    expect(list.staff[0]).toMatchObject({ email: OWNER.email, role: "owner", last_active_at: expect.any(String) });

    expect((await call(owner, "DELETE", `/staff/invites/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, "DELETE", `/staff/invites/${created.id}`)).json().code).toBe("cw_rest_invite_not_found");
    const accept = await new StoreClient(app).post("/account/invites/accept", { token, password: MANAGER_PASSWORD });
    expect(accept.json().code).toBe("cw_rest_invite_invalid");
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "staff_invite")
      .where("entity_id", "=", String(created.id))
      .execute();
    expect(log.map((row) => row.action).sort()).toEqual(["create", "delete"]);
  });

  it("refuses a bad email beside the field, a member of staff, and another role", async () => {
    const bad = await call(owner, "POST", "/staff/invites", { email: "not-an-address", role: "manager" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "rest_invalid_param", data: { details: { email: { message: expect.any(String) } } } });
    const staff = await call(owner, "POST", "/staff/invites", { email: OWNER.email, role: "manager" });
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toMatchObject({ code: "cw_rest_staff_exists", data: { details: { email: expect.anything() } } });
    expect((await call(owner, "POST", "/staff/invites", { email: newEmail("x"), role: "owner" })).statusCode).toBe(400);
  });

  it("removes a manager: a shopper again, every session ended, the owner stays", async () => {
    const { id, email, client } = await newManager();
    const second = await signedIn(app, email, MANAGER_PASSWORD);
    expect((await call(owner, "GET", "/staff")).json().staff.map((m: { id: number }) => m.id)).toContain(id);
    expect((await call(owner, "DELETE", `/staff/${id}`)).statusCode).toBe(204);
    for (const device of [client, second]) {
      const after = await call(device, "GET", "/orders");
      expect(after.statusCode).toBe(401);
    }
    const row = await shop.db.selectFrom("customers").select("role").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.role).toBe("customer");
    // Signed in again, they are a shopper.
    expect((await call(await signedIn(app, email, MANAGER_PASSWORD), "GET", "/orders")).statusCode).toBe(403);
    expect((await call(owner, "DELETE", `/staff/${id}`)).json().code).toBe("cw_rest_staff_not_found");
    const ownerId = (await call(owner, "GET", "/staff")).json().staff[0].id;
    expect((await call(owner, "DELETE", `/staff/${ownerId}`)).json().code).toBe("cw_rest_staff_owner");
  });
});

describe("accepting an invitation", () => {
  it("tells the page what the invitation offers, then signs the new account in as a manager, once", async () => {
    const email = newEmail("new");
    const { token } = await invite(email);
    const visitor = new StoreClient(app, "browser");
    await visitor.get("/cart");
    const facts = await visitor.post("/account/invites/lookup", { token });
    expect(facts.json()).toMatchObject({ email, role: "manager", account_exists: false });
    const short = await visitor.post("/account/invites/accept", { token, password: "short-pass" });
    expect(short.json().code).toBe("cw_owner_password_too_short");
    const accepted = await visitor.post("/account/invites/accept", {
      token,
      password: MANAGER_PASSWORD,
      first_name: " Nia ",
      last_name: "Kay",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email, first_name: "Nia", last_name: "Kay", role: "manager" });
    expect(accepted.headers["user-id"]).toBe(String(accepted.json().id));
    expect((await call(visitor, "GET", "/orders")).statusCode).toBe(200);

    const again = await new StoreClient(app).post("/account/invites/accept", { token, password: MANAGER_PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("cw_rest_invite_used");
    expect((await new StoreClient(app).post("/account/invites/lookup", { token })).json().code).toBe("cw_rest_invite_used");
  });

  it("asks an existing account for its own password, and refuses a wrong one", async () => {
    const email = newEmail("shopper");
    expect((await new StoreClient(app).post("/account/register", { email, password: "shopper-password" })).statusCode).toBe(201);
    const { token } = await invite(email);
    const visitor = new StoreClient(app, "browser");
    await visitor.get("/cart");
    expect((await visitor.post("/account/invites/lookup", { token })).json().account_exists).toBe(true);
    const wrong = await visitor.post("/account/invites/accept", { token, password: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "cw_rest_incorrect_password", data: { details: { password: expect.anything() } } });
    expect(wrong.headers["ratelimit-remaining"]).toBeDefined();
    expect(wrong.headers["user-id"]).toBe("0");
    const accepted = await visitor.post("/account/invites/accept", { token, password: "shopper-password" });
    expect(accepted.statusCode).toBe(200);
    expect((await call(visitor, "GET", "/customers")).statusCode).toBe(200);
  });

  it("refuses a wrong token and an expired invitation", async () => {
    const client = new StoreClient(app);
    for (const token of ["", "abc", "A".repeat(43)]) {
      const response = await client.post("/account/invites/accept", { token, password: MANAGER_PASSWORD });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("cw_rest_invite_invalid");
    }
    const email = newEmail("late");
    const { id, token } = await invite(email);
    await shop.db
      .updateTable("staff_invites")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const expired = await client.post("/account/invites/accept", { token, password: MANAGER_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe("cw_rest_invite_expired");
    expect(await shop.db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});

describe("own sessions", () => {
  it("lists the caller's sessions, ends one and then all the others", async () => {
    const { email, client: first } = await newManager("sessions");
    const second = await signedIn(app, email, MANAGER_PASSWORD);
    const third = await signedIn(app, email, MANAGER_PASSWORD);
    const listed = (await call(first, "GET", "/sessions")).json().sessions;
    expect(listed).toHaveLength(3);
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const mine = listed.find((s: { current: boolean }) => s.current);
    // The public id is not the secret a token carries.
    const secrets = await shop.db.selectFrom("customer_sessions").select("id").execute();
    expect(secrets.map((s) => s.id)).not.toContain(mine.id);
    expect((await call(first, "DELETE", `/sessions/${mine.id}`)).json().code).toBe("cw_rest_session_current");

    const secondId = (await call(second, "GET", "/sessions")).json().sessions.find((s: { current: boolean }) => s.current).id;
    expect((await call(first, "DELETE", `/sessions/${secondId}`)).statusCode).toBe(204);
    expect((await call(second, "GET", "/sessions")).statusCode).toBe(401);
    expect((await call(owner, "DELETE", `/sessions/${secondId}`)).json().code).toBe("cw_rest_session_not_found");

    expect((await call(first, "POST", "/sessions/end-others")).json()).toEqual({ ended: 1 });
    expect((await call(third, "GET", "/orders")).statusCode).toBe(401);
    const left = (await call(first, "GET", "/sessions")).json().sessions;
    expect(left).toEqual([expect.objectContaining({ id: mine.id, current: true })]);
  });
});

describe("staff session limits", () => {
  const lidOf = async (customerEmail: string) => {
    const row = await shop.db
      .selectFrom("customer_sessions")
      .innerJoin("customers", "customers.id", "customer_sessions.customer_id")
      .select("customer_sessions.id")
      .where("customers.email", "=", customerEmail)
      .where("customer_sessions.revoked_at", "is", null)
      .orderBy("customer_sessions.created_at", "desc")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const backdate = async (lid: string, createdMsAgo: number, usedMsAgo: number) =>
    shop.db
      .updateTable("customer_sessions")
      .set({ created_at: new Date(Date.now() - createdMsAgo).toISOString(), last_used_at: new Date(Date.now() - usedMsAgo).toISOString() })
      .where("id", "=", lid)
      .execute();

  it("ends a staff session left idle past its limit, and one past its absolute limit however busy", async () => {
    const { email, client } = await newManager("idle");
    await backdate(await lidOf(email), STAFF_IDLE_MS - 60_000, STAFF_IDLE_MS - 60_000);
    expect((await call(client, "GET", "/orders")).statusCode).toBe(200);
    await backdate(await lidOf(email), STAFF_IDLE_MS + 60_000, STAFF_IDLE_MS + 60_000);
    expect((await call(client, "GET", "/orders")).statusCode).toBe(401);

    const busy = await signedIn(app, email, MANAGER_PASSWORD);
    await backdate(await lidOf(email), STAFF_MAX_AGE_MS - 60_000, 60_000);
    expect((await call(busy, "GET", "/orders")).statusCode).toBe(200);
    await backdate(await lidOf(email), STAFF_MAX_AGE_MS + 60_000, 60_000);
    expect((await call(busy, "GET", "/orders")).statusCode).toBe(401);
    expect((await busy.get("/account")).statusCode).toBe(401);
  });

  it("leaves a shopper's session as it was: idle for days, it still stands", async () => {
    const shopper = await signedIn(app, "jane@example.com", "demo-jane-2026");
    await backdate(await lidOf("jane@example.com"), STAFF_MAX_AGE_MS + 60_000, STAFF_IDLE_MS + 60_000);
    expect((await shopper.get("/account")).statusCode).toBe(200);
  });

  it("keeps a staff session's last use within minutes, for the idle limit", async () => {
    const { email, client } = await newManager("touch");
    const lid = await lidOf(email);
    await backdate(lid, 30 * 60_000, 30 * 60_000);
    expect((await call(client, "GET", "/sessions")).statusCode).toBe(200);
    const row = await shop.db.selectFrom("customer_sessions").select("last_used_at").where("id", "=", lid).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_used_at)).toBeLessThan(60_000);
  });
});

describe("the owner's sign-in", () => {
  it("meets the sign-in limit with its RateLimit headers", { timeout: 30_000 }, async () => {
    const attacker = { address: "203.0.113.200" };
    let token: string | undefined;
    const attempt = async (password: string) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/store/v1/account/sign-in",
        remoteAddress: attacker.address,
        headers: { "content-type": "application/json", ...(token ? { "cart-token": token } : {}) },
        payload: JSON.stringify({ email: OWNER.email, password }),
      });
      token = (response.headers["cart-token"] as string | undefined) ?? token;
      return response;
    };
    const first = await app.inject({ method: "GET", url: "/api/store/v1/cart", remoteAddress: attacker.address });
    token = first.headers["cart-token"] as string;
    const limit = 10;
    for (let i = 0; i < limit; i++) {
      const response = await attempt(`wrong-${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.headers["ratelimit-limit"]).toBe(String(limit));
      expect(response.headers["ratelimit-remaining"]).toBe(String(limit - i - 1));
    }
    const refused = await attempt(OWNER.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("cw_rest_rate_limit_exceeded");
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
