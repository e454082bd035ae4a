import { describe, expect, it } from "vitest";
import {
  characterClasses,
  fallbackStrength,
  levelsA,
  loadedZxcvbn,
  loadZxcvbn,
  passwordLength,
  passwordMessages,
  ruleStrength,
} from "./password-strength.ts";

describe("levelsA", () => {
  it("names reading A's five levels with the spec's texts", () => {
    expect(levelsA).toEqual(["Too weak", "Weak", "Medium", "Strong", "Very strong"]);
    expect(passwordMessages.strength(levelsA[2])).toBe("Password strength: Medium");
  });
});

describe("characterClasses and passwordLength", () => {
  it("counts lowercase, uppercase, number and symbol", () => {
    expect(characterClasses("")).toBe(0);
    expect(characterClasses("abc")).toBe(1);
    expect(characterClasses("ABC")).toBe(1);
    expect(characterClasses("123")).toBe(1);
    expect(characterClasses("!?#")).toBe(1);
    expect(characterClasses("aB")).toBe(2);
    expect(characterClasses("aB1")).toBe(3);
    expect(characterClasses("aB1!")).toBe(4);
    expect(characterClasses("aaaBBB111!!!")).toBe(4);
  });

  it("treats spaces and other characters as symbols, accented letters by their case", () => {
    expect(characterClasses("a b")).toBe(2);
    expect(characterClasses("éÉ")).toBe(2);
    expect(characterClasses("🔑")).toBe(1);
  });

  it("counts code points", () => {
    expect(passwordLength("")).toBe(0);
    expect(passwordLength("abc")).toBe(3);
    expect(passwordLength("🔑🔑")).toBe(2);
  });
});

describe("fallbackStrength (reading B)", () => {
  it("is Too weak (0) when empty", () => {
    expect(fallbackStrength("")).toBe(0);
  });

  it("Weak (1) needs 2 classes and length 6", () => {
    expect(fallbackStrength("abcde1")).toBe(1);
    expect(fallbackStrength("abcd1")).toBe(0); // 5 characters
    expect(fallbackStrength("abcdef")).toBe(0); // 1 class
    expect(fallbackStrength("abcdefghijklmnop")).toBe(0); // long, still 1 class
    expect(fallbackStrength("ABCDE!")).toBe(1);
  });

  it("Medium (2) needs 4 classes and length 8", () => {
    expect(fallbackStrength("aB1!aB1!")).toBe(2);
    expect(fallbackStrength("aB1!aB1")).toBe(1); // 7 characters
    expect(fallbackStrength("aB1aB1aB")).toBe(1); // 3 classes
    expect(fallbackStrength("aB1aB1aB1aB1aB1")).toBe(1); // 3 classes, long
  });

  it("Strong (3) needs 4 classes and length 10", () => {
    expect(fallbackStrength("aB1!aB1!aB")).toBe(3);
    expect(fallbackStrength("aB1!aB1!a")).toBe(2); // 9 characters
    expect(fallbackStrength("aB1!".repeat(10))).toBe(3); // never above Strong
  });

  it("counts code points, not UTF-16 units", () => {
    expect(fallbackStrength("a🔑a🔑a")).toBe(0); // 5 code points, 7 units
    expect(fallbackStrength("a🔑a🔑a🔑")).toBe(1);
  });
});

describe("ruleStrength (reading A without the library)", () => {
  it("is 0 below 4 characters", () => {
    expect(ruleStrength("")).toBe(0);
    expect(ruleStrength("aB1")).toBe(0);
  });

  it("1 from 4 characters and 1 class", () => {
    expect(ruleStrength("abcd")).toBe(1);
    expect(ruleStrength("abcdefghijklmnopqrstuvwxyz")).toBe(1); // 1 class, however long
  });

  it("2 from 8 characters and 2 classes", () => {
    expect(ruleStrength("abcdefg1")).toBe(2);
    expect(ruleStrength("abcdef1")).toBe(1); // 7 characters
    expect(ruleStrength("aB1aB1aB1aB1aB1aB1aB1")).toBe(2); // 3 classes, 21 characters
  });

  it("3 from 12 characters and 4 classes", () => {
    expect(ruleStrength("aB1!aB1!aB1!")).toBe(3);
    expect(ruleStrength("aB1!aB1!aB1")).toBe(2); // 11 characters
  });

  it("4 from 20 characters and 4 classes", () => {
    expect(ruleStrength("aB1!".repeat(5))).toBe(4);
    expect(ruleStrength("aB1!".repeat(5).slice(1))).toBe(3); // 19 characters
  });
});

describe("loadZxcvbn", () => {
  it("loads once and scores 0–4", async () => {
    expect(loadedZxcvbn()).toBeUndefined();
    const first = loadZxcvbn();
    expect(loadZxcvbn()).toBe(first);
    const score = await first;
    expect(loadedZxcvbn()).toBe(score);
    expect(score("")).toBe(0);
    expect(score("password")).toBe(0); // the commonest passwords are found in the dictionary
    expect(score("qwertyuiop")).toBeLessThanOrEqual(1); // a keyboard row
    expect(score("correct horse battery staple orbit 42")).toBe(4);
  });
});
