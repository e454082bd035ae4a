/**
 * For the refund tests only: a shop built as main.ts builds it (a mailer writing into its own outbox),
 * the owner and a shopper signed in, two registered gateways (one refusing refunds, one whose first
 * answer is lost), orders placed through the real checkout, and readers of what a refund changed.
 */
import { existsSync, readdirSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { appWithOutbox, createTestShop, newOutbox, type TestShop } from "../../../../../test/app.ts";
import { signedIn } from "../../../../../test/owner-client.ts";
import { productId, StoreClient, TEST_ADDRESS, variationId } from "../../../../../test/store-client.ts";
import { ensureOwner } from "../customers/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import { getSettings, updateSettings } from "../settings/index.ts";

export const ADMIN = "/api/admin/v1";
export const REFUSAL = "Refunds are switched off for this account.";

export type OrderReplyBody = {
  id: number;
  status: string;
  totals: { total: number; refunded: number };
  lines: { id: number; quantity: number; total: number; total_tax: number; refunded_quantity: number; refunded_total: number }[];
  refunds: { id: number; amount: number; method: string; restocked: boolean; gateway_refund_id: string; lines: unknown[] }[];
  refundable: number;
  refund_methods: string[];
  timeline: {
    type: string;
    status?: string;
    amount?: number;
    email?: string;
    to?: string;
    refund_id?: number;
    actor: { type: string; id?: number | string; email?: string; via?: string } | null;
  }[];
};

const card = [
  { key: "cw-test-card-number", value: "4242 4242 4242 4242" },
  { key: "cw-test-card-expiry", value: "12/40" },
  { key: "cw-test-card-cvc", value: "123" },
];

export async function startRefundShop() {
  // Pays, and refuses every refund, as a processor whose refunds are switched off would.
  const refusing: PaymentGateway = {
    id: "refusing_card",
    title: "Refusing card",
    description: "Pays; refuses refunds.",
    supports: ["products"],
    process: async () => ({ status: "success", orderStatus: "processing", transactionId: "refusing_1" }),
    refund: async () => ({ status: "failure", message: REFUSAL }),
  };
  // Pays; the first refund call for a key is refunded but its answer lost (it throws), later calls answer.
  const answered = new Set<string>();
  const lostAnswers: string[] = [];
  const silent: PaymentGateway = {
    id: "silent_card",
    title: "Silent card",
    description: "Pays; the first answer to a refund is lost.",
    supports: ["products"],
    process: async () => ({ status: "success", orderStatus: "processing", transactionId: "silent_1" }),
    refund: async ({ idempotencyKey }) => {
      if (!answered.has(idempotencyKey)) {
        answered.add(idempotencyKey);
        lostAnswers.push(idempotencyKey);
        throw new Error("connection reset");
      }
      return { status: "success", refundId: `silent_re_${idempotencyKey}` };
    },
  };
  // Registered for the process while the shop's app runs, so the app with the outbox meets them; taken back on close.
  const shop: TestShop = await createTestShop({ extensions: [{ name: "refund-gateways", paymentGateways: [refusing, silent] }] });
  const outbox = newOutbox("refunds");
  const app: FastifyInstance = await appWithOutbox(shop, outbox);
  const ownerId = (await ensureOwner(shop.db, "owner@example.com", "owner-password-2026")).id;
  const owner = await signedIn(app, "owner@example.com", "owner-password-2026");
  const jane = await signedIn(app, "jane@example.com", "demo-jane-2026");
  const tShirt = await productId(app, "classic-t-shirt");
  const redHoodie = await variationId(app, "hoodie", ["red", "m"]);
  await shop.db.updateTable("products").set({ manage_stock: 1, stock_quantity: 10 }).where("id", "=", redHoodie).execute();

  const payments = (await getSettings(shop.db)).payments;
  await updateSettings(shop.db, { payments: { ...payments, enabled: [...payments.enabled, "refusing_card", "silent_card"] } });

  /** Places an order through the real checkout; answers its id. */
  const place = async (method: string, items: { id: number; quantity: number }[], email = "buyer@refunds.test"): Promise<number> => {
    const shopper = new StoreClient(app);
    for (const item of items) await shopper.cart("POST", "/cart/add-item", item);
    const response = await shopper.post("/checkout", {
      billing_address: { ...TEST_ADDRESS, email },
      payment_method: method,
      ...(method === "test_card" ? { payment_data: card } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order_id;
  };
  return {
    shop,
    app,
    outbox,
    owner,
    jane,
    ownerId,
    tShirt,
    redHoodie,
    lostAnswers,
    place,
    readOrder: async (id: number): Promise<OrderReplyBody> => (await owner.get(`${ADMIN}/orders/${id}`)).json(),
    refund: (id: number, body: Record<string, unknown>) => owner.post(`${ADMIN}/orders/${id}/refunds`, body),
    stockOf: async (id: number) =>
      Number((await shop.db.selectFrom("products").select("stock_quantity").where("id", "=", id).executeTakeFirstOrThrow()).stock_quantity),
    count: async (table: "order_refunds" | "change_log", orderId?: number) => {
      let query = shop.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n"));
      if (orderId !== undefined && table === "order_refunds") query = query.where("order_id", "=", orderId);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
    /** The gateway's side: each charge of the order with what it refunded of it. */
    chargeRefunded: async (orderId: number) =>
      await shop.db
        .selectFrom("gateway_charges")
        .select(["refunded", "amount"])
        .where("order_id", "=", orderId)
        .where("amount", ">", 0)
        .execute(),
    /** The refund e-mails of an order in the outbox. */
    mails: (orderId: number) =>
      existsSync(outbox) ? readdirSync(outbox).filter((name) => name.includes(`Z-${orderId}-customer_refunded`)) : [],
    async close() {
      await app.close();
      await shop.close();
    },
  };
}

export type RefundShop = Awaited<ReturnType<typeof startRefundShop>>;
