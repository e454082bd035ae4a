/** Order e-mails for orders placed through POST /checkout, on SQLite and PostgreSQL (issue 5, decision 0012). */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { currencyFromFields, formatAmount } from "@cartwright/commerce";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { productId, StoreClient, testBilling } from "../../../../../test/store-client.ts";
import { buildApp } from "../../app.ts";
import { ensureOwner } from "../customers/index.ts";
import { findOrder, orderView, orderWithView } from "../orders/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";
import { outboxFilesOf, parseEml } from "./eml.test-support.ts";
import { createMailer, type Mailer, type MailLog, onOrderPlaced, sendOrderEmails } from "./index.ts";

const PUBLIC_URL = "https://shop.example.com";
const folder = () => join(mkdtempSync(join(tmpdir(), "cw-mail-")), "outbox");
const outboxMailer = (outbox: string, ownerEmail: string | null = "owner@example.com", smtpUrl: string | null = null): Mailer =>
  createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl, from: null, ownerEmail, outbox } });

let shop: TestShop;
/** The shop built as main.ts builds it: with a mailer, writing into its own outbox. */
let app: FastifyInstance;
const appOutbox = folder();
let tShirt: number;
beforeAll(async () => {
  shop = await createTestShop();
  app = await buildApp({
    config: { logLevel: "silent", production: false, secret: "test-secret-test-secret-test-secret!", rateLimit: true },
    db: shop.db,
    logger: false,
    web: false,
    mailer: outboxMailer(appOutbox),
  });
  await app.ready();
  tShirt = await productId(app, "classic-t-shirt");
});
afterAll(async () => {
  await app.close();
  await shop.close();
});

const billing = testBilling();

async function placeOrder(body: Record<string, unknown>) {
  const shopper = new StoreClient(app);
  await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
  return shopper.post("/checkout", { billing_address: billing, ...body });
}

const filesOf = outboxFilesOf;
const read = (outbox: string, name: string) => parseEml(readFileSync(join(outbox, name), "utf8"));

