/** Stale copies' fingerprints (decision 0158): one per content, whatever order a document's keys were written in. */
import { describe, expect, it } from "vitest";
import { editVersion, sortedKeys } from "./edit-version.ts";

describe("sortedKeys", () => {
  it("gives one fingerprint to a document rebuilt in another key order, at any depth, keeping lists' order", () => {
    const stored = { title: "Feedback", fields: [{ id: 1, label: "Rating", choices: { a: 1, b: 2 } }], settings: { submit: "Send" } };
    const rebuilt = { settings: { submit: "Send" }, fields: [{ choices: { b: 2, a: 1 }, label: "Rating", id: 1 }], title: "Feedback" };
    expect(editVersion(rebuilt)).not.toBe(editVersion(stored));
    expect(editVersion(sortedKeys(rebuilt))).toBe(editVersion(sortedKeys(stored)));
    expect(sortedKeys({ b: [3, 1, 2], a: null })).toEqual({ a: null, b: [3, 1, 2] });
    expect(JSON.stringify(sortedKeys({ b: 1, a: { d: 1, c: 2 } }))).toBe('{"a":{"c":2,"d":1},"b":1}');
  });

  it("still tells a changed value or a reordered list apart", () => {
    expect(editVersion(sortedKeys({ a: 1, b: 2 }))).not.toBe(editVersion(sortedKeys({ a: 1, b: 3 })));
    expect(editVersion(sortedKeys({ fields: [1, 2] }))).not.toBe(editVersion(sortedKeys({ fields: [2, 1] })));
  });
});
