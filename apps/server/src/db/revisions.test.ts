/** The counters a synchronous unit of work reads, held while none moves, and their stamp worked out once per object. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heldRevisionsOf, revisionsOf, stampOf } from "./revisions.ts";

const NAMES = ["settings", "pricing", "catalogue", "coupons", "widgets", "forms"];
/** What a read of the revisions table answers: a subset of the names, each with a counter (SQLite or PostgreSQL's text). */
const reads = fc.array(
  fc
    .subarray(NAMES, { minLength: 0 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({ name: fc.constant(name), value: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom("1", "2")) }),
        ),
      ),
    ),
  { minLength: 1, maxLength: 30 },
);
/** The stamp of the counters worked out afresh, with no object kept. */
const freshStamp = (rows: readonly { name: string; value: number | string }[]) =>
  rows
    .map((row) => [row.name, Number(row.value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}:${value}`)
    .join(",");

describe("heldRevisionsOf", () => {
  it("answers the counters read, and their stamp, for any sequence of reads", () => {
    fc.assert(
      fc.property(reads, (sequence) => {
        for (const rows of sequence) {
          const held = heldRevisionsOf(rows);
          expect(held).toEqual(revisionsOf(rows));
          expect(stampOf(held)).toBe(freshStamp(rows));
        }
      }),
    );
  });

  it("gives the same object while no counter moves, and a new one when one does", () => {
    const rows = [
      { name: "settings", value: 4 },
      { name: "pricing", value: "9" },
    ];
    const first = heldRevisionsOf(rows);
    expect(heldRevisionsOf(rows.map((row) => ({ ...row })))).toBe(first);
    const moved = heldRevisionsOf([rows[0] as { name: string; value: number }, { name: "pricing", value: 10 }]);
    expect(moved).not.toBe(first);
    expect(stampOf(moved)).toBe("pricing:10,settings:4");
  });
});
