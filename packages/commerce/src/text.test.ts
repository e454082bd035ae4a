import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalized } from "./text.ts";

describe("normalized", () => {
  it("is String.prototype.normalize for every form, ASCII or not", () => {
    for (const form of ["NFC", "NFD", "NFKC", "NFKD"] as const) {
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" })), (text) => {
          expect(normalized(text, form)).toBe(text.normalize(form));
        }),
      );
      expect(normalized("Jose\u0301 ﬁ", form)).toBe("Jose\u0301 ﬁ".normalize(form));
    }
  });

  it("returns ASCII text itself", () => {
    const text = "Plain ASCII, 100% & <tags>";
    expect(normalized(text, "NFKD")).toBe(text);
  });
});
