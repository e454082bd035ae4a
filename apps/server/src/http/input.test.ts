import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText, MAX_INPUT_DEPTH, refusingNonFinite } from "./input.ts";

describe("storable text", () => {
  it("refuses NUL and unpaired surrogates, keeps pairs and everything else", () => {
    expect(isStorableText("plain, ünïcödé, 😀")).toBe(true);
    for (const bad of ["a\u0000b", "\ud800", "x\udc00", "\ud83d", "\ude00\ud83d"])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it("finds the path to the first bad string or property name in parsed input only", () => {
    expect(findUnstorableText({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toEqual(["a", "1", "c"]);
    expect(findUnstorableText({ a: { "k\ud800": 1 } })).toEqual(["a"]);
    expect(findUnstorableText({ a: 1, b: true, c: null })).toBeNull();
    expect(findUnstorableText(Object.assign(Object.create(Object.create(null)), { q: "\u0000" }))).toEqual(["q"]);
    // Input nested past the limit is refused without walking it (no stack to overflow).
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`);
    expect(findUnstorableText(deep)).toHaveLength(MAX_INPUT_DEPTH);
    // A page's raw body is a stream: never walked.
    expect(findUnstorableText(Readable.from(["a\u0000"]))).toBeNull();
  });
});

describe("refusingNonFinite", () => {
  it("fails a validator's pass when the (coerced) data holds a number that is not finite", () => {
    const validate = Object.assign((_data: unknown) => true, { errors: null, schemaEnv: {} });
    const checked = refusingNonFinite(validate);
    expect(checked({ page: 2 })).toBe(true);
    expect(checked({ page: Number.POSITIVE_INFINITY })).toBe(false);
    expect(checked.errors).toMatchObject([{ instancePath: "/page", message: "must be a finite number" }]);
    expect("schemaEnv" in checked).toBe(true);
  });
});
