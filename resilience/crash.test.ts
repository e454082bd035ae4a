import { describe, expect, it } from "vitest";
import { seededRandom } from "../test/seeded-random.ts";
import { confirmation } from "./crash.ts";
import { worseStatus } from "./invariants.ts";

describe("the crash scenario's bookkeeping", () => {
  it("counts an order as confirmed only from a 200 or 201 that names its id and key, with the status answered", () => {
    const body = { order_id: 12, order_key: "cw_order_abc", status: "processing", order_number: "12" };
    expect(confirmation(200, body)).toEqual({ id: 12, key: "cw_order_abc", status: "processing" });
    expect(confirmation(201, { order_id: 3, order_key: "k" })).toEqual({ id: 3, key: "k" });
    // A refusal, a payment error or a reply cut short names no order the shopper can rely on.
    expect(confirmation(402, body)).toBeNull();
    expect(confirmation(409, body)).toBeNull();
    expect(confirmation(200, null)).toBeNull();
    expect(confirmation(200, { order_id: "12", order_key: "k" })).toBeNull();
    expect(confirmation(200, { order_id: 12, order_key: "" })).toBeNull();
    expect(confirmation(200, { code: "cw_rest_error" })).toBeNull();
  });

  it("finds a status worse only when an order answered paid is not paid any more", () => {
    expect(worseStatus("processing", "pending")).toBe(true);
    expect(worseStatus("processing", "cancelled")).toBe(true);
    expect(worseStatus("processing", "completed")).toBe(false);
    expect(worseStatus("processing", "refunded")).toBe(false);
    expect(worseStatus("pending", "pending")).toBe(false);
    expect(worseStatus(undefined, "failed")).toBe(false);
  });

  it("repeats the same moments from the same seed, and others from another", () => {
    const first = seededRandom(7);
    const again = seededRandom(7);
    const other = seededRandom(8);
    const a = Array.from({ length: 5 }, first);
    expect(Array.from({ length: 5 }, again)).toEqual(a);
    expect(Array.from({ length: 5 }, other)).not.toEqual(a);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
