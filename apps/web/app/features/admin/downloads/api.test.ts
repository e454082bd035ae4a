import { describe, expect, it } from "vitest";
import { limitOf, sizeLabel } from "./api.ts";

describe("the Downloads card's fields", () => {
  it("reads a limit or expiry: blank is none, a whole number from 1, anything else is wrong", () => {
    expect(limitOf("")).toBeNull();
    expect(limitOf("  ")).toBeNull();
    expect(limitOf("3")).toBe(3);
    expect(limitOf(" 12 ")).toBe(12);
    expect(limitOf("0")).toBeUndefined();
    expect(limitOf("-1")).toBeUndefined();
    expect(limitOf("2.5")).toBeUndefined();
    expect(limitOf("two")).toBeUndefined();
  });
  it("writes a file's size for people", () => {
    expect(sizeLabel(820)).toBe("820 B");
    expect(sizeLabel(12_800)).toBe("12.5 KB");
    expect(sizeLabel(3_250_000)).toBe("3.1 MB");
  });
});
