/** The reply ring gives back the very bytes put in while they are there, and says so once they are not. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ReplyRing } from "./reply-ring.ts";

const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (seed * 31 + i) % 251);

describe("the reply ring", () => {
  it("gives back each reply's bytes while it holds them, holds the newest, and never answers bytes written over", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 64, max: 4096 }),
        fc.array(fc.nat({ max: 700 }), { minLength: 1, maxLength: 120 }),
        (capacity, sizes) => {
          const ring = new ReplyRing(capacity);
          const put: { at: number; bytes: Uint8Array }[] = [];
          sizes.forEach((size, n) => {
            const bytes = bytesOf(size, n);
            const at = ring.put(bytes);
            if (size > ring.largest) expect(at).toBeUndefined();
            else put.push({ at: at as number, bytes });
          });
          put.forEach(({ at, bytes }, n) => {
            const copy = ring.copy(at, bytes.length);
            // A reply the ring says it holds is exactly what was put; one written over is never answered.
            if (ring.holds(at)) expect(copy && Buffer.from(bytes).equals(copy)).toBe(true);
            else expect(copy).toBeUndefined();
            // The last replies, up to half the ring, are always there.
            const after = put.slice(n).reduce((sum, later) => sum + later.bytes.length, 0);
            if (after <= capacity / 2) expect(ring.holds(at)).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("starts a reply that would run past its end at its beginning, over the oldest", () => {
    const ring = new ReplyRing(100);
    const first = ring.put(bytesOf(12, 1)) as number;
    const second = ring.put(bytesOf(12, 2)) as number;
    for (let i = 0; i < 6; i++) ring.put(bytesOf(12, 3 + i));
    // 96 bytes written: the next 12 do not fit in the last 4, so they go at 0, over the first reply only.
    const wrapped = ring.put(bytesOf(12, 9)) as number;
    expect(wrapped % 100).toBe(0);
    expect(ring.holds(first)).toBe(false);
    expect(ring.copy(first, 12)).toBeUndefined();
    expect(ring.holds(second)).toBe(true);
    expect(ring.copy(second, 12)?.equals(Buffer.from(bytesOf(12, 2)))).toBe(true);
    expect(ring.copy(wrapped, 12)?.equals(Buffer.from(bytesOf(12, 9)))).toBe(true);
  });

  it("keeps no reply larger than an eighth of itself, and copies into memory of the copy's own", () => {
    const ring = new ReplyRing(800);
    expect(ring.put(bytesOf(101, 1))).toBeUndefined();
    const at = ring.put(bytesOf(100, 1)) as number;
    const copy = ring.copy(at, 100);
    expect(copy?.buffer.byteLength).toBe(100);
  });
});
