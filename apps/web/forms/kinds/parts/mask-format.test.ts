import { isMaskComplete } from "@cartwright/commerce/forms";
import { describe, expect, it } from "vitest";
import { applyMask, caretAfterData, dataBefore, maskPlaceholder } from "./mask-format.ts";

const PHONE = "(999) 999-9999";

describe("input masks", () => {
  it("pours typed characters into the mask, literals written as more follows", () => {
    expect(applyMask(PHONE, "5551234567")).toBe("(555) 123-4567");
    expect(applyMask(PHONE, "555")).toBe("(555");
    expect(applyMask(PHONE, "(555) 1")).toBe("(555) 1");
    expect(applyMask(PHONE, "(")).toBe("(");
    expect(isMaskComplete(PHONE, applyMask(PHONE, "555-123-4567 ext"))).toBe(true);
  });

  it("keeps a typed literal so deleting past it works", () => {
    expect(applyMask(PHONE, "(555) ")).toBe("(555) ");
    expect(applyMask(PHONE, "(555)")).toBe("(555)");
  });

  it("drops what does not fit a slot: 9 digits, a letters, * either", () => {
    expect(applyMask("aa-9999", "x1y2345")).toBe("xy-2345");
    expect(applyMask("***", "a-1b")).toBe("a1b");
    expect(isMaskComplete("aa-9999", applyMask("aa-9999", "AB1234"))).toBe(true);
  });

  it("keeps the caret after the same letter or digit", () => {
    const typed = "(5551";
    const masked = applyMask(PHONE, typed);
    expect(caretAfterData(PHONE, masked, dataBefore(typed, typed.length))).toBe(masked.length);
    expect(caretAfterData(PHONE, "(555) 123", 3)).toBe(6);
    expect(caretAfterData(PHONE, "(555) 123", 0)).toBe(1);
  });

  it("shows the mask's shape as a placeholder", () => {
    expect(maskPlaceholder(PHONE)).toBe("(___) ___-____");
  });
});
