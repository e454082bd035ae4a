/** The kept cart replies stay within their bounds however large the carts a visitor builds. */
import fc from "fast-check";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "../../db/index.ts";
import { deepFreeze } from "../../db/revisions.ts";
import type { StoredCart } from "./cart.repo.ts";
import type { CartView } from "./cart-view.ts";
import {
  cachedReply,
  jsonBytes,
  keepReply,
  keptLines,
  keptReplyMemory,
  REPLY_CACHE_LIMITS,
  REPLY_RING_BYTES,
  replyOf,
} from "./reply-cache.ts";

const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
afterAll(() => db.destroy());

/** A stored cart at a version, with no lines: only its id and version matter to the cache. */
const storedCart = (id: string, version: number) => ({ cart: { id, version }, items: [], coupons: [] }) as unknown as StoredCart;
/** A priced view of about `bytes` bytes of JSON. */
const viewOf = (bytes: number) =>
  ({ items: [], coupons: [], totals: { total_price: "0" }, padding: "x".repeat(bytes) }) as unknown as CartView;

describe("kept cart replies", () => {
  it("hold no more than their bytes, however large each cart's reply", () => {
    const large = replyOf(viewOf(200_000));
    const count = Math.ceil((2 * REPLY_CACHE_LIMITS.maxBytes) / 400_000);
    for (let i = 0; i < count; i++) keepReply(db, storedCart(`large-${i}`, 1), `large-${i}`, "stamp", Number.POSITIVE_INFINITY, large);
    const memory = keptReplyMemory(db);
    expect(memory.bytes).toBeLessThanOrEqual(REPLY_CACHE_LIMITS.maxBytes);
    expect(memory.entries).toBeLessThan(count);
    // The newest is kept, the oldest let go.
    expect(cachedReply(db, `large-${count - 1}`, 1, "stamp", Date.now())).toBeDefined();
    expect(cachedReply(db, "large-0", 1, "stamp", Date.now())).toBeUndefined();
  });

  it("give back the very bytes kept, for texts of every script", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.constantFrom("Local pickup – Main St", "“Classic”", "😀", "ÿ"), (text, shopText) => {
        const reply = replyOf({ items: [{ name: shopText + text }], coupons: [], totals: { total_price: "0" } } as unknown as CartView);
        keepReply(db, storedCart("texts", 1), "texts", "stamp-texts", Number.POSITIVE_INFINITY, reply);
        const kept = cachedReply(db, "texts", 1, "stamp-texts", Date.now());
        expect(kept?.body.equals(reply.body)).toBe(true);
        expect(JSON.parse(String(kept?.body))).toEqual(JSON.parse(JSON.stringify(reply.view)));
        expect(kept?.hash).toBe(reply.hash);
      }),
      { numRuns: 200 },
    );
  });

  it("make a kept reply's Buffer at its first send, count it, reuse it, and let it go with the next write", () => {
    // A database of its own: the others' entries, let go as these come, would move the count.
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    onTestFinished(() => db.destroy());
    const reply = replyOf(viewOf(3000));
    keepReply(db, storedCart("sent", 1), "sent", "stamp-sent", Number.POSITIVE_INFINITY, reply);
    const before = keptReplyMemory(db).bytes;
    const first = cachedReply(db, "sent", 1, "stamp-sent", Date.now());
    // Not the write's own Buffer: that one went out with the write's reply. Nor a slice of Node's shared pool.
    expect(first?.body).not.toBe(reply.body);
    expect(first?.body.buffer.byteLength).toBe(reply.body.length);
    expect(keptReplyMemory(db).bytes).toBe(before + reply.body.length);
    expect(cachedReply(db, "sent", 1, "stamp-sent", Date.now())?.body).toBe(first?.body);
    expect(keptReplyMemory(db).bytes).toBe(before + reply.body.length);

    const written = replyOf(viewOf(3001));
    keepReply(db, storedCart("sent", 2), "sent", "stamp-written", Number.POSITIVE_INFINITY, written);
    // The new entry: a stamp three characters longer and a reply one byte longer, counted twice (lines), no Buffer yet.
    expect(keptReplyMemory(db).bytes).toBe(before + 3 + 2);
    const next = cachedReply(db, "sent", 2, "stamp-written", Date.now());
    expect(next?.body).not.toBe(first?.body);
    expect(next?.body.equals(written.body)).toBe(true);
  });

  it("miss once newer replies have gone round the ring over a reply's bytes, and keep its lines for the cart's next write", () => {
    const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
    onTestFinished(() => db.destroy());
    const mine = storedCart("mine", 1);
    const reply = replyOf(viewOf(5000));
    // Kept as a write keeps it, with no Buffer made: its bytes are only in the ring.
    keepReply(db, mine, "mine", "stamp-mine", Number.POSITIVE_INFINITY, reply);
    const other = replyOf(viewOf(100_000));
    for (let i = 0; i * 100_000 < REPLY_RING_BYTES; i++) {
      keepReply(db, storedCart(`other-${i}`, 1), `other-${i}`, "stamp", Number.POSITIVE_INFINITY, other);
      // The cart stays in use (its writes read its lines), so only the ring can lose it.
      expect(keptLines(db, mine.cart)).not.toBeNull();
    }
    expect(cachedReply(db, "mine", 1, "stamp-mine", Date.now())).toBeUndefined();
    expect(keptLines(db, mine.cart)?.items).toEqual([]);
  });

  it("hold no more than their count of small replies", () => {
    const small = replyOf(viewOf(10));
    for (let i = 0; i < REPLY_CACHE_LIMITS.maxEntries + 500; i++)
      keepReply(db, storedCart(`small-${i}`, 1), `small-${i}`, "stamp", Number.POSITIVE_INFINITY, small);
    expect(keptReplyMemory(db).entries).toBe(REPLY_CACHE_LIMITS.maxEntries);
  });
});

