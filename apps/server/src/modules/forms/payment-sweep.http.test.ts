/**
 * Form payments left pending by a crash between the charge and its record (decision 0025), settled
 * by the sweep asking the gateway by the entry's key, on SQLite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { insertFormEntry } from "../../../../../test/form-entries.ts";
import { createMailer } from "../emails/index.ts";
import { DECLINED_TEST_CARD, findGateway } from "../payments/index.ts";
import { getSettings } from "../settings/index.ts";
import { findForm, sweepPendingEntries } from "./index.ts";
import { chargeEntry } from "./payment.ts";

let shop: TestShop;
let formId = 0;

beforeAll(async () => {
  shop = await createTestShop();
  formId = (await findForm(shop.db, "custom-tee"))?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

/** A pending entry as submitForm writes it before charging, `minutes` old. */
async function pendingEntry(minutes: number, gateway = "test_card") {
  const key = `form-entry-${randomUUID()}`;
  const id = await insertFormEntry(shop.db, {
    form_id: formId,
    payment_total: 6100,
    payment_status: "pending",
    currency: "USD",
    payment_gateway: gateway,
    payment_key: key,
    created_at: new Date(Date.now() - minutes * 60_000).toISOString(),
  });
  return { id, key };
}

/** The charge reached the gateway, then the process died before recording it. */
async function chargedThenCrashed(entry: { id: number; key: string }, number = "4242424242424242") {
  const gateway = findGateway("test_card");
  if (!gateway) throw new Error("the test card gateway is missing");
  const card = { fieldId: 14, number, expiry: "12/30", cvc: "123", name: "Ada" };
  await chargeEntry(shop.db, gateway, await getSettings(shop.db), {
    entryId: entry.id,
    key: entry.key,
    total: 6100,
    currency: "USD",
    email: "",
    card,
  });
}

const entry = (id: number) =>
  shop.db.selectFrom("form_entries").select(["payment_status", "payment_reference"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("sweepPendingEntries", () => {
  it("records paid, declined and never received by the entry's key; leaves young and unknown ones pending", async () => {
    const paid = await pendingEntry(10);
    await chargedThenCrashed(paid);
    const declined = await pendingEntry(10);
    await chargedThenCrashed(declined, DECLINED_TEST_CARD);
    const neverSent = await pendingEntry(10);
    const young = await pendingEntry(0);
    await chargedThenCrashed(young);
    const noGateway = await pendingEntry(10, "gone_gateway");

    const outbox = join(mkdtempSync(join(tmpdir(), "cw-sweep-")), "outbox");
    const mailer = createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: "owner@example.com", outbox },
    });
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), error: (_: object, message: string) => logged.push(message) };
    const counts = await sweepPendingEntries(shop.db, { mailer, log });
    expect(counts).toEqual({ paid: 1, failed: 2, unknown: 1 });
    // The paid entry was never announced (the crash came first): the owner hears of it now, and only of it.
    const notices = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith("-form-entry.eml")) : [];
    expect(notices.map((name) => name.replace(/^.*Z-/, ""))).toEqual([`${paid.id}-form-entry.eml`]);
    expect(logged).toEqual(["form entry notice sent"]);
    expect(await entry(paid.id)).toEqual({ payment_status: "paid", payment_reference: expect.stringMatching(/^test_/) });
    expect(await entry(declined.id)).toEqual({ payment_status: "failed", payment_reference: "" });
    expect(await entry(neverSent.id)).toEqual({ payment_status: "failed", payment_reference: "" });
    expect((await entry(young.id)).payment_status).toBe("pending");
    expect((await entry(noGateway.id)).payment_status).toBe("pending");
    // A second run changes nothing already recorded.
    expect(await sweepPendingEntries(shop.db)).toEqual({ paid: 0, failed: 0, unknown: 1 });
  });

  it("never takes an order's charge with the same number for the entry's (gateway_charges.order_id)", async () => {
    const pending = await pendingEntry(10);
    // An order whose id is the entry's number was paid under its own key.
    await shop.db
      .insertInto("gateway_charges")
      .values({
        gateway: "test_card",
        idempotency_key: `order-${randomUUID()}`,
        order_id: pending.id,
        amount: 6100,
        currency: "USD",
        outcome: JSON.stringify({ status: "success", transactionId: "test_order_charge" }),
        created_at: new Date().toISOString(),
      })
      .execute();
    await sweepPendingEntries(shop.db);
    expect(await entry(pending.id)).toEqual({ payment_status: "failed", payment_reference: "" });
  });

  it("asks for a week, then leaves the entry pending for the owner", async () => {
    const old = await pendingEntry(8 * 24 * 60);
    await chargedThenCrashed(old);
    await sweepPendingEntries(shop.db);
    expect((await entry(old.id)).payment_status).toBe("pending");
  });
});
