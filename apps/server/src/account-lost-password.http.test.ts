/**
 * The storefront's "Lost your password?" pages as a browser without JavaScript uses them: the link
 * from the sign-in form, /my-account/lost-password (the same answer with or without an account, a
 * malformed address beside its field, 429 and a shop without a mailer as alerts), and the mailed
 * link's /my-account/reset-password (a weak password beside its field, success signed in on the
 * dashboard, a used, unknown or missing key shown with "Ask for a new link").
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../test/app.ts";
import { PageBrowser, TEST_ORIGIN } from "../../../test/browser.ts";
import { buildApp } from "./app.ts";
import { createMailer } from "./modules/emails/index.ts";

const PASSWORD = "first-password-2026";
const NEW_PASSWORD = "second-password-2026";
const outbox = join(mkdtempSync(join(tmpdir(), "cw-lost-password-")), "outbox");

let shop: TestShop;
/** The shop with a mailer writing into `outbox`, rate limits off. */
let app: FastifyInstance;
/** The same shop with its rate limits on. */
let limited: FastifyInstance;
/** The same shop without a mailer: it cannot send reset links. */
let mailless: FastifyInstance;

async function storefront(options: { rateLimit: boolean; mailer: boolean }): Promise<FastifyInstance> {
  const built = await buildApp({
    config: { logLevel: "silent", production: false, secret: TEST_SECRET, rateLimit: options.rateLimit },
    db: shop.db,
    logger: false,
    web: {},
    ...(options.mailer
      ? { mailer: createMailer({ publicUrl: TEST_ORIGIN, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }) }
      : {}),
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  shop = await createTestShop({ seed: true });
  [app, limited, mailless] = await Promise.all([
    storefront({ rateLimit: false, mailer: true }),
    storefront({ rateLimit: true, mailer: true }),
    storefront({ rateLimit: false, mailer: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), limited?.close(), mailless?.close()]);
  await shop?.close();
});

const browser = (on = app, address?: string) => new PageBrowser(on, address);

let made = 0;
const newEmail = (name: string) => `${name}-${++made}@lost-password.test`;

async function registered(email: string): Promise<PageBrowser> {
  const page = browser();
  expectRedirect(await page.post("/my-account", { intent: "register", email, password: PASSWORD }), "/my-account");
  return page;
}

const expectRedirect = (response: LightMyRequestResponse, location: string) => {
  expect([302, 303]).toContain(response.statusCode);
  expect(response.headers.location).toBe(location);
};

/** The reset links' paths mailed to this address, oldest first (quoted-printable undone). */
function linksMailedTo(address: string): string[] {
  if (!existsSync(outbox)) return [];
  const links: string[] = [];
  for (const name of readdirSync(outbox).sort()) {
    const raw = readFileSync(join(outbox, name), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!new RegExp(`^To: ${address}`, "im").test(raw)) continue;
    const link = /https?:\/\/[^/\s"]+(\/my-account\/reset-password\?key=[A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    if (link) links.push(link);
  }
  return links;
}

/** The newest link mailed to this address once there are `count` (the e-mail leaves after the answer). */
async function mailedLink(address: string, count = 1): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const links = linksMailedTo(address);
    if (links.length >= count) return links.at(-1) as string;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`no reset link mailed to ${address}`);
}

describe("/my-account/lost-password", () => {
  it("is linked from the sign-in form", async () => {
    const page = await browser().get("/my-account");
    expect(page.body).toMatch(/<a href="\/my-account\/lost-password"[^>]*>Lost your password\?<\/a>/);
  });

  it("asks for the account's email address, privately and unindexed", async () => {
    const page = await browser().get("/my-account/lost-password");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toMatch(/<title>Lost password – [^<]+<\/title>/);
    expect(page.body).toContain('<h1 class="account__title">Lost password</h1>');
    expect(page.body).toContain("Enter the email address of your account");
    expect(page.body).toContain('<label for="lost-password-email">Email address</label>');
    expect(page.body).toMatch(/<input id="lost-password-email" type="email" autoComplete="email" required=""[^>]* name="email"/);
    // A plain post to the page's own action: no JavaScript needed.
    expect(page.body).toMatch(/<form noValidate="" method="post">/);
    expect(page.body).toContain(">Send reset link</button>");
    expect(page.body).toMatch(/<a href="\/my-account"[^>]*>Back to sign in<\/a>/);
  });

  it("answers an address with an account and one without alike, and mails only the account", async () => {
    const email = newEmail("ada");
    await registered(email);
    const unknown = newEmail("nobody");
    const sent = (address: string) =>
      `If an account uses ${address}, a link to choose a new password is on its way. It works once, for one hour.`;

    const forAccount = await browser().post("/my-account/lost-password", { email });
    expect(forAccount.statusCode).toBe(200);
    expect(forAccount.headers["cache-control"]).toBe("private, no-store");
    expect(forAccount.body).toContain(`role="status">${sent(email)}</p>`);
    expect(forAccount.body).toMatch(/<a href="\/my-account"[^>]*>Back to sign in<\/a>/);
    expect(forAccount.body).not.toContain('id="lost-password-email"');

    const forNobody = await browser().post("/my-account/lost-password", { email: unknown });
    expect(forNobody.statusCode).toBe(200);
    expect(forNobody.body).toContain(`role="status">${sent(unknown)}</p>`);
    expect(forNobody.body).not.toContain('id="lost-password-email"');

    expect(await mailedLink(email)).toMatch(/^\/my-account\/reset-password\?key=[A-Za-z0-9_-]{43}$/);
    expect(linksMailedTo(unknown)).toEqual([]);
  });

  it("shows a malformed address beside its field, the address kept", async () => {
    const response = await browser().post("/my-account/lost-password", { email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p id="lost-password-error" class="notice notice--error" role="alert">');
    expect(response.body).toMatch(/id="lost-password-email"[^>]*value="not-an-address"/);
    expect(response.body).toMatch(/id="lost-password-email"[^>]*aria-invalid="true"[^>]*aria-describedby="lost-password-error"/);
    expect(response.body).not.toContain('role="status"');
  });

  it("shows a refusal for too many asks as an alert that marks no field", async () => {
    const email = newEmail("often");
    const page = browser(limited, "203.0.113.7");
    let response: LightMyRequestResponse | undefined;
    for (let ask = 0; ask < 10 && response?.statusCode !== 429; ask++) {
      response = await page.post("/my-account/lost-password", { email });
    }
    expect(response?.statusCode).toBe(429);
    expect(response?.body).toMatch(/<p id="lost-password-error" class="notice notice--error" role="alert">Too many [^<]+<\/p>/);
    expect(response?.body).not.toContain('aria-invalid="true"');
    expect(response?.body).toMatch(/id="lost-password-email"[^>]*value="often-/);
  });

  it("says so when the shop cannot send email", async () => {
    const response = await browser(mailless).post("/my-account/lost-password", { email: newEmail("unsent") });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('role="alert">This shop cannot send email at the moment');
    expect(response.body).not.toContain('aria-invalid="true"');
  });
});

describe("/my-account/reset-password", () => {
  it("chooses a new password through the mailed link and signs in, ending the account's other sessions", async () => {
    const email = newEmail("grace");
    const elsewhere = await registered(email);
    expect((await browser().post("/my-account/lost-password", { email })).statusCode).toBe(200);
    const link = await mailedLink(email);
    const key = new URL(link, TEST_ORIGIN).searchParams.get("key") as string;

    const visitor = browser();
    const page = await visitor.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toMatch(/<title>Choose a new password – [^<]+<\/title>/);
    expect(page.body).toContain('<h1 class="account__title">Choose a new password</h1>');
    expect(page.body).toContain(`You are choosing the password for the account ${email}.`);
    expect(page.body).toContain(`<input type="hidden" name="key" value="${key}"/>`);
    expect(page.body).toContain('<label for="reset-password">New password</label>');
    expect(page.body).toMatch(/<input id="reset-password"[^>]*type="password"[^>]*autoComplete="new-password"[^>]*name="password"/);
    expect(page.body).toContain(">Show password</button>");
    expect(page.body).toContain('<p id="reset-password-strength" class="password-strength__label" aria-live="polite">');
    expect(page.body).toContain(">Save password</button>");

    // A password registration would refuse: the server's message beside the field, the form kept, the link still good.
    const weak = await visitor.post(link, { key, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('<p id="reset-password-error" class="notice notice--error" role="alert">');
    expect(weak.body).toContain("Please choose a password of at least 8 characters.");
    expect(weak.body).toMatch(/id="reset-password"[^>]*aria-invalid="true"[^>]*aria-describedby="reset-password-error /);
    expect(weak.body).toContain(">Save password</button>");
    expect(visitor.uid()).toBe(0);

    expectRedirect(await visitor.post(link, { key, password: NEW_PASSWORD }), "/my-account?password-reset");
    expect(visitor.uid()).toBe(elsewhere.uid());
    const dashboard = await visitor.get("/my-account?password-reset");
    expect(dashboard.body).toContain('role="status">Your password has been changed, and you are signed in.</p>');
    expect(dashboard.body).toContain(`Hello, ${email}.`);
    // Only just after the reset: the dashboard alone says nothing of it.
    expect((await visitor.get("/my-account")).body).not.toContain("Your password has been changed");

    expect((await elsewhere.get("/my-account")).body).not.toContain(`Hello, ${email}.`);
    expect((await browser().signIn(email, PASSWORD)).statusCode).toBe(401);
    expectRedirect(await browser().signIn(email, NEW_PASSWORD), "/my-account");

    // The link has done its work: its message and a way to ask for a new one, no form.
    for (const used of [await browser().get(link), await browser().post(link, { key, password: "third-password-2026" })]) {
      expect(used.statusCode).toBe(410);
      expect(used.body).toContain('role="alert">This password reset link has been used already. Ask for a new one.</p>');
      expect(used.body).toMatch(/<a href="\/my-account\/lost-password"[^>]*>Ask for a new link<\/a>/);
      expect(used.body).not.toContain('name="password"');
    }
    expect((await browser().signIn(email, "third-password-2026")).statusCode).toBe(401);
  });

  it("shows an unknown or missing key's message instead of the form", async () => {
    for (const path of [
      `/my-account/reset-password?key=${"A".repeat(43)}`,
      "/my-account/reset-password?key=nope",
      "/my-account/reset-password",
    ]) {
      const page = await browser().get(path);
      expect(page.statusCode).toBe(404);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.body).toContain('role="alert">This password reset link is not valid. Ask for a new one.</p>');
      expect(page.body).toMatch(/<a href="\/my-account\/lost-password"[^>]*>Ask for a new link<\/a>/);
      expect(page.body).not.toContain('name="password"');
    }
  });

  it("refuses a reset posted from another site", async () => {
    const email = newEmail("cross");
    await registered(email);
    await browser().post("/my-account/lost-password", { email });
    const link = await mailedLink(email);
    const key = new URL(link, TEST_ORIGIN).searchParams.get("key") as string;
    const visitor = browser();
    const response = await visitor.post(link, { key, password: NEW_PASSWORD }, "https://evil.example");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.uid()).toBe(0);
    expect((await browser().get(link)).statusCode).toBe(200);
  });
});
