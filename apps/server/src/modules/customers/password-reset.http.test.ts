/**
 * "Lost your password?" on SQLite and PostgreSQL: the link mailed to an account's address, the same
 * answer for an address without one, the new password chosen through the link (signed in, every
 * other session ended, the old password refused), and the links that no longer work (used, replaced,
 * expired, not ours); the asks counted per address and per e-mail; no link without a mailer.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser } from "../../../../../test/browser.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
// biome-ignore lint/style/noRestrictedImports: the tests' reader of the outbox's messages
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";
import { deleteEndedPasswordResets, ensureOwner } from "./index.ts";

const PUBLIC_URL = "https://shop.example";
const PASSWORD = "first-password-2026";
const NEW_PASSWORD = "second-password-2026";
const outbox = join(mkdtempSync(join(tmpdir(), "cw-reset-")), "outbox");

let shop: TestShop;
let app: FastifyInstance;

let made = 0;
const newEmail = (name: string) => `${name}${++made}@reset.test`;

async function guest(on = app): Promise<StoreClient> {
  const client = new StoreClient(on, "browser");
  await client.get("/cart");
  return client;
}

async function registered(email: string): Promise<StoreClient> {
  const client = await guest();
  expect((await client.post("/account/register", { email, password: PASSWORD })).statusCode).toBe(201);
  return client;
}

const mailsTo = (to: string) =>
  (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }) : [])
    .filter((entry) => entry.isFile() && entry.name.endsWith("-password-reset.eml"))
    .map((entry) => parseEml(readFileSync(join(outbox, entry.name), "utf8")))
    .filter((mail) => mail.headers.to === to);

/** The key of the newest reset link mailed to this address (the e-mail leaves after the answer: waited for). */
async function mailedKey(to: string, count = 1): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const mails = mailsTo(to);
    if (mails.length >= count) {
      const links = mails.map(
        (mail) => mail.text.match(/https:\/\/shop\.example\/my-account\/reset-password\?key=([A-Za-z0-9_-]{43})/)?.[1],
      );
      const newest = links.at(-1);
      if (newest) return newest;
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`no reset link mailed to ${to}`);
}

async function askForLink(email: string): Promise<string> {
  const before = mailsTo(email).length;
  const asked = await (await guest()).post("/account/lost-password", { email });
  expect(asked.statusCode).toBe(200);
  return mailedKey(email, before + 1);
}

/** The shop as main.ts builds it, with a mailer writing into its own outbox; rate limits counted only when asked; the storefront's pages when asked. */
async function shopApp(rateLimit: boolean, pages = false): Promise<FastifyInstance> {
  const built = await buildApp({
    config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit },
    db: shop.db,
    logger: false,
    web: pages ? {} : false,
    mailer: createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }),
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  shop = await createTestShop();
  app = await shopApp(false);
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

