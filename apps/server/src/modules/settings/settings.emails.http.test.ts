/**
 * The e-mails group (issue 19, decision 0048) on SQLite and PostgreSQL: the sender, the owner's
 * recipient and which e-mails are sent, each check beside its field, the change log; the shop's
 * e-mails honouring it on a second server process (the one with the mailer, as main.ts builds it),
 * an e-mail switched off leaving an `email` event that says it was not sent and why, and the
 * owner's own send of a switched-off e-mail refused with the reason.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type SecondProcess, secondProcess, type TestShop } from "../../../../../test/app.ts";
import {
  adminCall as call,
  fieldMessages,
  latestChange,
  settingsGroups,
  signedIn,
  signedInOwner,
} from "../../../../../test/owner-client.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { outboxFilesOf, parseEml } from "../emails/eml.test-support.ts";
import { createMailer } from "../emails/index.ts";

const OWNER = { email: "owner@emails.test", password: "owner-password-2026" };
const ALL_ON = {
  customer_confirmation: true,
  customer_processing: true,
  customer_completed: true,
  customer_refunded: true,
  customer_invoice: true,
  customer_note: true,
  customer_cancelled: true,
  customer_new_account: true,
  owner_notice: true,
  owner_failed: true,
  customer_failed: true,
  owner_cancelled: true,
  contact_message: true,
  form_entry: true,
  review_held: true,
};
const DEFAULTS = { sender_name: "", sender_address: "", owner_recipient: "", sent: ALL_ON };

let shop: TestShop;
/** The process that sends mail (main.ts's build); the owner writes the settings through `shop.app`. */
let mailing: SecondProcess;
const outbox = join(mkdtempSync(join(tmpdir(), "cw-settings-mail-")), "outbox");
let owner: StoreClient;
let tShirt: number;

const groups = settingsGroups(() => owner);
const read = () => groups.read("emails");
const save = (body: unknown) => groups.save("emails", body);
const saved = (body: unknown) => groups.saved("emails", body);

/** An order placed on the mailing process, paid on delivery; its id. */
async function placeOrder(app: FastifyInstance, email: string): Promise<number> {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
  const placed = await shopper.post("/checkout", { billing_address: testBilling(email), payment_method: "cod" });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id;
}
const mailsOf = (orderId: number, kind: string) => outboxFilesOf(outbox, orderId, kind);
const mail = (name: string) => parseEml(readFileSync(join(outbox, name), "utf8"));
type Line = { type: string; email?: string; to?: string; skipped?: string };
const emailLines = async (orderId: number): Promise<Line[]> =>
  ((await call(owner, "GET", `/orders/${orderId}`)).json().timeline as Line[]).filter((line) => line.type === "email");
