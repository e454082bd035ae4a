/**
 * The payment methods every shop has (DEMO.md "Payments"): cash on delivery, bank transfer and
 * check (offline: the order waits, with instructions), the test card gateway and a demo express
 * method. The test card gateway behaves like a card processor in test mode; nothing is charged.
 * Like a processor, the two online methods remember each charge by its idempotency key (in the
 * `gateway_charges` table, standing in for the processor's side): asked again with a key they
 * answer the first outcome without charging twice, and `findPayment` looks an attempt up. Their
 * refunds are kept the same way (`gateway_refunds`, migration 020): once per key, and never more
 * than what is left of the charge (its `refunded` sum moves by a conditional update).
 */
import { randomBytes } from "node:crypto";
import { offlinePaymentMethod } from "@cartwright/commerce";
import cardValidator from "card-validator";
import type { Db } from "../../db/index.ts";
import {
  dataValue,
  type GatewayContext,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
} from "./gateway.ts";

/** payment_data keys of the test card form. */
export const TEST_CARD_FIELDS = { number: "cw-test-card-number", expiry: "cw-test-card-expiry", cvc: "cw-test-card-cvc" } as const;
/** The card number a test processor declines (DEMO.md). */
export const DECLINED_TEST_CARD = "4000000000000002";

const digits = (text: string) => text.replace(/[\s-]/g, "");

/**
 * Charges once per idempotency key: the first outcome is stored (a later insert with the key does
 * nothing) and answered to every call with that key, racing ones included, as a card processor does.
 */
async function chargeOnce(
  gateway: string,
  request: PaymentRequest,
  { db }: GatewayContext,
  charge: () => PaymentOutcome,
): Promise<PaymentOutcome> {
  await db
    .insertInto("gateway_charges")
    .values({
      gateway,
      idempotency_key: request.idempotencyKey,
      order_id: request.orderId,
      amount: request.total,
      currency: request.currency,
      outcome: JSON.stringify(charge()),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(["gateway", "idempotency_key"]).doNothing())
    .execute();
  const stored = await findCharge(gateway, request.idempotencyKey, db);
  if (!stored) throw new Error("a charge vanished as it was made");
  return stored;
}

async function findCharge(gateway: string, idempotencyKey: string, db: GatewayContext["db"]): Promise<PaymentOutcome | null> {
  const row = await db
    .selectFrom("gateway_charges")
    .select("outcome")
    .where("gateway", "=", gateway)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  return row ? (JSON.parse(row.outcome) as PaymentOutcome) : null;
}

/** The successful charge of an order that answered this transaction id, as the processor finds it. */
async function paidCharge(db: Db, gateway: string, orderId: number, transactionId: string) {
  if (!transactionId) return undefined;
  const charges = await db
    .selectFrom("gateway_charges")
    .select(["idempotency_key", "amount", "currency", "outcome"])
    .where("gateway", "=", gateway)
    .where("order_id", "=", orderId)
    .execute();
  return charges.find((charge) => {
    const outcome = JSON.parse(charge.outcome) as PaymentOutcome;
    return outcome.status === "success" && outcome.transactionId === transactionId;
  });
}

async function storedRefund(db: Db, gateway: string, idempotencyKey: string): Promise<RefundOutcome | null> {
  const row = await db
    .selectFrom("gateway_refunds")
    .select("outcome")
    .where("gateway", "=", gateway)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  return row ? (JSON.parse(row.outcome) as RefundOutcome) : null;
}

/**
 * Refunds once per idempotency key: the key is claimed first (a racing call with it waits, then
 * answers the stored outcome), then the charge's refunded sum moves only if it stays within the
 * charge. Declines are kept too: asked again with the key, the processor answers the same.
 */
async function refundOnce(gateway: string, request: RefundRequest, context: GatewayContext): Promise<RefundOutcome> {
  return context.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const charge = await paidCharge(db, gateway, request.orderId, request.transactionId);
    const claimed = await db
      .insertInto("gateway_refunds")
      .values({
        gateway,
        idempotency_key: request.idempotencyKey,
        charge_key: charge?.idempotency_key ?? "",
        order_id: request.orderId,
        amount: request.amount,
        outcome: "{}",
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(["gateway", "idempotency_key"]).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const known = await storedRefund(db, gateway, request.idempotencyKey);
      if (!known) throw new Error("a refund vanished as it was made");
      return known;
    }
    let outcome: RefundOutcome;
    if (!charge) outcome = { status: "failure", message: "No payment with this transaction id was found." };
    else if (charge.currency !== request.currency) outcome = { status: "failure", message: "The refund's currency is not the payment's." };
    else if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
      outcome = { status: "failure", message: "The refund's amount must be a positive whole number of minor units." };
    else {
      const taken = await db
        .updateTable("gateway_charges")
        .set((eb) => ({ refunded: eb("refunded", "+", request.amount) }))
        .where("gateway", "=", gateway)
        .where("idempotency_key", "=", charge.idempotency_key)
        .where((eb) => eb(eb("refunded", "+", request.amount), "<=", eb.ref("amount")))
        .executeTakeFirst();
      outcome =
        Number(taken.numUpdatedRows) === 1
          ? { status: "success", refundId: `re_${randomBytes(8).toString("hex")}` }
          : { status: "failure", message: "The refund is more than what is left of the payment." };
    }
    await db
      .updateTable("gateway_refunds")
      .set({ outcome: JSON.stringify(outcome) })
      .where("gateway", "=", gateway)
      .where("idempotency_key", "=", request.idempotencyKey)
      .execute();
    return outcome;
  });
}

