/**
 * A refund retried by an integration (decision 0169), on SQLite and PostgreSQL: sent again with its
 * Idempotency-Key after the answer was lost, it is answered the first refund and nothing more is paid
 * back; without a key each send is a refund. The key's rules: the same key with another request is
 * refused, a key is its caller's own (an API key's, a session's), a malformed key is refused before
 * anything is written, a request still being answered is not run twice.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteOldIdempotentReplies } from "../../http/idempotency.ts";
import { ADMIN, type RefundShop, startRefundShop } from "./refunds.test-support.ts";

let t: RefundShop;
let authorization = "";
let asKey: (path: string, body: unknown, key?: string) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await startRefundShop();
  const made = await t.owner.post(`${ADMIN}/api-keys`, { description: "Returns desk", permission: "read_write" });
  expect(made.statusCode, made.body).toBe(201);
  const { key_id, secret } = made.json() as { key_id: string; secret: string };
  authorization = `Basic ${Buffer.from(`${key_id}:${secret}`).toString("base64")}`;
  asKey = (path, body, key) =>
    t.app.inject({
      method: "POST",
      url: `${ADMIN}${path}`,
      headers: { authorization, "content-type": "application/json", ...(key === undefined ? {} : { "idempotency-key": key }) },
      payload: JSON.stringify(body),
    });
});
afterAll(() => t?.close());

const partial = { amount: 500, restock: false, method: "manual", reason: "Late delivery" };

describe("a refund retried with its Idempotency-Key", () => {
  it("is made once: the retry answers the first refund again, marked replayed, and the order is refunded 5.00, not 10.00", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    const first = await asKey(`/orders/${id}/refunds`, partial, "refund-7f3a");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retried = await asKey(`/orders/${id}/refunds`, partial, "refund-7f3a");
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect(retried.json().refund.id).toBe(first.json().refund.id);
    expect(await t.count("order_refunds", id)).toBe(1);
    expect((await t.readOrder(id)).totals.refunded).toBe(500);
    expect(t.mails(id)).toHaveLength(1);
  });

  it("without a key, each send is a refund of its own (the behaviour a key exists to avoid)", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    expect((await asKey(`/orders/${id}/refunds`, partial)).statusCode).toBe(201);
    expect((await asKey(`/orders/${id}/refunds`, partial)).statusCode).toBe(201);
    expect((await t.readOrder(id)).totals.refunded).toBe(1000);
  });

  it("keeps a refusal too: a retry of a refund over what was paid is refused the same way, and a new key runs afresh", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const over = { ...partial, amount: 999_999 };
    const refused = await asKey(`/orders/${id}/refunds`, over, "too-much");
    expect(refused.statusCode).toBe(409);
    const again = await asKey(`/orders/${id}/refunds`, over, "too-much");
    expect(again.statusCode).toBe(409);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().code).toBe(refused.json().code);
    expect((await asKey(`/orders/${id}/refunds`, partial, "right-amount")).statusCode).toBe(201);
  });

  it("refuses the key sent with another request (422) and writes nothing", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    expect((await asKey(`/orders/${id}/refunds`, partial, "one-change")).statusCode).toBe(201);
    const other = await asKey(`/orders/${id}/refunds`, { ...partial, amount: 600 }, "one-change");
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("cw_rest_idempotency_key_reused");
    const elsewhere = await asKey(`/orders/${id}/notes`, { note: "Called the customer", to_customer: false }, "one-change");
    expect(elsewhere.statusCode).toBe(422);
    expect(await t.count("order_refunds", id)).toBe(1);
  });

  it("is the caller's own: the owner's console session sending the API key's key makes its own refund", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    expect((await asKey(`/orders/${id}/refunds`, partial, "shared-name")).statusCode).toBe(201);
    const console = await t.owner.request("POST", `${ADMIN}/orders/${id}/refunds`, partial, { "idempotency-key": "shared-name" });
    expect(console.statusCode, console.body).toBe(201);
    expect(console.headers["idempotent-replayed"]).toBeUndefined();
    const consoleAgain = await t.owner.request("POST", `${ADMIN}/orders/${id}/refunds`, partial, { "idempotency-key": "shared-name" });
    expect(consoleAgain.headers["idempotent-replayed"]).toBe("true");
    expect((await t.readOrder(id)).totals.refunded).toBe(1000);
  });

  it("refuses a malformed key (400) before anything is written", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    for (const key of ["", "has space", "x".repeat(256), "é"]) {
      const response = await asKey(`/orders/${id}/refunds`, partial, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().code).toBe("cw_rest_idempotency_key_invalid");
    }
    expect(await t.count("order_refunds", id)).toBe(0);
  });

  it("answers 409 while the first request with the key is still being answered, and runs nothing", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 1 }]);
    const first = await asKey(`/orders/${id}/refunds`, partial, "slow-one");
    expect(first.statusCode).toBe(201);
    // The row as it stands between the first request's claim and its answer.
    await t.shop.db
      .updateTable("idempotent_replies")
      .set({ status_code: null, reply: null })
      .where("idempotency_key", "=", "slow-one")
      .execute();
    const meanwhile = await asKey(`/orders/${id}/refunds`, partial, "slow-one");
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().code).toBe("cw_rest_idempotency_in_progress");
    expect(await t.count("order_refunds", id)).toBe(1);
  });

  it("forgets a key after a day: the same key then makes a new refund", async () => {
    const id = await t.place("cod", [{ id: t.tShirt, quantity: 2 }]);
    expect((await asKey(`/orders/${id}/refunds`, partial, "yesterday")).statusCode).toBe(201);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await t.shop.db.updateTable("idempotent_replies").set({ created_at: dayAgo }).where("idempotency_key", "=", "yesterday").execute();
    const later = await asKey(`/orders/${id}/refunds`, partial, "yesterday");
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await t.count("order_refunds", id)).toBe(2);
  });

  it("is deleted by the sweep once a day old, and not before", async () => {
    const kept = async () =>
      Number(
        (
          await t.shop.db
            .selectFrom("idempotent_replies")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await kept();
    expect(before).toBeGreaterThan(0);
    expect(await deleteOldIdempotentReplies(t.shop.db)).toBe(0);
    expect(await deleteOldIdempotentReplies(t.shop.db, Date.now() + 24 * 60 * 60 * 1000 + 60_000)).toBe(before);
    expect(await kept()).toBe(0);
  });
});

describe("a file sent as the body with an Idempotency-Key (the product CSV import, text/csv)", () => {
  it("is told apart by its bytes: the same file replays, another file under the key is refused", async () => {
    const exported = await t.app.inject({ url: `${ADMIN}/products/export`, headers: { authorization } });
    expect(exported.statusCode).toBe(200);
    const send = (csv: string) =>
      t.app.inject({
        method: "POST",
        url: `${ADMIN}/products/import?dry_run=1`,
        headers: { authorization, "content-type": "text/csv", "idempotency-key": "catalogue-check" },
        payload: csv,
      });
    const first = await send(exported.body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(exported.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    const otherFile = await send(exported.body.replace("Yoga Mat", "Yoga Mat XL"));
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json().code).toBe("cw_rest_idempotency_key_reused");
  });
});