describe("lost password", () => {
  it("mails a link that chooses a new password, signs in, and ends the account's other sessions", async () => {
    const email = newEmail("ada");
    const elsewhere = await registered(email);
    const asked = await (await guest()).post("/account/lost-password", { email: `  ${email.toUpperCase()} ` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({});
    const key = await mailedKey(email);
    const [mail] = mailsTo(email);
    expect(mail?.headers.subject).toMatch(/Choose a new password$/);
    expect(mail?.text).toContain("The link works once, for 1 hour.");

    const visitor = await guest();
    const check = await visitor.post("/account/reset-password/check", { key });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email, min_password_length: 8 });

    // A password registration would refuse: refused here too, and the link still works.
    const short = await visitor.post("/account/reset-password", { key, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe("registration-error-password-too-short");

    const reset = await visitor.post("/account/reset-password", { key, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email });
    expect((await visitor.get("/account")).json()).toMatchObject({ email });
    // The session that was signed in elsewhere is over.
    expect((await elsewhere.get("/account")).statusCode).toBe(401);

    const oldPassword = await (await guest()).post("/account/sign-in", { email, password: PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await (await guest()).post("/account/sign-in", { email, password: NEW_PASSWORD });
    expect(newPassword.statusCode).toBe(200);

    const again = await (await guest()).post("/account/reset-password", { key, password: "third-password-2026" });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: "cw_rest_reset_used",
      message: "This password reset link has been used already. Ask for a new one.",
    });
  });

  it("answers an address without an account as it answers one with, and mails it nothing", async () => {
    const known = newEmail("known");
    await registered(known);
    const unknown = newEmail("nobody");
    const forKnown = await (await guest()).post("/account/lost-password", { email: known });
    const forUnknown = await (await guest()).post("/account/lost-password", { email: unknown });
    expect([forUnknown.statusCode, forUnknown.body]).toEqual([forKnown.statusCode, forKnown.body]);
    await mailedKey(known);
    expect(mailsTo(unknown)).toEqual([]);
  });

  it("refuses a link that is not ours, replaced by a newer one, or expired", async () => {
    const visitor = await guest();
    for (const key of ["abc", "A".repeat(43)]) {
      const refused = await visitor.post("/account/reset-password/check", { key });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: "cw_rest_reset_invalid",
        message: "This password reset link is not valid. Ask for a new one.",
      });
    }

    const email = newEmail("grace");
    await registered(email);
    const first = await askForLink(email);
    const second = await askForLink(email);
    expect((await visitor.post("/account/reset-password", { key: first, password: NEW_PASSWORD })).json().code).toBe(
      "cw_rest_reset_invalid",
    );

    await shop.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    for (const path of ["/account/reset-password/check", "/account/reset-password"]) {
      const expired = await visitor.post(path, { key: second, password: NEW_PASSWORD });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        code: "cw_rest_reset_expired",
        message: "This password reset link has expired. Ask for a new one.",
      });
    }
    // The password stayed as it was.
    expect((await (await guest()).post("/account/sign-in", { email, password: PASSWORD })).statusCode).toBe(200);
    // The sweep deletes resets whose link stopped working, and no other.
    const waiting = await askForLink(email);
    expect(await deleteEndedPasswordResets(shop.db)).toBeGreaterThan(0);
    expect((await visitor.post("/account/reset-password/check", { key: waiting })).json()).toEqual({ email, min_password_length: 8 });
    expect(await deleteEndedPasswordResets(shop.db, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1);
    expect((await visitor.post("/account/reset-password/check", { key: waiting })).statusCode).toBe(404);
  });

  it("holds a staff account's new password to the owner's length, which the link's check states", async () => {
    const email = newEmail("owner");
    await ensureOwner(shop.db, email, "owner-password-2026");
    const key = await askForLink(email);
    expect((await (await guest()).post("/account/reset-password/check", { key })).json()).toEqual({ email, min_password_length: 12 });
    const withPages = await shopApp(false, true);
    try {
      const page = await new PageBrowser(withPages).get(`/my-account/reset-password?key=${key}`);
      expect(page.body).toContain("At least 12 characters: this password also opens the shop&#x27;s console.");
      expect(page.body).not.toContain("At least 8 characters.");
    } finally {
      await withPages.close();
    }
    const refused = await (await guest()).post("/account/reset-password", { key, password: "ten-chars!" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("cw_owner_password_too_short");
  });

  it("refuses a malformed email, a fourth ask for one address within the hour (with or without an account), an eleventh from one network", async () => {
    const limited = await shopApp(true);
    try {
      const ask = async (email: string) => (await guest(limited)).post("/account/lost-password", { email });
      const malformed = await ask("not-an-email");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe("registration-error-invalid-email");
      const withAccount = newEmail("busy");
      await registered(withAccount);
      for (const email of [withAccount, newEmail("nobody")]) {
        for (let asked = 1; asked <= 3; asked++) expect((await ask(email)).statusCode).toBe(200);
        const fourth = await ask(email);
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json()).toMatchObject({
          code: "cw_rest_rate_limit_exceeded",
          message: expect.stringContaining("Too many password resets"),
        });
      }
      // Eight asks counted from this network (each counts there before its e-mail's limit refuses it): two more pass, the eleventh does not.
      for (let asked = 9; asked <= 10; asked++) expect((await ask(newEmail("many"))).statusCode).toBe(200);
      expect((await ask(newEmail("many"))).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("sends no link from a shop that cannot send email (503)", async () => {
    const withoutMail = await buildApp({
      config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: false },
      db: shop.db,
      logger: false,
      web: false,
    });
    try {
      const client = new StoreClient(withoutMail, "browser");
      await client.get("/cart");
      const refused = await client.post("/account/lost-password", { email: "jane@example.com" });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe("cw_rest_mail_unavailable");
    } finally {
      await withoutMail.close();
    }
  });
});

describe("a link the owner sends from a customer's page", () => {
  it("mails the account a working link, says where it went, and logs who sent it", async () => {
    const ownerEmail = newEmail("boss");
    await ensureOwner(shop.db, ownerEmail, "owner-password-2026");
    const owner = await guest();
    expect((await owner.post("/account/sign-in", { email: ownerEmail, password: "owner-password-2026" })).statusCode).toBe(200);
    const email = newEmail("linus");
    const shopper = await registered(email);
    const { id } = (await shopper.get("/account")).json() as { id: number };

    const sent = await owner.request("POST", `/api/admin/v1/customers/${id}/password-reset`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ email, expires_at: expect.any(String) });
    const key = await mailedKey(email);
    const log = await shop.db
      .selectFrom("change_log")
      .selectAll()
      .where("entity", "=", "password_reset")
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(log).toMatchObject({ action: "create" });
    expect(JSON.parse(log?.after ?? "{}")).toMatchObject({ customer_id: id });
    const reset = await (await guest()).post("/account/reset-password", { key, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);

    const ownerId = ((await owner.get("/account")).json() as { id: number }).id;
    const staff = await owner.request("POST", `/api/admin/v1/customers/${ownerId}/password-reset`);
    expect(staff.statusCode).toBe(409);
    expect(staff.json().code).toBe("cw_rest_reset_staff_account");
    expect((await owner.request("POST", "/api/admin/v1/customers/999999/password-reset")).statusCode).toBe(404);
    // A shopper cannot send one, nor can a guest.
    const other = await registered(newEmail("other"));
    expect((await other.request("POST", `/api/admin/v1/customers/${id}/password-reset`)).statusCode).toBe(403);
    expect((await (await guest()).request("POST", `/api/admin/v1/customers/${id}/password-reset`)).statusCode).toBe(401);
  });

  it("withdraws the link when the email cannot be sent, and says so (502)", async () => {
    const mailer = createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } });
    const failing = await buildApp({
      config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: false },
      db: shop.db,
      logger: false,
      web: false,
      mailer: { ...mailer, send: () => Promise.reject(new Error("the mail server is down")) },
    });
    try {
      const ownerEmail = newEmail("boss");
      await ensureOwner(shop.db, ownerEmail, "owner-password-2026");
      const owner = await guest(failing);
      expect((await owner.post("/account/sign-in", { email: ownerEmail, password: "owner-password-2026" })).statusCode).toBe(200);
      const shopper = await registered(newEmail("unlucky"));
      const { id } = (await shopper.get("/account")).json() as { id: number };
      const refused = await owner.request("POST", `/api/admin/v1/customers/${id}/password-reset`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({
        code: "cw_rest_mail_not_sent",
        message: "The reset link could not be sent. Try again in a moment.",
      });
      expect(await shop.db.selectFrom("password_resets").select("id").where("customer_id", "=", id).execute()).toEqual([]);
      // The change log keeps the link made and withdrawn.
      const logged = await shop.db
        .selectFrom("change_log")
        .select("action")
        .where("entity", "=", "password_reset")
        .orderBy("id", "desc")
        .limit(2)
        .execute();
      expect(logged.map((row) => row.action)).toEqual(["delete", "create"]);
    } finally {
      await failing.close();
    }
  });
});
