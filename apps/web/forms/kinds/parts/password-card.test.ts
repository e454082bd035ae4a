import { describe, expect, it } from "vitest";
import { caretAfterDigits } from "../card.ts";
import { strengthText } from "../password.ts";

describe("the password meter", () => {
  it("says the server's levels in words, and the level the field needs", () => {
    expect(strengthText("", 2)).toBe("");
    expect(strengthText("abc", 0)).toBe("Password strength: Too weak");
    expect(strengthText("abcde1", 0)).toBe("Password strength: Weak");
    expect(strengthText("abcde1", 2)).toBe("Password strength: Weak (Medium needed)");
    expect(strengthText("Abcde1!x", 2)).toBe("Password strength: Medium");
    expect(strengthText("Abcde1!xyz", 3)).toBe("Password strength: Strong");
  });
});

describe("the card number's caret", () => {
  it("stands after the same digit once the groups are written", () => {
    expect(caretAfterDigits("4111 1111 1", 5)).toBe(6);
    expect(caretAfterDigits("4111 1111 1", 4)).toBe(4);
    expect(caretAfterDigits("4111", 0)).toBe(0);
    expect(caretAfterDigits("4111", 9)).toBe(4);
  });
});