/** An offline method's `process`: what it decides. */
function decided(gateway: PaymentGateway, request: PaymentRequest): PaymentOutcome {
  if (!gateway.decide) throw new Error(`${gateway.id} decides nothing offline`);
  return gateway.decide(request);
}

const cod: PaymentGateway = {
  id: "cod",
  title: offlinePaymentMethod("cod").title,
  description: offlinePaymentMethod("cod").description,
  supports: ["products"],
  offline: true,
  decide: ({ settings }) => ({ status: "success", orderStatus: "processing", message: settings.payments.codInstructions }),
  process: async (request) => decided(cod, request),
};

const bacs: PaymentGateway = {
  id: "bacs",
  title: offlinePaymentMethod("bacs").title,
  description: offlinePaymentMethod("bacs").description,
  supports: ["products"],
  offline: true,
  process: async (request) => decided(bacs, request),
  decide({ settings, orderId }) {
    const account = settings.payments.bacs;
    const details = [
      { key: "reference", value: String(orderId) },
      { key: "account_name", value: account.accountName },
      { key: "bank_name", value: account.bankName },
      { key: "account_number", value: account.accountNumber },
      { key: "sort_code", value: account.sortCode },
      { key: "iban", value: account.iban },
      { key: "bic", value: account.bic },
    ].filter((d) => d.value);
    return { status: "success", orderStatus: "on-hold", message: account.instructions, details };
  },
};

const cheque: PaymentGateway = {
  id: "cheque",
  title: offlinePaymentMethod("cheque").title,
  description: offlinePaymentMethod("cheque").description,
  supports: ["products"],
  offline: true,
  decide: ({ settings }) => ({ status: "success", orderStatus: "on-hold", message: settings.payments.chequeInstructions }),
  process: async (request) => decided(cheque, request),
};

function validateCard(
  data: Parameters<NonNullable<PaymentGateway["validate"]>>[0],
  { usingSavedToken }: { usingSavedToken: boolean },
): string | null {
  if (usingSavedToken) return null;
  const number = cardValidator.number(digits(dataValue(data, TEST_CARD_FIELDS.number)));
  if (!number.isValid) return "The card number is not valid.";
  const expiry = cardValidator.expirationDate(dataValue(data, TEST_CARD_FIELDS.expiry));
  if (!expiry.isValid) return "The card's expiry date is not valid or has passed.";
  const cvc = cardValidator.cvv(dataValue(data, TEST_CARD_FIELDS.cvc), number.card?.code.size ?? 3);
  if (!cvc.isValid) return "The card's security code is not valid.";
  return null;
}

const testCard: PaymentGateway = {
  id: "test_card",
  title: "Test card",
  description: "Pay with a test card: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.",
  supports: ["products", "tokenization"],
  validate: validateCard,
  process: (request, context) => chargeOnce("test_card", request, context, () => chargeTestCard(request)),
  findPayment: (idempotencyKey, { db }) => findCharge("test_card", idempotencyKey, db),
  refund: (request, context) => refundOnce("test_card", request, context),
};

/** What the test processor answers for a card: the declined test number fails, any other valid card pays. */
function chargeTestCard({ data, savedToken, saveRequested }: PaymentRequest): PaymentOutcome {
  const transactionId = `test_${Date.now().toString(36)}`;
  if (savedToken) {
    const details = [
      { key: "card_brand", value: savedToken.brand },
      { key: "card_last4", value: savedToken.last4 },
    ];
    return { status: "success", orderStatus: "processing", details, transactionId };
  }
  const number = digits(dataValue(data, TEST_CARD_FIELDS.number));
  const brand = cardValidator.number(number).card?.niceType ?? "Card";
  // Only what a receipt shows is kept: the brand and the last four digits.
  const details = [
    { key: "card_brand", value: brand },
    { key: "card_last4", value: number.slice(-4) },
  ];
  if (number === DECLINED_TEST_CARD) {
    return { status: "failure", message: "Your card was declined. Please use another card or payment method.", details };
  }
  const expiry = cardValidator.expirationDate(dataValue(data, TEST_CARD_FIELDS.expiry));
  const year = Number(expiry.year);
  const tokenToSave = saveRequested
    ? {
        brand,
        last4: number.slice(-4),
        expiryMonth: Number(expiry.month) || null,
        expiryYear: year ? (year < 100 ? 2000 + year : year) : null,
      }
    : undefined;
  return { status: "success", orderStatus: "processing", details, transactionId, tokenToSave };
}

/** A wallet that always pays, from a fixed address: for trying the express checkout area. */
export const DEMO_WALLET_ADDRESS = "demo-wallet-0x5A1E";
const demoExpress: PaymentGateway = {
  id: "demo_express",
  title: "Demo express",
  description: "A demo wallet that pays at once.",
  supports: ["products"],
  express: true,
  process: (request, context) =>
    chargeOnce("demo_express", request, context, () => ({
      status: "success",
      orderStatus: "processing",
      details: [{ key: "wallet_address", value: DEMO_WALLET_ADDRESS }],
      transactionId: `demo_${Date.now().toString(36)}`,
    })),
  findPayment: (idempotencyKey, { db }) => findCharge("demo_express", idempotencyKey, db),
  refund: (request, context) => refundOnce("demo_express", request, context),
};

export const builtInGateways: PaymentGateway[] = [cod, bacs, cheque, testCard, demoExpress];
