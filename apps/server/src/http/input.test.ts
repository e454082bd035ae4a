import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText, MAX_INPUT_DEPTH, refusingInventedNumbers } from "./input.ts";

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

describe("refusingInventedNumbers", () => {
  /** A validator that coerces as Ajv does for an integer field `n` (and passes everything). */
  const coercingN = Object.assign(
    (input: unknown) => {
      const data = input as { n?: unknown };
      if (typeof data.n === "boolean" || data.n === null || (typeof data.n === "string" && data.n !== "" && !Number.isNaN(Number(data.n))))
        data.n = Number(data.n);
      return true;
    },
    { errors: null, schemaEnv: {} },
  );
  const checked = refusingInventedNumbers(coercingN);

  it("passes decimal text made a number, and what was not changed", () => {
    for (const n of ["2", "-0.5", "1e3", ".5", 3]) expect(checked({ n }), String(n)).toBe(true);
    // A value the validator left as it was is never refused, whatever it looks like.
    const leaving = refusingInventedNumbers(Object.assign((_data: unknown) => true, { errors: null }));
    for (const n of [true, null, "0x2", " "]) expect(leaving({ n, deep: [{ n }] })).toBe(true);
    expect("schemaEnv" in checked).toBe(true);
  });

  it("refuses a number made of a boolean or a null by its path, keeping the value sent", () => {
    expect(checked({ n: true })).toBe(false);
    expect(checked.errors).toMatchObject([{ instancePath: "/n", keyword: "type", params: { type: "number" }, data: true }]);
    expect(checked({ n: null })).toBe(false);
    expect(checked.errors).toMatchObject([{ instancePath: "/n", data: null }]);
  });

  it("refuses a number made of text not in decimal digits, or one not finite", () => {
    for (const n of ["0x2", " 2", "0b10", "Infinity", " "]) {
      expect(checked({ n }), n).toBe(false);
      expect(checked.errors).toMatchObject([{ instancePath: "/n", message: "must be a number written in decimal digits" }]);
    }
    expect(checked({ n: "1e400" })).toBe(false);
    expect(checked.errors).toMatchObject([{ instancePath: "/n", message: "must be a finite number" }]);
  });

  it("follows a value into lists and nested objects, and a query's value made a list of one", () => {
    const nested = refusingInventedNumbers(
      Object.assign(
        (input: unknown) => {
          const data = input as { a: { "x/y": unknown[] } };
          data.a["x/y"][0] = [Number(data.a["x/y"][0])];
          return true;
        },
        { errors: null },
      ),
    );
    expect(nested({ a: { "x/y": ["0x2"] } })).toBe(false);
    expect(nested.errors).toMatchObject([{ instancePath: "/a/x~1y/0" }]);
    expect(nested({ a: { "x/y": ["2"] } })).toBe(true);
  });
});