/** Waits (5 s at most) for the e-mails the checkout sends after its reply. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
  mailing = await secondProcess(shop, {
    mailer: createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: "Server <server@example.com>", ownerEmail: "env-owner@example.com", outbox },
    }),
  });
  owner = await signedInOwner(shop, OWNER);
  tShirt = await productId(shop.app, "classic-t-shirt");
});
afterAll(async () => {
  await mailing.close();
  await shop.close();
});

describe("the emails group", () => {
  it("is the owner's alone and in the OpenAPI document", async () => {
    const jane = await signedIn(shop.app, "jane@example.com", "demo-jane-2026");
    expect((await call(jane, "GET", "/settings/emails")).statusCode).toBe(403);
    expect((await shop.app.inject("/api/admin/v1/settings/emails")).statusCode).toBe(401);
    const paths = (await shop.app.inject("/api/docs/json")).json().paths;
    expect(paths["/api/admin/v1/settings/emails"].put.tags).toEqual(["owner"]);
  });

  it("reads the demo shop's: the server's sender and recipient, every email sent", async () => {
    expect(await read()).toEqual(DEFAULTS);
  });

  it("refuses a sender name that could smuggle an address, and addresses that are none, beside their fields", async () => {
    const response = await save({
      ...DEFAULTS,
      sender_name: "Shop <evil@example.com>",
      sender_address: "shop at example",
      owner_recipient: "nobody@",
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)).toEqual({
      sender_name: 'Enter a name without <, >, " or @: the address goes in its own field.',
      sender_address: "Enter the sender as an email address, or leave it empty.",
      owner_recipient: "Enter the owner's notices' recipient as an email address, or leave it empty.",
    });
    expect((await save({ ...DEFAULTS, sent: { ...ALL_ON, newsletter: true } })).statusCode).toBe(400);
    expect((await save({ ...DEFAULTS, sent: { ...ALL_ON, owner_notice: "no" } })).statusCode).toBe(400);
    expect(await read()).toEqual(DEFAULTS);
  });

  it("logs who changed it, before and after; an email left out of the body stays on", async () => {
    const { owner_note: _none, ...sent } = { ...ALL_ON, customer_invoice: false, owner_note: true };
    const { customer_note: _left, ...partial } = sent;
    const after = await saved({
      sender_name: "  Corner\nShop ",
      sender_address: " hello@corner.example ",
      owner_recipient: "",
      sent: partial,
    });
    expect(after).toEqual({
      ...DEFAULTS,
      sender_name: "Corner Shop",
      sender_address: "hello@corner.example",
      sent: { ...ALL_ON, customer_invoice: false },
    });
    const row = await latestChange(shop.db, "settings", "emails");
    expect(JSON.parse(row.before ?? "{}")).toEqual(DEFAULTS);
    expect(JSON.parse(row.after ?? "{}")).toEqual(after);
    await saved(DEFAULTS);
  });
});

describe("the shop's emails follow it on the process that sends them", () => {
  it("sends from the owner's sender, the owner's notice to the owner's recipient, replies to it", async () => {
    const before = await placeOrder(mailing.app, "before@example.com");
    await eventually(
      async () => mailsOf(before, "new-order"),
      (files) => files.length === 1,
    );
    expect(mail(mailsOf(before, "confirmation")[0] as string).headers.from).toBe("Server <server@example.com>");
    expect(mail(mailsOf(before, "new-order")[0] as string).headers.to).toBe("env-owner@example.com");

    await saved({
      ...DEFAULTS,
      sender_name: "Corner Shop",
      sender_address: "hello@corner.example",
      owner_recipient: "desk@corner.example",
    });
    const id = await placeOrder(mailing.app, "after@example.com");
    await eventually(
      async () => mailsOf(id, "new-order"),
      (files) => files.length === 1,
    );
    const confirmation = mail(mailsOf(id, "confirmation")[0] as string).headers;
    expect(confirmation.from).toBe("Corner Shop <hello@corner.example>");
    expect(confirmation["reply-to"]).toBe("desk@corner.example");
    expect(mail(mailsOf(id, "new-order")[0] as string).headers.to).toBe("desk@corner.example");
    await saved(DEFAULTS);
  });

  it("sends no switched-off email: the order's timeline says it was not sent and why", async () => {
    await saved({ ...DEFAULTS, sent: { ...ALL_ON, customer_confirmation: false, customer_completed: false } });
    const id = await placeOrder(mailing.app, "quiet@example.com");
    const lines = await eventually(
      () => emailLines(id),
      (found) => found.length === 2,
    );
    expect(mailsOf(id, "new-order")).toHaveLength(1);
    expect(mailsOf(id, "confirmation")).toEqual([]);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "customer_confirmation", to: "quiet@example.com", skipped: "switched_off" }),
        expect.objectContaining({ email: "owner_notice", to: "env-owner@example.com" }),
      ]),
    );
    expect(lines.find((line) => line.email === "owner_notice")?.skipped).toBeUndefined();

    // Completing the order would send the completed e-mail: switched off, its line says so instead.
    const mailingOwner = await signedIn(mailing.app, OWNER.email, OWNER.password);
    const completed = await call(mailingOwner, "POST", `/orders/${id}/status`, { status: "completed" });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(mailsOf(id, "completed")).toEqual([]);
    expect((await emailLines(id)).filter((line) => line.email === "customer_completed")).toEqual([
      expect.objectContaining({ to: "quiet@example.com", skipped: "switched_off" }),
    ]);

    // Asked for by name, a switched-off e-mail is refused with the reason; nothing is recorded.
    const resend = await call(mailingOwner, "POST", `/orders/${id}/emails`, { email: "customer_confirmation" });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().code).toBe("cw_rest_email_switched_off");
    expect(resend.json().message).toBe("This email is switched off in the email settings: switch it on there to send it.");
    expect(await emailLines(id)).toHaveLength(3);

    // Switched on again, the same call sends it.
    await saved(DEFAULTS);
    const sent = await call(mailingOwner, "POST", `/orders/${id}/emails`, { email: "customer_confirmation" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(mailsOf(id, "confirmation")).toHaveLength(1);
  });

  it("sends no refund email when it is switched off, and says so on the timeline", async () => {
    const id = await placeOrder(mailing.app, "refund@example.com");
    await saved({ ...DEFAULTS, sent: { ...ALL_ON, customer_refunded: false } });
    const mailingOwner = await signedIn(mailing.app, OWNER.email, OWNER.password);
    const refund = await call(mailingOwner, "POST", `/orders/${id}/refunds`, {
      amount: 100,
      reason: "Scuffed",
      method: "manual",
      restock: false,
      lines: [],
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const lines = await eventually(
      () => emailLines(id),
      (found) => found.some((line) => line.email === "customer_refunded"),
    );
    expect(lines.filter((line) => line.email === "customer_refunded")).toEqual([
      expect.objectContaining({ to: "refund@example.com", skipped: "switched_off" }),
    ]);
    expect(outboxFilesOf(outbox, id, "customer_refunded")).toEqual([]);
    await saved(DEFAULTS);
  });
});