describe("a reply's bytes", () => {
  /** Texts as shops write them: ASCII, en dashes and curly quotes, emoji (surrogate pairs), quotes and control characters to escape. */
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.constantFrom("Local pickup – Main St", "“Classic”", "😀", '"\\\n'),
  );
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      tie("array"),
      tie("object"),
    ),
    // Arrays with holes and undefined members; objects now and then deep-frozen, as the shared rates are.
    array: fc.oneof(fc.array(tie("value"), { maxLength: 4 }), fc.sparseArray(tie("value"), { maxLength: 4 })),
    object: fc
      .tuple(fc.dictionary(text, fc.oneof(tie("value"), fc.constant(undefined)), { maxKeys: 4 }), fc.boolean())
      .map(([value, frozen]) => (frozen ? deepFreeze(value) : value)),
  })).value;
  const view = fc.record(
    {
      items: json,
      coupons: json,
      totals: json,
      shipping_rates: json,
      errors: json,
      cross_sells: fc
        .tuple(json, fc.boolean())
        .map(([value, frozen]) => (frozen && typeof value === "object" && value ? Object.freeze(value) : value)),
      extensions: fc.oneof(json, fc.constant(undefined)),
    },
    { requiredKeys: [] },
  );

  it("are JSON.stringify's text as UTF-8, byte for byte, for any view", () => {
    fc.assert(
      fc.property(view, (value) => {
        expect(jsonBytes(value as unknown as CartView).toString("hex")).toBe(Buffer.from(JSON.stringify(value)).toString("hex"));
      }),
      { numRuns: 500 },
    );
  });

  it("are JSON.stringify's for shared frozen rates, wherever their packages put them", () => {
    const pickup = deepFreeze({ rate_id: "pickup_location:1", name: "Local pickup – Main St", meta_data: [{ key: "k", value: "“v”" }] });
    const packageOf = (id: number, rates: unknown[]) => ({
      package_id: id,
      destination: { city: "Zürich" },
      items: [],
      shipping_rates: rates,
    });
    for (const view of [
      { shipping_rates: [packageOf(0, [pickup, { rate_id: "flat_rate:1", taxes: "36" }])] },
      { shipping_rates: [packageOf(0, [pickup]), packageOf(1, [undefined, pickup])], errors: [] },
      // Deeper than the rates: written whole by JSON.stringify, frozen or not.
      { shipping_rates: [packageOf(0, [{ rate_id: "x", meta_data: [pickup] }])] },
    ]) {
      expect(jsonBytes(view as unknown as CartView).toString()).toBe(JSON.stringify(view));
    }
  });

  it("are JSON.stringify's for replies of every size, past the assembly's first size and past its largest", () => {
    for (const units of [10, 30_000, 200_000]) {
      const view = { items: [{ name: "“Tee” – 😀".repeat(units / 10) }], totals: { total_price: "100" }, errors: ["ok"] };
      expect(jsonBytes(view as unknown as CartView).equals(Buffer.from(JSON.stringify(view)))).toBe(true);
    }
  });

  it("are made once for a shared frozen section, and afresh for another", () => {
    const crossSells = Object.freeze([{ name: "“Beanie”" }]);
    const first = jsonBytes({ items: [], cross_sells: crossSells } as unknown as CartView);
    expect(jsonBytes({ items: [], cross_sells: crossSells } as unknown as CartView).toString()).toBe(first.toString());
    const other = jsonBytes({ items: [], cross_sells: Object.freeze([{ name: "Socks" }]) } as unknown as CartView);
    expect(JSON.parse(other.toString())).toEqual({ items: [], cross_sells: [{ name: "Socks" }] });
  });
});
