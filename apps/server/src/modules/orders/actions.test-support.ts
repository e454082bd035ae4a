/**
 * For the owner order actions' tests only: a shop built as main.ts builds it (a mailer writing into
 * an outbox folder), its owner and a shopper signed in, orders placed through the real checkout.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createTestShop, secondProcess, type TestShop } from "../../../../../test/app.ts";
import { signedIn, signedInOwner, TEST_OWNER } from "../../../../../test/owner-client.ts";
import { StoreClient, TEST_ADDRESS } from "../../../../../test/store-client.ts";
import type { Db } from "../../db/index.ts";
// biome-ignore lint/style/noRestrictedImports: a test reading e-mails uses the e-mail tests' own reader, not the module's code
import { parseEml } from "../emails/eml.test-support.ts";
import { createMailer, type Mailer } from "../emails/index.ts";

export const ADMIN = "/api/admin/v1";
export const PUBLIC_URL = "https://shop.example.com";

export const newOutbox = () => join(mkdtempSync(join(tmpdir(), "cw-actions-")), "outbox");
export const outboxMailer = (outbox: string, smtpUrl: string | null = null): Mailer =>
  createMailer({ publicUrl: PUBLIC_URL, mail: { smtpUrl, from: null, ownerEmail: "owner@example.com", outbox } });

export interface ActionsShop {
  shop: TestShop;
  /** The shop with a mailer (main.ts's build); `shop.app` has none. */
  app: FastifyInstance;
  /** That process's own database handle (its pool on PostgreSQL), for a sweep that mails through its mailer. */
  appDb: Db;
  outbox: string;
  owner: StoreClient;
  jane: StoreClient;
  close(): Promise<void>;
}

export async function actionsShop(): Promise<ActionsShop> {
  const shop = await createTestShop({ rateLimit: false });
  const outbox = newOutbox();
  // The shop as main.ts builds it: a process with a mailer, over the test shop's database.
  const mailing = await secondProcess(shop, { mailer: outboxMailer(outbox) });
  const app = mailing.app;
  return {
    shop,
    app,
    appDb: mailing.db,
    outbox,
    owner: await signedInOwner(mailing),
    jane: await signedIn(app, "jane@example.com", "demo-jane-2026"),
    async close() {
      await mailing.close();
      await shop.close();
    },
  };
}

/** The owner signed in on another app of the same shop. */
export const ownerOn = (app: FastifyInstance) => signedIn(app, TEST_OWNER.email, TEST_OWNER.password);

export const billingFor = (first: string, domain: string) => ({
  ...TEST_ADDRESS,
  first_name: first,
  last_name: "Tester",
  email: `${first.toLowerCase()}${domain}`,
});

/** Places an order through the real checkout (with a coupon when given); answers its id. */
export async function placeOrder(
  app: FastifyInstance,
  lines: { product: number; quantity: number }[],
  body: Record<string, unknown>,
  coupon?: string,
): Promise<number> {
  const shopper = new StoreClient(app);
  for (const line of lines) await shopper.cart("POST", "/cart/add-item", { id: line.product, quantity: line.quantity });
  if (coupon) await shopper.cart("POST", "/cart/apply-coupon", { code: coupon });
  const response = await shopper.post("/checkout", body);
  if (response.statusCode !== 200 && response.statusCode !== 400)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.statusCode === 200 ? response.json().order_id : response.json().data.order_id;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

export async function couponUses(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom("coupons").select("usage_count").where("code", "=", code).executeTakeFirstOrThrow();
  return Number(row.usage_count);
}

export async function orderStatus(db: Db, id: number): Promise<string> {
  return (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

/** The outbox files of one order, by kind (confirmation, new-order, completed, invoice, note). */
export const mailsOf = (outbox: string, orderId: number, kind: string) =>
  existsSync(outbox) ? readdirSync(outbox).filter((name) => name.includes(`Z-${orderId}-${kind}`)) : [];
export const readMail = (outbox: string, name: string) => parseEml(readFileSync(join(outbox, name), "utf8"));

/** Waits (5 s at most) for something the app does after its reply. */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

export type TimelineLine = { type: string; actor: { type: string; id?: number | string } | null } & Record<string, unknown>;
