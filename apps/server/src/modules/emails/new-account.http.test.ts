/**
 * The new-account email (WooCommerce's customer_new_account): a shopper who makes an account on my
 * account's form, through the Store API or at the checkout gets one, naming the address they sign
 * in with and where their account is, never their password; none when the owner switched it off.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, TEST_SECRET, type TestShop } from "../../../../../test/app.ts";
import { PageBrowser, TEST_ORIGIN } from "../../../../../test/browser.ts";
import { productId, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { outboxFilesOf, parseEml } from "./eml.test-support.ts";
import { createMailer } from "./index.ts";

const outbox = join(mkdtempSync(join(tmpdir(), "cw-new-account-")), "outbox");
let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await createTestShop({ seed: true });
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: TEST_SECRET, rateLimit: false },
    db: shop.db,
    logger: false,
    web: {},
    mailer: createMailer({ publicUrl: TEST_ORIGIN, mail: { smtpUrl: null, from: null, ownerEmail: null, outbox } }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await shop?.close();
});

/** The new-account email of the account `id`, once it is written (it leaves after the reply; 5 s at most). */
async function welcomeOf(id: number) {
  const deadline = Date.now() + 5000;
  let files = outboxFilesOf(outbox, id, "new-account");
  while (files.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    files = outboxFilesOf(outbox, id, "new-account");
  }
  return parseEml(readFileSync(join(outbox, files[0] ?? ""), "utf8"));
}

describe("the new-account email", () => {
  it("goes to a shopper who registers on my account's form", async () => {
    const browser = new PageBrowser(app);
    const password = "form-password-2026";
    await browser.post("/my-account", { intent: "register", email: "form.shopper@example.com", password });
    const mail = await welcomeOf(browser.uid());
    expect(mail.headers).toMatchObject({ to: "form.shopper@example.com", subject: "[Cartwright Demo] Your account is ready" });
    expect(mail.text).toContain("Thank you for creating an account on Cartwright Demo. You sign in with form.shopper@example.com.");
    expect(mail.text).toContain(`${TEST_ORIGIN}/my-account`);
    expect(mail.html).toContain(`<a href="${TEST_ORIGIN}/my-account">My account</a>`);
    expect(mail.text).not.toContain(password);
    expect(mail.html).not.toContain(password);
  });

  it("goes to a shopper who registers through the Store API, and to one who makes an account at checkout", async () => {
    const registered = await new PageBrowser(app).api("POST", "/account/register", {
      email: "api.shopper@example.com",
      password: "api-password-2026",
    });
    expect((await welcomeOf(registered.id)).headers.to).toBe("api.shopper@example.com");

    const browser = new PageBrowser(app);
    await browser.api("POST", "/cart/add-item", { id: await productId(app, "classic-t-shirt"), quantity: 1 });
    const placed = await browser.api("POST", "/checkout", {
      billing_address: { ...TEST_ADDRESS, email: "checkout.shopper@example.com" },
      payment_method: "cod",
      create_account: true,
      customer_password: "checkout-password-2026",
    });
    expect(placed.customer_id).toBeGreaterThan(0);
    expect((await welcomeOf(placed.customer_id)).headers.to).toBe("checkout.shopper@example.com");
  });

  it("is not sent when the owner switched it off", async () => {
    const settings = await getSettings(shop.db);
    await updateSettings(shop.db, { emails: { ...settings.emails, off: ["customer_new_account"] } });
    const browser = new PageBrowser(app);
    await browser.post("/my-account", { intent: "register", email: "quiet.shopper@example.com", password: "quiet-password-2026" });
    const id = browser.uid();
    expect(id).toBeGreaterThan(0);
    // Another account's email, sent after it, shows the queue has moved on.
    await updateSettings(shop.db, { emails: settings.emails });
    const next = new PageBrowser(app);
    await next.post("/my-account", { intent: "register", email: "next.shopper@example.com", password: "next-password-2026" });
    await welcomeOf(next.uid());
    expect(outboxFilesOf(outbox, id, "new-account")).toEqual([]);
  });
});