describe("sendOrderEmails", () => {
  it("sends the shopper a confirmation and the owner a notice for an order paid on delivery", async () => {
    const placed = await placeOrder({ payment_method: "cod", customer_note: "Ring twice <script>alert(1)</script>" });
    expect(placed.statusCode).toBe(200);
    const { order_id: id, order_key: key, status } = placed.json();
    expect(status).toBe("processing");
    const outbox = folder();

    const sent = await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox) }, id);
    expect(sent.map((s) => [s.kind, s.via])).toEqual([
      ["confirmation", "outbox"],
      ["new-order", "outbox"],
    ]);
    const names = readdirSync(outbox).sort();
    expect(names).toHaveLength(2);
    for (const [name, kind] of [
      [names.find((n) => n.endsWith("-confirmation.eml")), "confirmation"],
      [names.find((n) => n.endsWith("-new-order.eml")), "new-order"],
    ])
      expect(name).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${id}-${kind}\\.eml$`));

    const order = (await new StoreClient(app).get(`/order/${id}?key=${key}&billing_email=ada@example.com`)).json();
    const total = formatAmount(order.totals.total_price, currencyFromFields(order.totals));
    expect(total).toMatch(/^\$\d+\.\d\d$/);
    const link = `${PUBLIC_URL}/checkout/order-received/${id}?key=${key}`;

    const confirmation = read(outbox, names.find((n) => n.endsWith("-confirmation.eml")) ?? "");
    expect(confirmation.headers).toMatchObject({
      from: "Cartwright Demo <shop@shop.example.com>",
      to: "ada@example.com",
      "reply-to": "owner@example.com",
      subject: `Your Cartwright Demo order #${id} has been received`,
    });
    expect(confirmation.text).toContain("Classic T-Shirt × 2");
    expect(confirmation.text).toMatch(new RegExp(`^Total\\s+\\${total}$`, "m"));
    expect(confirmation.text).toContain("Payment method: Cash on delivery");
    expect(confirmation.text).toContain(link);
    expect(confirmation.html).toContain(`href="${link}"`);
    expect(confirmation.html).toContain("Ring twice &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(confirmation.html).not.toContain("<script>");

    const notice = read(outbox, names.find((n) => n.endsWith("-new-order.eml")) ?? "");
    expect(notice.headers).toMatchObject({
      to: "owner@example.com",
      "reply-to": "ada@example.com",
      subject: `[Cartwright Demo] New order #${id} from Ada Shopper`,
    });
    expect(notice.text).toContain("Its status is Processing");
    // The owner's link opens the order in the console, not the shopper's page with its key.
    expect(notice.text).toContain(`View the order: ${PUBLIC_URL}/admin/orders/${id}`);
    expect(notice.text).not.toContain(key);
    expect(notice.text).toMatch(new RegExp(`^Total\\s+\\${total}$`, "m"));
  });

  it("dates the order in the shop's time zone, the owner's notice naming it (decision 0086)", async () => {
    await updateSettings(shop.db, { timeZone: "Australia/Sydney" });
    try {
      const { order_id: id } = (await placeOrder({ payment_method: "cod" })).json();
      // 20:30 UTC on the 29th is 7:30 AM on the 30th in Sydney's summer.
      await shop.db.updateTable("orders").set({ created_at: "2026-11-29T20:30:00.000Z" }).where("id", "=", id).execute();
      const outbox = folder();
      expect(await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox) }, id)).toHaveLength(2);
      const confirmation = read(outbox, readdirSync(outbox).find((n) => n.endsWith("-confirmation.eml")) ?? "");
      const notice = read(outbox, readdirSync(outbox).find((n) => n.endsWith("-new-order.eml")) ?? "");
      expect(confirmation.text).toContain("November 30, 2026");
      expect(confirmation.text).not.toContain("November 29, 2026");
      expect(notice.text).toContain("November 30, 2026 at 7:30 AM GMT+11");
    } finally {
      await updateSettings(shop.db, { timeZone: "UTC" });
    }
  });

  it("gives a bank transfer order (on hold) the instructions and the shop's account details", async () => {
    const settings = await getSettings(shop.db);
    await updateSettings(shop.db, {
      payments: {
        ...settings.payments,
        bacs: { ...settings.payments.bacs, accountName: "Cartwright Demo Ltd", iban: "GB33BUKB20201555555555", bic: "BUKBGB22" },
      },
    });
    const placed = (await placeOrder({ payment_method: "bacs" })).json();
    expect(placed.status).toBe("on-hold");
    const outbox = folder();
    expect(await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox) }, placed.order_id)).toHaveLength(2);
    const confirmation = read(outbox, readdirSync(outbox).find((n) => n.endsWith("-confirmation.eml")) ?? "");
    expect(confirmation.text).toContain("Payment method: Direct bank transfer");
    expect(confirmation.text).toContain(settings.payments.bacs.instructions);
    expect(confirmation.text).toContain("Account name: Cartwright Demo Ltd");
    expect(confirmation.text).toContain("IBAN: GB33BUKB20201555555555");
    expect(confirmation.text).toContain(`Payment reference: ${placed.order_id}`);
    expect(confirmation.text).toContain(
      "We have received your order. It is on hold until your payment reaches us; our bank details are below.",
    );
  });

  it("promises a bank transfer order only what follows: the instructions when no account is set, else nothing", async () => {
    const settings = await getSettings(shop.db);
    const noAccount = { accountName: "", bankName: "", accountNumber: "", sortCode: "", iban: "", bic: "" };
    const confirmationOf = async (instructions: string) => {
      await updateSettings(shop.db, {
        payments: { ...settings.payments, bacs: { ...settings.payments.bacs, ...noAccount, instructions } },
      });
      const placed = (await placeOrder({ payment_method: "bacs" })).json();
      expect(placed.status).toBe("on-hold");
      const outbox = folder();
      await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox) }, placed.order_id);
      return { id: placed.order_id, email: read(outbox, readdirSync(outbox).find((n) => n.endsWith("-confirmation.eml")) ?? "") };
    };
    try {
      const instructed = await confirmationOf("Pay by transfer: we reply with our account.");
      expect(instructed.email.text).toContain(
        "We have received your order. It is on hold until your payment reaches us; how to pay is below.",
      );
      expect(instructed.email.text).toContain("Pay by transfer: we reply with our account.");
      expect(instructed.email.text).toContain(`Payment reference: ${instructed.id}`);
      expect(instructed.email.text).not.toContain("Account name");
      expect(instructed.email.html).toContain("how to pay is below.");

      const bare = await confirmationOf("");
      expect(bare.email.text).toContain("We have received your order. It is on hold until your payment reaches us.\r\n");
      expect(bare.email.text).not.toContain("below");
      expect(bare.email.html).not.toContain("below");
    } finally {
      await updateSettings(shop.db, { payments: settings.payments });
    }
  });

  it("sends nothing for a declined payment or a draft order", async () => {
    const declined = await placeOrder({
      payment_method: "test_card",
      payment_data: [
        { key: "cw-test-card-number", value: "4000 0000 0000 0002" },
        { key: "cw-test-card-expiry", value: "12/40" },
        { key: "cw-test-card-cvc", value: "123" },
      ],
    });
    expect(declined.statusCode).toBe(400);
    const failedId = declined.json().data.order_id;
    const drafter = new StoreClient(app);
    await drafter.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const draftId = (await drafter.get("/checkout")).json().order_id;
    expect((await shop.db.selectFrom("orders").select("status").where("id", "=", draftId).executeTakeFirstOrThrow()).status).toBe(
      "checkout-draft",
    );

    const outbox = folder();
    for (const id of [failedId, draftId, 999_999])
      expect(await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox) }, id)).toEqual([]);
    expect(existsSync(outbox)).toBe(false);
  });

  it("logs a failed send and never throws; with no owner address the notice is kept in the outbox", async () => {
    const placed = (await placeOrder({ payment_method: "cheque" })).json();
    const outbox = folder();
    const errors: object[] = [];
    const log: MailLog = { info() {}, error: (details) => errors.push(details) };
    // A mail server that refuses connections (a port just freed), and no SHOP_OWNER_EMAIL.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = outboxMailer(outbox, null, `smtp://127.0.0.1:${port}`);
    const sent = await sendOrderEmails({ db: shop.db, mailer, log }, placed.order_id);
    expect(sent.map((s) => [s.kind, s.via])).toEqual([["new-order", "outbox"]]);
    expect(errors).toEqual([expect.objectContaining({ orderId: placed.order_id, kind: "confirmation" })]);
    const [name] = readdirSync(outbox);
    expect(name).toMatch(new RegExp(`-${placed.order_id}-new-order\\.eml$`));
    expect(read(outbox, name ?? "").headers.to).toBe("shop@shop.example.com");
  });

  it("without SHOP_OWNER_EMAIL tells the owner account of a new order, as it tells it of a contact message (decision 0147)", async () => {
    // Runs last here: the owner account it makes stays in the shop.
    await ensureOwner(shop.db, "boss@example.com", "boss-password-2026");
    const placed = (await placeOrder({ payment_method: "cheque" })).json();
    const outbox = folder();
    const sent = await sendOrderEmails({ db: shop.db, mailer: outboxMailer(outbox, null) }, placed.order_id);
    expect(sent.map((s) => s.kind).sort()).toEqual(["confirmation", "new-order"]);
    const notice = readdirSync(outbox).find((n) => n.endsWith(`-${placed.order_id}-new-order.eml`)) ?? "";
    expect(read(outbox, notice).headers.to).toBe("boss@example.com");
    // SHOP_OWNER_EMAIL still comes first.
    const configured = folder();
    await sendOrderEmails({ db: shop.db, mailer: outboxMailer(configured) }, placed.order_id);
    const second = readdirSync(configured).find((n) => n.endsWith("-new-order.eml")) ?? "";
    expect(read(configured, second).headers.to).toBe("owner@example.com");
  });
});

describe("the order the emails are written from", () => {
  it("is read in one unit of work as the order pages read it: the same row and view, coupons and lines included", async () => {
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 2 });
    await shopper.cart("POST", "/cart/add-item", { id: await productId(app, "beanie"), quantity: 1 });
    await shopper.cart("POST", "/cart/apply-coupon", { code: "SAVE10" });
    const placed = await shopper.post("/checkout", {
      billing_address: billing,
      payment_method: "cod",
      customer_note: "Leave it by the door",
    });
    expect(placed.statusCode).toBe(200);
    const id = placed.json().order_id;
    // Read once its e-mails are written: their claim moves `emails_due` between two reads otherwise.
    const deadline = Date.now() + 10_000;
    while (filesOf(appOutbox, id).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const read = await orderWithView(shop.db, id);
    const row = await findOrder(shop.db, id);
    if (!row || !read) throw new Error("the order was not found");
    expect(read.row).toEqual(row);
    expect(read.view).toEqual(await orderView(shop.db, row));
    expect(read.view.items).toHaveLength(2);
    expect(read.view.coupons.map((c) => c.code)).toEqual(["save10"]);
    expect(await orderWithView(shop.db, id + 1000)).toBeUndefined();
  });
});

describe("placing an order", () => {
  it("sends both emails by itself, after the reply, once per order, and for a declined card only the owner's failed-order notice", async () => {
    const shopper = new StoreClient(app);
    await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
    const placed = (await shopper.post("/checkout", { billing_address: billing, payment_method: "cod" })).json();
    const deadline = Date.now() + 5000;
    while (filesOf(appOutbox, placed.order_id).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(
      filesOf(appOutbox, placed.order_id)
        .map((n) => n.replace(/^.*Z-\d+-/, ""))
        .sort(),
    ).toEqual(["confirmation.eml", "new-order.eml"]);
    // A repeated call (a double submit) answers with the same order and does not mail it again.
    const repeated = await shopper.post("/checkout", { billing_address: billing, payment_method: "cod" });
    expect(repeated.json().order_id).toBe(placed.order_id);

    const declined = await placeOrder({
      payment_method: "test_card",
      payment_data: [
        { key: "cw-test-card-number", value: "4000 0000 0000 0002" },
        { key: "cw-test-card-expiry", value: "12/40" },
        { key: "cw-test-card-cvc", value: "123" },
      ],
    });
    expect(declined.statusCode).toBe(400);
    const failedId = declined.json().data.order_id;
    while (filesOf(appOutbox, failedId).length < 1 && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(filesOf(appOutbox, failedId).map((n) => n.replace(/^.*Z-\d+-/, ""))).toEqual(["failed-notice.eml"]);
    expect(filesOf(appOutbox, placed.order_id)).toHaveLength(2);
  });

  it("claims the emails of orders settled in one turn together, each order's once whoever asks", async () => {
    const placed = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const shopper = new StoreClient(app);
        await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
        return (await shopper.post("/checkout", { billing_address: billing, payment_method: "cod" })).json().order_id as number;
      }),
    );
    const mailedAll = async (files: number) => {
      const deadline = Date.now() + 10_000;
      while (placed.some((id) => filesOf(appOutbox, id).length < files) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
    };
    await mailedAll(2);
    // Due again, as a crash before the claim leaves them; asked for in one turn, one order twice.
    await sql`update orders set emails_due = 1 where id in (${sql.join(placed)})`.execute(shop.db);
    const claims = await Promise.all([...placed, placed[0] ?? 0].map((id) => onOrderPlaced(shop.db, id)));
    expect(claims).toEqual([true, true, true, false]);
    await mailedAll(4);
    for (const id of placed) expect(filesOf(appOutbox, id)).toHaveLength(4);
    const due = await sql<{ n: number }>`select count(*) as n from orders where emails_due = 1 and id in (${sql.join(placed)})`.execute(
      shop.db,
    );
    expect(Number(due.rows[0]?.n)).toBe(0);
  });

  it("sends every order's emails when more orders come at once than are sent at a time", async () => {
    // More than SENDING_AT_ONCE (4): the rest wait their turn, and each turn handed on must reach them all.
    const placed = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const shopper = new StoreClient(app);
        await shopper.cart("POST", "/cart/add-item", { id: tShirt, quantity: 1 });
        return (await shopper.post("/checkout", { billing_address: billing, payment_method: "cod" })).json().order_id as number;
      }),
    );
    expect(new Set(placed).size).toBe(10);
    // Named {time}Z-{order}-{kind}.eml: the order's own files, whatever digits the time holds.
    const kindsOf = (id: number) =>
      (existsSync(appOutbox) ? readdirSync(appOutbox) : []).flatMap((name) => name.match(new RegExp(`Z-${id}-(.+)$`))?.[1] ?? []).sort();
    const deadline = Date.now() + 15_000;
    const mailed = () => placed.filter((id) => kindsOf(id).length >= 2).length;
    while (mailed() < placed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const id of placed) expect(kindsOf(id)).toEqual(["confirmation.eml", "new-order.eml"]);
    // Their events, written together for the orders in their turns (decision 0067): each order's two, once.
    const events = async () =>
      (
        await sql<{
          order_id: number;
          data: string;
        }>`select order_id, data from order_events where type = 'email' and order_id in (${sql.join(placed)})`.execute(shop.db)
      ).rows;
    while ((await events()).length < 2 * placed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const rows = await events();
    for (const id of placed)
      expect(
        rows
          .filter((row) => Number(row.order_id) === id)
          .map((row) => (JSON.parse(row.data) as { email: string }).email)
          .sort(),
      ).toEqual(["customer_confirmation", "owner_notice"]);
  });
});
